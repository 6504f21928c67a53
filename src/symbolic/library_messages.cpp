#include "adyn/symbolic/library_messages.hpp"

#include <cctype>
#include <new>
#include <string_view>
#include <utility>

namespace adyn::sym {
namespace {

// "ns::function(): " or "function(): " at the start of a GiNaC message: its length and the
// function's name ("power::eval", "tan_eval").
std::pair<std::size_t, std::string> function_prefix(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == ':')) ++i;
  if (i == 0 || s.substr(i, 4) != "(): ") return {0, ""};
  return {i + 4, std::string(s.substr(0, i))};
}

// The function a GiNaC pole_error is about: "tan_eval" → "tan", "atan" → "atan"; none for a
// class's method ("power::eval").
std::string function_of(const std::string& name) {
  if (name.find(':') != std::string::npos) return "";
  return name.substr(0, name.find("_eval"));
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

std::string library_message(const std::string& message) {
  std::string s = message.substr(0, message.find('\n'));
  if (const auto at = s.find("parse error at line "); at != std::string::npos)  // GiNaC's parser
    if (const auto colon = s.find(": ", at); colon != std::string::npos) s = s.substr(colon + 2);
  const auto [length, function] = function_prefix(s);
  s = s.substr(length);
  // CLN's floating-point exceptions, and GiNaC's own words.
  if (s == "floating point overflow.") return "a number beyond the range of floating-point numbers (overflow)";
  if (s == "floating point underflow.") return "a number too close to 0 for floating-point numbers (underflow)";
  if (s == "floating point NaN occurred.") return "a value that is not a number (NaN)";
  if (ends_with(s, "division by zero") || s == "division by zero.") return "division by zero";
  if (s == "pow(0,0) is undefined") return "0^0 is undefined";
  if (s == "pow(0,I) is undefined") return "0^I is undefined";
  if (s == "log(0)") return "log(0) is undefined (a logarithmic pole)";
  if (ends_with(s, "pole") && !function_of(function).empty()) return function_of(function) + " has a " + s + " here";
  if (s == "std::bad_alloc") return "out of memory";
  return s;
}

std::string library_message(const std::exception& error) {
  if (dynamic_cast<const std::bad_alloc*>(&error)) return "out of memory";
  return library_message(std::string(error.what()));
}

}  // namespace adyn::sym
