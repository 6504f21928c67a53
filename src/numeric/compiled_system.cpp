// A model and its equations compiled once (compiled_system.hpp).
#include "adyn/numeric/compiled_system.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>

#include "adyn/error.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "simulation_monitors.hpp"

namespace adyn::numeric {
namespace {

std::atomic<long> built{0};  // CompiledSystem::count

std::vector<std::string> names_of(const std::vector<GiNaC::symbol>& symbols) {
  std::vector<std::string> names;
  for (const auto& s : symbols) names.push_back(s.get_name());
  return names;
}

// The system whose constraints the equations keep.
model::System rows_kept(const model::System& system, const formulations::EquationsOfMotion& eom) {
  model::System kept = system;
  for (const auto& name : eom.dropped_constraints) kept.remove_constraint(name);
  return kept;
}

// The evaluator, and which forward dynamics it evaluates and why in `choice`.
EquationsEvaluator compile_equations(const model::System& system, const formulations::EquationsOfMotion& eom,
                                     const CompileOptions& options, std::string& choice) {
  formulations::EvaluatorChoice chosen;
  if (options.articulated_body) chosen = formulations::choose_evaluator(system, eom);
  choice = options.articulated_body ? chosen.describe() : formulations::mass_matrix_asked();
  const auto* articulated = chosen.dynamics ? &*chosen.dynamics : nullptr;
  return EquationsEvaluator::for_parameters(eom, system.parameter_values(), options.backend, articulated);
}

}  // namespace

CompiledSystem::CompiledSystem(const model::System& system, const formulations::EquationsOfMotion& eom,
                               const CompileOptions& options)
    : CompiledSystem(eom.dropped_constraints.empty() ? system : rows_kept(system, eom), eom, options, 0) {}

CompiledSystem::CompiledSystem(const model::System& kept, const formulations::EquationsOfMotion& eom,
                               const CompileOptions& options, int)
    : options_(options),
      enforcement_(eom.enforcement),
      constraint_count_(kept.constraints().size()),
      evaluator_(compile_equations(kept, eom, options, evaluator_choice_)),
      outputs_(kept, eom),
      kept_(kept),
      eom_(eom) {
  auto parameters = parameter_inputs(kept.parameter_values());
  names_ = {.method = eom.method,
            .coordinates = names_of(eom.coordinates),
            .speeds = names_of(eom.speeds),
            .multipliers = eom.multiplier_names,
            .constraints = eom.constraint_names,
            .dropped_constraints = eom.dropped_constraints,
            .parameters = names_of(parameters.symbols),
            .inputs = {},
            .outputs = outputs_.names(),
            .dropped_note = formulations::dropped_note(eom)};
  for (const auto& input : kept.inputs()) names_.inputs.push_back(input.symbol.get_name());
  parameter_values_ = std::move(parameters.values);
  ++built;
}

long CompiledSystem::count() { return built; }

const Monitors& CompiledSystem::monitors() const {
  std::call_once(monitors_made_, [this] { monitors_ = std::make_unique<const Monitors>(build_monitors(kept_, eom_)); });
  return *monitors_;
}

const RigidBodyCalls& CompiledSystem::rigid_body() const {
  std::call_once(rigid_body_made_, [this] {
    rigid_body_ = std::make_unique<const RigidBodyCalls>(kept_, eom_, parameter_inputs(kept_.parameter_values()).symbols,
                                                         options_.backend);
  });
  return *rigid_body_;
}

CompiledSystem::~CompiledSystem() = default;

std::vector<double> CompiledSystem::parameter_values(const std::vector<std::pair<std::string, double>>& given) const {
  auto values = parameter_values_;
  const auto& names = names_.parameters;
  for (const auto& [name, value] : given) {
    const auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end()) throw ModelError("parameter '" + name + "'", "no such parameter in the compiled system");
    if (!std::isfinite(value)) throw ModelError("parameter '" + name + "'", "its value is not a finite number");
    values[static_cast<std::size_t>(at - names.begin())] = value;
  }
  return values;
}

}  // namespace adyn::numeric
