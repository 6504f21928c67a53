// initial:, operating_point: and simulation: (docs/model-format.md, "Initial conditions and
// simulation settings").
#include <algorithm>

#include "adyn/formulations/methods.hpp"
#include "adyn/numeric/integrator_registry.hpp"
#include "sections.hpp"

namespace adyn::io {
namespace {

// The names a state may be given by: the coordinates (and their rates q_d), the speeds.
std::vector<std::string> state_names(const model::System& system, bool with_rates) {
  std::vector<std::string> names;
  for (const auto& q : system.coordinates()) {
    names.push_back(q.get_name());
    if (with_rates) names.push_back(q.get_name() + "_d");
  }
  for (const auto& u : system.speeds()) names.push_back(u.get_name());
  return names;
}

}  // namespace

InitialStatePositions read_initial(ModelValues& in, const Fields& top, SimulationSetup& setup) {
  InitialStatePositions positions{in.yaml.source()};
  if (!top.has("initial")) return positions;
  const std::string object = "initial conditions";
  const auto allowed = state_names(in.system, false);
  positions.section = position_of(top.key("initial"));
  for (const auto& e : in.yaml.entries(top["initial"], object, "a mapping name: value")) {
    const std::string item = "initial condition '" + e.name + "'";
    if (std::find(allowed.begin(), allowed.end(), e.name) == allowed.end())
      in.yaml.fail(e.key, item, "is not a coordinate or a speed of the model" + hint(e.name, allowed));
    setup.initial[e.name] = in.constant(e.value, item);
    if (const auto written = in.expression(e.value, item); !GiNaC::is_a<GiNaC::numeric>(written))
      setup.initial_in_parameters[e.name] = written;
    positions.values[e.name] = position_of(e.key);
  }
  return positions;
}

void read_operating_point(const ModelValues& in, const YAML::Node& section, SimulationSetup& setup) {
  const std::string object = "operating point";
  const auto allowed = state_names(in.system, true);
  for (const auto& e : in.yaml.entries(section, object, "a mapping name: expression")) {
    const std::string item = "operating point '" + e.name + "'";
    if (std::find(allowed.begin(), allowed.end(), e.name) == allowed.end())
      in.yaml.fail(e.key, item, "is not a coordinate, rate or speed of the model" + hint(e.name, allowed));
    setup.operating_point[e.name] = in.expression(e.value, item);
  }
}

void read_simulation(const ModelValues& in, const YAML::Node& section, SimulationSetup& setup) {
  const auto& yaml = in.yaml;
  const std::string object = "simulation settings";
  auto f = yaml.fields(section, object,
                       {"t_end", "output_step", "rtol", "atol", "method", "integrator", "projection", "baumgarte", "step"});
  for (auto [key, out] : {std::pair{"t_end", &setup.t_end},
                          {"output_step", &setup.output_step},
                          {"rtol", &setup.rtol},
                          {"atol", &setup.atol},
                          {"baumgarte", &setup.baumgarte},
                          {"step", &setup.step}}) {
    if (!f.has(key)) continue;
    *out = yaml.number(f[key], object);
    if (!(**out > 0))
      yaml.fail(f[key], object, std::string(key) + " must be positive, got " + in_quotes(f[key].Scalar()));
  }
  if (f.has("method")) setup.method = in.one_of(f["method"], object, "method", formulations::method_names());
  if (f.has("integrator"))
    setup.integrator = in.one_of(f["integrator"], object, "integrator", numeric::integrator_names());
  if (f.has("projection")) setup.projection = yaml.boolean(f["projection"], object);
}

}  // namespace adyn::io
