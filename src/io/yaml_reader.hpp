#pragma once
// YAML access with positioned errors for the model-file reader (private to src/io): every
// failure is an adyn::ModelFileError naming the file, line, column and model object.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "adyn/control_characters.hpp"
#include "adyn/error.hpp"
#include "adyn/io/expression_parser.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/io/suggestions.hpp"

namespace adyn::io {

// ---- positions and messages -----------------------------------------------------------------

inline SourcePosition position_of(const YAML::Mark& mark) {
  if (mark.is_null()) return {};
  return {mark.line + 1, mark.column + 1};
}

// Where a node starts in the file; 1:1 for a node that was not parsed from it.
inline SourcePosition position_of(const YAML::Node& node) {
  if (!node.IsDefined()) return {};
  return position_of(node.Mark());
}

// What a node is, for "expected X, got Y".
inline std::string describe(const YAML::Node& node) {
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a mapping";
  if (node.IsScalar()) return in_quotes(node.Scalar());
  return "nothing";
}

// ---- YAML access with positioned errors -----------------------------------------------------

struct Entry {
  std::string name;
  YAML::Node key, value;
};

// The entries of a mapping whose keys were checked against those the format allows.
class Fields {
 public:
  Fields(YAML::Node map, std::vector<Entry> entries) : map_(std::move(map)), entries_(std::move(entries)) {}
  bool has(std::string_view key) const { return find(key) != nullptr; }
  const YAML::Node& operator[](std::string_view key) const { return entry(key).value; }
  const YAML::Node& key(std::string_view key) const { return entry(key).key; }
  const YAML::Node& node() const { return map_; }

 private:
  const Entry* find(std::string_view key) const {
    for (const auto& e : entries_)
      if (e.name == key) return &e;
    return nullptr;
  }
  const Entry& entry(std::string_view key) const {
    if (const Entry* e = find(key)) return *e;
    throw std::logic_error("model reader: field '" + std::string(key) + "' read without checking it is present");
  }

  YAML::Node map_;
  std::vector<Entry> entries_;
};

// Positioned access to the YAML of one source: a value the model file's sections share
// (model_values.hpp), not a base class.
class YamlReader {
 public:
  explicit YamlReader(std::string source) : source_(std::move(source)) {}

  const std::string& source() const { return source_; }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& object, const std::string& problem) const {
    const SourcePosition p = position_of(node);
    throw ModelFileError(source_, p.line, p.column, object, problem);
  }

  // The entries of a mapping from names to values (parameters, initial conditions, vectors):
  // scalar keys, each once.
  std::vector<Entry> entries(const YAML::Node& node, const std::string& object, const std::string& expected) const {
    if (!node.IsMap()) fail(node, object, "expected " + expected + ", got " + describe(node));
    std::vector<Entry> out;
    std::set<std::string> seen;
    for (const auto& kv : node) {
      if (!kv.first.IsScalar()) fail(kv.first, object, "a key must be a name, got " + describe(kv.first));
      Entry e{kv.first.Scalar(), kv.first, kv.second};
      if (!seen.insert(e.name).second) fail(e.key, object, "the key " + in_quotes(e.name) + " appears twice");
      out.push_back(std::move(e));
    }
    return out;
  }

  // The fields of a mapping with fixed keys: an unknown key (with a suggestion), a repeated key
  // or a key without a value is an error.
  Fields fields(const YAML::Node& node, const std::string& object, const std::vector<std::string>& allowed) const {
    auto list = entries(node, object, "a mapping with keys " + join(allowed));
    for (const auto& e : list) {
      if (std::find(allowed.begin(), allowed.end(), e.name) == allowed.end())
        fail(e.key, object, "unknown key " + in_quotes(e.name) + hint(e.name, allowed));
      if (e.value.IsNull()) fail(e.key, object, "'" + e.name + "' has no value");
    }
    return Fields(node, std::move(list));
  }

  void require(const Fields& f, const std::string& object, std::initializer_list<const char*> keys) const {
    for (const char* k : keys)
      if (!f.has(k)) fail(f.node(), object, std::string("needs '") + k + "'");
  }

  std::string text(const YAML::Node& node, const std::string& object, const std::string& what) const {
    if (!node.IsScalar()) fail(node, object, "expected " + what + ", got " + describe(node));
    return node.Scalar();
  }

  // Display text — a name, a unit, LaTeX — on one line: no control character, not even the line
  // breaks and tabs an expression may hold (written over several lines). It is shown in messages
  // and listings and handed on to gnuplot and the viewer, where a line break starts a command. No
  // invisible character either (control_characters.hpp): a bidirectional control or a zero-width
  // space makes one name look like another.
  std::string line_text(const YAML::Node& node, const std::string& object, const std::string& what) const {
    std::string s = text(node, object, what);
    if (has_control_character(s))
      fail(node, object,
           what + " is one line without control characters, got " + in_quotes(escaped_control_characters(s)));
    if (const CodePoint c = first_invisible_character(s); c.length)
      fail(node, object,
           what + " holds " + code_point_name(c.code) + ", " + invisible_kind(c.code) +
               " (it shows the text other than it is: one name can look like another), got " +
               in_quotes(escaped_control_characters(s)));
    return s;
  }

  static std::string invisible_kind(char32_t c) {
    const bool bidirectional = c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
                               (c >= 0x2066 && c <= 0x2069);
    return bidirectional ? "a bidirectional control that reorders the characters shown" : "an invisible character";
  }

  // A finite number.
  double number(const YAML::Node& node, const std::string& object) const {
    const std::string s = text(node, object, "a number");
    double value = 0;
    if (!YAML::convert<double>::decode(node, value) || !std::isfinite(value))
      fail(node, object, "expected a finite number, got " + in_quotes(s));
    return value;
  }

  bool boolean(const YAML::Node& node, const std::string& object) const {
    const std::string s = text(node, object, "true or false");
    bool value = false;
    if (!YAML::convert<bool>::decode(node, value)) fail(node, object, "expected true or false, got " + in_quotes(s));
    return value;
  }

  const YAML::Node& list(const YAML::Node& node, const std::string& object, const std::string& what) const {
    if (!node.IsSequence()) fail(node, object, "expected a list of " + what + ", got " + describe(node));
    return node;
  }

  // Runs f, turning any error but a ModelFileError into a ModelFileError at `node`: the model
  // layer's ModelError keeps its object's name, a library's exception (GiNaC, CLN, yaml-cpp)
  // its message.
  template <class F>
  auto guarded(const YAML::Node& node, const std::string& object, F f) const -> decltype(f()) {
    try {
      return f();
    } catch (const ModelFileError&) {
      throw;
    } catch (const ModelError& e) {
      if (e.object() == object) fail(node, object, std::string(e.what()).substr(object.size() + 2));
      fail(node, object, e.what());
    } catch (const YAML::Exception& e) {
      fail(node, object, e.msg);
    } catch (const std::exception& e) {
      fail(node, object, first_line(e.what()));
    }
  }

  static std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
  }

 private:
  std::string source_;
};

// The one document of a model file. Documents are counted up to two with yaml-cpp's event parser,
// not with YAML::LoadAll: on a stray ',' outside brackets yaml-cpp 0.7 returns an empty document
// without consuming the comma, forever (found by fuzzing), which shows here as a second document
// starting where the first did.
YAML::Node parse_yaml(const std::string& text, const std::string& source);

}  // namespace adyn::io
