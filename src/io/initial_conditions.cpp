#include "initial_conditions.hpp"

#include <optional>

#include "adyn/analysis/initial_state.hpp"

namespace adyn::io {
namespace {

const std::string object = "initial conditions";

std::optional<analysis::InitialState> completed(const YamlReader& yaml, const model::System& system,
                                                const SimulationSetup& setup, const InitialStateNodes& nodes) {
  const bool given = nodes.given;
  try {
    return analysis::complete_initial_state(system, setup.initial);
  } catch (const EvaluationError&) {
    return std::nullopt;  // the constraints need parameter values: a run reports it
  } catch (const analysis::InitialStateError& e) {
    if (!given) return std::nullopt;
    auto at = e.given().empty() ? nodes.values.end() : nodes.values.find(e.given().front());
    yaml.fail(at == nodes.values.end() ? nodes.section : at->second, object,
              std::string(e.what()).substr(e.object().size() + 2));
  } catch (const ModelError& e) {
    if (!given) return std::nullopt;
    yaml.fail(nodes.section, object, std::string("cannot be completed to satisfy the constraints: ") + e.what());
  } catch (const std::exception& e) {
    if (!given) return std::nullopt;
    yaml.fail(nodes.section, object, "cannot be completed to satisfy the constraints: " + first_line(e.what()));
  }
}

}  // namespace

std::map<std::string, double> parameter_map(const model::System& system) {
  std::map<std::string, double> values;
  for (const auto& p : system.parameters())
    if (p.value) values[p.symbol.get_name()] = *p.value;
  return values;
}

std::optional<CompletedInitialState> check_initial_state(const YamlReader& yaml, const model::System& system,
                                                         const SimulationSetup& setup, const InitialStateNodes& nodes) {
  auto x = completed(yaml, system, setup, nodes);
  if (!x) return std::nullopt;
  try {
    analysis::check_rotations(system, x->state, "the initial state");
  } catch (const ModelError& e) {
    auto at = nodes.orientations.find(e.object());
    if (at == nodes.orientations.end()) throw;
    yaml.fail(at->second, e.object(), std::string(e.what()).substr(e.object().size() + 2));
  }
  return CompletedInitialState{setup.initial, parameter_map(system), std::move(*x)};
}

}  // namespace adyn::io
