// The symbols of a model file: parameters, inputs, coordinates, speeds and the coordinates' rates
// in the speeds (docs/model-format.md, "Top level", "Inputs").
#include <algorithm>

#include "sections.hpp"

namespace adyn::io {
namespace {

// parameters: or inputs: {name: value} or {name: {value, unit, latex}}; an input's value is 0
// unless given.
void read_parameters(ModelValues& in, const YAML::Node& node, const std::string& kind) {
  const auto& yaml = in.yaml;
  for (const auto& e : yaml.entries(node, kind + "s", "a mapping name: value or name: {value, unit, latex}")) {
    std::string object = kind + " '" + e.name + "'";
    std::optional<double> value;
    std::string unit, latex;
    if (e.value.IsMap()) {
      auto f = yaml.fields(e.value, object, {"value", "unit", "latex"});
      if (f.has("value")) value = yaml.number(f["value"], object);
      if (f.has("unit")) unit = yaml.line_text(f["unit"], object, "a unit");
      if (f.has("latex")) latex = yaml.line_text(f["latex"], object, "LaTeX text");
    } else if (!e.value.IsNull()) {
      value = yaml.number(e.value, object);
    }
    in.claim_symbol(e.key, kind, e.name);
    yaml.guarded(e.key, object, [&] {
      if (kind == "input")
        in.system.add_input(e.name, value.value_or(0.0), unit, latex);
      else
        in.system.add_parameter(e.name, value, unit, latex);
    });
  }
}

// coordinates: or speeds: [name or {name, latex, unit}]
void read_names(ModelValues& in, const YAML::Node& node, const std::string& kind) {
  const auto& yaml = in.yaml;
  for (const auto& item : yaml.list(node, kind + "s", "names")) {
    std::string name, latex, unit;
    YAML::Node at = item;
    if (item.IsMap()) {
      auto f = yaml.fields(item, kind, {"name", "latex", "unit"});
      yaml.require(f, kind, {"name"});
      at = f["name"];
      name = yaml.line_text(at, kind, "a name");
      if (f.has("latex")) latex = yaml.line_text(f["latex"], kind + " '" + name + "'", "LaTeX text");
      if (f.has("unit")) unit = yaml.line_text(f["unit"], kind + " '" + name + "'", "a unit");
    } else {
      name = yaml.line_text(item, kind, "a name or {name, latex, unit}");
    }
    in.claim_symbol(at, kind, name);
    yaml.guarded(at, kind + " '" + name + "'", [&] {
      const auto s = kind == "coordinate" ? in.system.add_coordinate(name, latex) : in.system.add_speed(name, latex);
      if (!unit.empty()) in.system.set_unit(s, unit);
    });
  }
}

// coordinate_rates: {q: rate in the speeds}, only with declared speeds.
void read_coordinate_rates(ModelValues& in, const Fields& top) {
  const auto& yaml = in.yaml;
  if (!top.has("speeds"))
    yaml.fail(top.key("coordinate_rates"), "coordinate_rates",
              "only with declared speeds (without them q_d are the speeds)");
  std::vector<std::string> names;
  for (const auto& c : in.system.coordinates()) names.push_back(c.get_name());
  for (const auto& e :
       yaml.entries(top["coordinate_rates"], "coordinate_rates", "a mapping coordinate: rate in speeds")) {
    std::string object = "coordinate '" + e.name + "'";
    auto it = std::find(names.begin(), names.end(), e.name);
    if (it == names.end()) yaml.fail(e.key, object, "not a declared coordinate" + hint(e.name, names));
    auto rate = in.expression(e.value, object);
    const auto& q = in.system.coordinates()[static_cast<std::size_t>(it - names.begin())];
    yaml.guarded(e.value, object, [&] { in.system.set_coordinate_rate(q, rate); });
  }
}

void check_kinematic_equations(const ModelValues& in, const Fields& top) {
  if (!top.has("speeds")) return;
  const auto& at = top.has("coordinate_rates") ? top["coordinate_rates"] : top.key("speeds");
  in.yaml.guarded(at, top.has("coordinate_rates") ? "coordinate_rates" : "speeds",
                  [&] { in.system.check_kinematic_equations(); });
}

}  // namespace

void read_symbols(ModelValues& in, const Fields& top) {
  if (top.has("parameters")) read_parameters(in, top["parameters"], "parameter");
  if (top.has("inputs")) read_parameters(in, top["inputs"], "input");
  if (top.has("coordinates")) read_names(in, top["coordinates"], "coordinate");
  if (top.has("speeds")) read_names(in, top["speeds"], "speed");
  if (top.has("coordinate_rates")) read_coordinate_rates(in, top);
  check_kinematic_equations(in, top);
}

}  // namespace adyn::io
