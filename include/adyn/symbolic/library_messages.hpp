#pragma once
// The messages of GiNaC's and CLN's exceptions in the words of the arithmetic the user wrote:
// "division by zero", "tan has a pole here", "0^0 is undefined", without the library's class and
// function names ("power::eval(): ", "tan_eval(): ") or its punctuation ("floating point
// overflow."). Callers put them after what was being computed and for which model object.
#include <exception>
#include <string>

namespace adyn::sym {

/// The first line of a GiNaC, CLN or standard-library message, worded for the user.
std::string library_message(const std::string& message);
std::string library_message(const std::exception& error);

}  // namespace adyn::sym
