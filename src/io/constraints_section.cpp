// constraints: and dependent_speeds: (docs/model-format.md, "Constraints", "Dependent speeds").
#include <algorithm>

#include "adyn/symbolic/dynamic_symbols.hpp"
#include "geometric_constraints.hpp"
#include "sections.hpp"

namespace adyn::io {
namespace {

bool is_speed(const model::System& system, const GiNaC::ex& s) {
  const auto speeds = system.speeds();
  return std::any_of(speeds.begin(), speeds.end(), [&](const GiNaC::symbol& u) { return s.is_equal(u); });
}

// A constraint must involve the motion: a coordinate (holonomic) or a rate (the others).
void check_references(const ModelValues& in, const YAML::Node& node, const std::string& object,
                      const model::Constraint& c) {
  const bool holonomic = c.level == model::ConstraintLevel::Configuration;
  for (const auto& s : sym::free_symbols(c.expression))
    if (sym::is_dynamic(s) && (holonomic || sym::derivative_order(s) > 0 || is_speed(in.system, s))) return;
  in.yaml.fail(node, object,
               std::string("references no ") + (holonomic ? "coordinate" : "rate q_d or speed") +
                   ": it constrains nothing" + (holonomic ? "" : " (a constraint on q alone is holonomic)"));
}

// {name, holonomic|velocity|general: expr, nonideal_force: [..], friction: mu}, or a geometric
// constraint: {name, rolling | coincident | on_plane | on_line | aligned: {...}}.
void read_constraint(ModelValues& in, const YAML::Node& node) {
  const auto& yaml = in.yaml;
  std::string name, object;
  auto f = in.named(node, "constraint",
                    {"name", "holonomic", "velocity", "general", "nonideal_force", "friction", "rolling", "coincident",
                     "on_plane", "on_line", "aligned"},
                    name, object);
  in.claim("constraint", name, f["name"], object);
  const std::vector<std::pair<std::string, model::ConstraintLevel>> levels = {
      {"holonomic", model::ConstraintLevel::Configuration},
      {"velocity", model::ConstraintLevel::Velocity},
      {"general", model::ConstraintLevel::General}};
  std::optional<model::Constraint> c;
  std::string key;
  for (const auto& k : {"holonomic", "velocity", "general", "rolling", "coincident", "on_plane", "on_line", "aligned"})
    if (f.has(k)) {
      if (!key.empty())
        yaml.fail(f.key(k), object, "has both '" + key + "' and '" + k + "': give exactly one kind of constraint");
      key = k;
    }
  if (key.empty())
    yaml.fail(f.node(), object,
              "needs one of holonomic: phi(q,t), velocity: A q_d + a_t, general: f(q, q_d, t), or a geometric "
              "constraint (rolling, coincident, on_plane, on_line, aligned)");
  for (const auto& [k, level] : levels)
    if (key == k) c = model::Constraint{name, level, in.expression(f[k], object), {}};
  if (!c) {
    for (const auto& extra : {"nonideal_force", "friction"})
      if (f.has(extra))
        yaml.fail(f.key(extra), object, std::string("'") + extra + "' is for constraints written as expressions");
    yaml.guarded(f[key], object, [&] { read_geometric_constraint(in, name, key, f[key], object); });
    return;
  }
  check_references(in, f[key], object, *c);
  if (f.has("nonideal_force"))
    c->nonideal_force =
        in.expressions(f["nonideal_force"], object, in.system.coordinates().size(), "forces (one per coordinate)");
  if (f.has("friction")) {
    c->friction_coefficient = in.expression(f["friction"], object);
    if (auto mu = in.value_of(f["friction"], c->friction_coefficient, object); mu && *mu < 0)
      yaml.fail(f["friction"], object,
                "the friction coefficient must be 0 or positive, got " + in_quotes(f["friction"].Scalar()));
  }
  yaml.guarded(f[key], object, [&] { in.system.add_constraint(*c); });
}

// dependent_speeds: [names]: speeds (or rates q_d when no speeds are declared) to eliminate.
void read_dependent_speeds(const ModelValues& in, const YAML::Node& node) {
  const std::string object = "dependent_speeds";
  const auto names = in.yaml.list(node, object, "speed names");
  std::vector<GiNaC::symbol> chosen;
  const auto& table = in.system.symbol_table();
  for (const auto& item : names) {
    const auto name = in.yaml.text(item, object, "a speed name");
    auto it = table.find(name);
    if (it == table.end()) in.yaml.fail(item, object, "no speed '" + name + "' is defined");
    chosen.push_back(GiNaC::ex_to<GiNaC::symbol>(it->second));
  }
  in.yaml.guarded(node, object, [&] { in.system.set_dependent_speeds(chosen); });
}

}  // namespace

void read_constraints(ModelValues& in, const Fields& top) {
  in.each(top, "constraints", "constraint", [&](const YAML::Node& item) { read_constraint(in, item); });
  if (top.has("dependent_speeds")) read_dependent_speeds(in, top["dependent_speeds"]);
}

}  // namespace adyn::io
