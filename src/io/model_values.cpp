#include "model_values.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/model/inertia.hpp"

#include "look_alike_names.hpp"

namespace adyn::io {
namespace {

// Reports at `node` that no item of `items` is called `name`, with a suggestion.
template <class Items>
[[noreturn]] void unknown(const YamlReader& yaml, const Items& items, const std::string& kind, const std::string& name,
                          const YAML::Node& node, const std::string& object) {
  std::vector<std::string> names;
  for (const auto& item : items) names.push_back(item.name());
  yaml.fail(node, object, "no " + kind + " '" + name + "' is defined" + hint(name, names));
}

}  // namespace

ModelValues::ModelValues(std::string source, model::System& built) : yaml(std::move(source)), system(built) {
  define("frame", system.inertial_frame().name(), "the inertial frame");
  define("point", system.origin().name(), "the origin");
}

// ---- names ----

void ModelValues::define(const std::string& space, const std::string& name, const std::string& where) {
  defined_[space + ":" + skeleton(name)] = {name, where};
}

void ModelValues::claim(const std::string& space, const std::string& name, const YAML::Node& node,
                        const std::string& object) {
  auto it = defined_.find(space + ":" + skeleton(name));
  if (it != defined_.end() && it->second.name == name)
    yaml.fail(node, object, "the name " + in_quotes(name) + " is already used by " + it->second.where);
  if (it != defined_.end())
    yaml.fail(node, object,
              "the name " + in_quotes(name) + " looks like " + in_quotes(it->second.name) + ", the name of " +
                  it->second.where + ": " + look_alike_difference(name, it->second.name) +
                  "; give them names that look different");
  const SourcePosition p = position_of(node);
  define(space, name, object + " (line " + std::to_string(p.line) + ")");
}

void ModelValues::claim_symbol(const YAML::Node& node, const std::string& kind, const std::string& name) {
  const std::string object = kind + " '" + name + "'";
  if (!is_identifier(name))
    yaml.fail(node, object, "not a valid name for use in expressions (letters, digits and _, starting with a letter)");
  if (reserved_name(name))
    yaml.fail(node, object, "the name is reserved (time t, a constant or a function in expressions)");
  claim("symbol", name, node, object);
  if (kind == "parameter" || kind == "input") return;
  for (const char* suffix : {"_d", "_dd"}) claim("symbol", name + suffix, node, object);
}

Fields ModelValues::named(const YAML::Node& node, const std::string& kind, const std::vector<std::string>& allowed,
                          std::string& name, std::string& object) const {
  if (!node.IsMap()) yaml.fail(node, kind, "expected a mapping {name: ..., ...}, got " + describe(node));
  const YAML::Node given = node["name"];  // looked up first, so that every message names the object
  object = given.IsDefined() && given.IsScalar() && !given.Scalar().empty()
               ? kind + " '" + escaped_control_characters(given.Scalar()) + "'"
               : kind;
  auto f = yaml.fields(node, object, allowed);
  yaml.require(f, object, {"name"});
  name = yaml.line_text(f["name"], object, "a name");
  if (name.empty()) yaml.fail(f["name"], object, "the name is empty");
  return f;
}

// ---- values ----

GiNaC::ex ModelValues::expression(const YAML::Node& node, const std::string& object, const GiNaC::symtab& extra) const {
  const std::string s = yaml.text(node, object, "an expression");
  return yaml.guarded(node, object, [&] { return parse_scalar(system, s, object, extra); });
}

std::vector<GiNaC::ex> ModelValues::expressions(const YAML::Node& node, const std::string& object, std::size_t n,
                                                const std::string& what) const {
  if (!node.IsSequence() || node.size() != n)
    yaml.fail(node, object,
              "expected a list of " + std::to_string(n) + " " + what + ", got " +
                  (node.IsSequence() ? "a list of " + std::to_string(node.size()) : describe(node)));
  std::vector<ex> out;
  for (const auto& item : node) out.push_back(expression(item, object));
  return out;
}

std::optional<double> ModelValues::value_of(const YAML::Node& node, const ex& e, const std::string& object) const {
  ex v = yaml.guarded(node, object, [&] { return e.subs(system.parameter_values()).evalf(); });
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real()) return std::nullopt;
  double d = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
  if (!std::isfinite(d)) yaml.fail(node, object, "the value of " + in_quotes(node.Scalar()) + " is not finite");
  return d;
}

double ModelValues::constant(const YAML::Node& node, const std::string& object) const {
  auto v = value_of(node, expression(node, object), object);
  if (!v) yaml.fail(node, object, "must evaluate to a real number (parameters need values)");
  return *v;
}

GiNaC::ex ModelValues::mass(const Fields& f, const std::string& object) const {
  auto m = expression(f["mass"], object);
  yaml.guarded(f["mass"], object, [&] { model::check_mass(object, m.subs(system.parameter_values())); });
  return m;
}

std::string ModelValues::one_of(const YAML::Node& node, const std::string& object, const std::string& what,
                                const std::vector<std::string>& allowed) const {
  auto s = yaml.text(node, object, "a name");
  if (std::find(allowed.begin(), allowed.end(), s) == allowed.end())
    yaml.fail(node, object, "unknown " + what + " " + in_quotes(s) + hint(s, allowed));
  return s;
}

GiNaC::matrix ModelValues::matrix3(const YAML::Node& node, const std::string& object, const std::string& what) const {
  if (!node.IsSequence() || node.size() != 3)
    yaml.fail(node, object,
              what + " must be a 3x3 matrix: a list of three rows, got " +
                  (node.IsSequence() ? std::to_string(node.size()) + " rows" : describe(node)));
  GiNaC::matrix m(3, 3);
  for (unsigned i = 0; i < 3; ++i) {
    auto row = expressions(node[i], object, 3, "entries in each row of " + what);
    for (unsigned j = 0; j < 3; ++j) m(i, j) = row[j];
  }
  return m;
}

GiNaC::matrix ModelValues::axis(const YAML::Node& node, const std::string& object) const {
  if (node.IsScalar()) {
    const auto& a = node.Scalar();
    const bool negative = !a.empty() && a[0] == '-';
    const std::string name = negative ? a.substr(1) : a;
    const int i = name == "x" ? 0 : name == "y" ? 1 : name == "z" ? 2 : -1;
    if (i < 0)
      yaml.fail(node, object, "axis must be x, y, z, -x, -y, -z or a list of three components, got " + in_quotes(a));
    GiNaC::matrix e(3, 1);
    e(static_cast<unsigned>(i), 0) = negative ? -1 : 1;
    return e;
  }
  const auto c = expressions(node, object, 3, "axis components");
  return GiNaC::matrix(3, 1, GiNaC::lst{c[0], c[1], c[2]});
}

kin::ReferenceFrame ModelValues::frame_named(const YAML::Node& node, const std::string& object) const {
  return frame_called(yaml.text(node, object, "a frame name"), node, object);
}

kin::ReferenceFrame ModelValues::frame_called(const std::string& name, const YAML::Node& node,
                                              const std::string& object) const {
  if (auto f = system.find_frame(name)) return *f;
  unknown(yaml, system.frames(), "frame", name, node, object);
}

kin::Point ModelValues::point_named(const YAML::Node& node, const std::string& object) const {
  const std::string name = yaml.text(node, object, "a point name");
  if (auto p = system.find_point(name)) return *p;
  unknown(yaml, system.points(), "point", name, node, object);
}

kin::Vector ModelValues::vector(const YAML::Node& node, const std::string& object) const {
  kin::Vector v;
  for (const auto& e : yaml.entries(node, object, "a vector {FRAME: [c1, c2, c3], ...}")) {
    auto frame = frame_named(e.key, object);
    auto c = expressions(e.value, object, 3, "components");
    yaml.guarded(e.value, object, [&] { v += kin::Vector(frame, c[0], c[1], c[2]); });
  }
  return v;
}

}  // namespace adyn::io
