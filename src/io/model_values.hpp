#pragma once
// The model-aware part of the model-file reader (private to src/io): the names it has claimed and
// the values it reads — expressions, constants, 3x3 matrices, frames, points and vectors — each
// failure positioned in the file and naming the model object.
#include <ginac/ginac.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adyn/io/expression_parser.hpp"
#include "adyn/io/look_alike_names.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/system.hpp"
#include "yaml_reader.hpp"

namespace adyn::io {

// Where a name was defined, for "already defined" messages.
struct Definition {
  std::string name, where;
};

class ModelValues : public YamlReader {
 public:
  ModelValues(std::string source, model::System& system) : YamlReader(std::move(source)), system_(system) {
    define("frame", system.inertial_frame().name(), "the inertial frame");
    define("point", system.origin().name(), "the origin");
  }

 protected:
  using ex = GiNaC::ex;

  // ---- names ----

  void define(const std::string& space, const std::string& name, const std::string& where) {
    defined_[space + ":" + skeleton(name)] = {name, where};
  }

  // Claims `name` in a namespace (symbols, frames, points, masses, loads, constraints, events,
  // shapes), failing at `node` when it is taken or when a name of the namespace looks like it
  // (look_alike_names.hpp).
  void claim(const std::string& space, const std::string& name, const YAML::Node& node, const std::string& object) {
    auto it = defined_.find(space + ":" + skeleton(name));
    if (it != defined_.end() && it->second.name == name)
      fail(node, object, "the name " + in_quotes(name) + " is already used by " + it->second.where);
    if (it != defined_.end())
      fail(node, object,
           "the name " + in_quotes(name) + " looks like " + in_quotes(it->second.name) + ", the name of " +
               it->second.where + ": " + look_alike_difference(name, it->second.name) +
               "; give them names that look different");
    const Position p = position_of(node);
    define(space, name, object + " (line " + std::to_string(p.line) + ")");
  }

  // A symbol usable in expressions: an identifier, not reserved; a coordinate or speed also
  // claims its rates name_d, name_dd.
  void claim_symbol(const YAML::Node& node, const std::string& kind, const std::string& name) {
    const std::string object = kind + " '" + name + "'";
    if (!is_identifier(name))
      fail(node, object, "not a valid name for use in expressions (letters, digits and _, starting with a letter)");
    if (reserved_name(name)) fail(node, object, "the name is reserved (time t, a constant or a function in expressions)");
    claim("symbol", name, node, object);
    if (kind == "parameter" || kind == "input") return;
    for (const char* suffix : {"_d", "_dd"}) claim("symbol", name + suffix, node, object);
  }

  // {name: ..., other fields}: the fields; sets the name and the object "kind 'name'".
  Fields named(const YAML::Node& node, const std::string& kind, const std::vector<std::string>& allowed,
               std::string& name, std::string& object) const {
    if (!node.IsMap()) fail(node, kind, "expected a mapping {name: ..., ...}, got " + describe(node));
    const YAML::Node given = node["name"];  // looked up first, so that every message names the object
    object =
        given.IsDefined() && given.IsScalar() && !given.Scalar().empty()
            ? kind + " '" + escaped_control_characters(given.Scalar()) + "'"
            : kind;
    auto f = fields(node, object, allowed);
    require(f, object, {"name"});
    name = line_text(f["name"], object, "a name");
    if (name.empty()) fail(f["name"], object, "the name is empty");
    return f;
  }

  // ---- values ----

  ex expression(const YAML::Node& node, const std::string& object, const GiNaC::symtab& extra = {}) const {
    const std::string s = text(node, object, "an expression");
    return guarded(node, object, [&] { return parse_scalar(system_, s, object, extra); });
  }

  std::vector<ex> expressions(const YAML::Node& node, const std::string& object, std::size_t n,
                              const std::string& what = "expressions") const {
    if (!node.IsSequence() || node.size() != n)
      fail(node, object,
           "expected a list of " + std::to_string(n) + " " + what + ", got " +
               (node.IsSequence() ? "a list of " + std::to_string(node.size()) : describe(node)));
    std::vector<ex> out;
    for (const auto& item : node) out.push_back(expression(item, object));
    return out;
  }

  // The value of an expression with the parameters' values, if it has one.
  std::optional<double> value_of(const YAML::Node& node, const ex& e, const std::string& object) const {
    ex v = guarded(node, object, [&] { return e.subs(system_.parameter_values()).evalf(); });
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real()) return std::nullopt;
    double d = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
    if (!std::isfinite(d)) fail(node, object, "the value of " + in_quotes(node.Scalar()) + " is not finite");
    return d;
  }

  double constant(const YAML::Node& node, const std::string& object) const {
    auto v = value_of(node, expression(node, object), object);
    if (!v) fail(node, object, "must evaluate to a real number (parameters need values)");
    return *v;
  }

  // A mass, checked with the parameters' values at its node.
  ex mass(const Fields& f, const std::string& object) const {
    auto m = expression(f["mass"], object);
    guarded(f["mass"], object, [&] { model::check_mass(object, m.subs(system_.parameter_values())); });
    return m;
  }

  std::string one_of(const YAML::Node& node, const std::string& object, const std::string& what,
                     const std::vector<std::string>& allowed) const {
    auto s = text(node, object, "a name");
    if (std::find(allowed.begin(), allowed.end(), s) == allowed.end())
      fail(node, object, "unknown " + what + " " + in_quotes(s) + hint(s, allowed));
    return s;
  }

  GiNaC::matrix matrix3(const YAML::Node& node, const std::string& object, const std::string& what) const {
    if (!node.IsSequence() || node.size() != 3)
      fail(node, object,
           what + " must be a 3x3 matrix: a list of three rows, got " +
               (node.IsSequence() ? std::to_string(node.size()) + " rows" : describe(node)));
    GiNaC::matrix m(3, 3);
    for (unsigned i = 0; i < 3; ++i) {
      auto row = expressions(node[i], object, 3, "entries in each row of " + what);
      for (unsigned j = 0; j < 3; ++j) m(i, j) = row[j];
    }
    return m;
  }

  kin::ReferenceFrame frame_named(const YAML::Node& node, const std::string& object) const {
    return frame_called(text(node, object, "a frame name"), node, object);
  }

  // The frame `name`; an unknown name is reported at `node`.
  kin::ReferenceFrame frame_called(const std::string& name, const YAML::Node& node, const std::string& object) const {
    if (auto f = system_.find_frame(name)) return *f;
    unknown(system_.frames(), "frame", name, node, object);
  }

  kin::Point point_named(const YAML::Node& node, const std::string& object) const {
    const std::string name = text(node, object, "a point name");
    if (auto p = system_.find_point(name)) return *p;
    unknown(system_.points(), "point", name, node, object);
  }

  // Reports at `node` that no item of `items` is called `name`, with a suggestion.
  template <class Items>
  [[noreturn]] void unknown(const Items& items, const std::string& kind, const std::string& name, const YAML::Node& node,
                            const std::string& object) const {
    std::vector<std::string> names;
    for (const auto& item : items) names.push_back(item.name());
    fail(node, object, "no " + kind + " '" + name + "' is defined" + hint(name, names));
  }

  // {FRAME: [c1, c2, c3], ...} -> the sum of the components in each frame.
  kin::Vector vector(const YAML::Node& node, const std::string& object) const {
    kin::Vector v;
    for (const auto& e : entries(node, object, "a vector {FRAME: [c1, c2, c3], ...}")) {
      auto frame = frame_named(e.key, object);
      auto c = expressions(e.value, object, 3, "components");
      guarded(e.value, object, [&] { v += kin::Vector(frame, c[0], c[1], c[2]); });
    }
    return v;
  }

  model::System& system_;
  std::map<std::string, Definition> defined_;
};

}  // namespace adyn::io
