// A model and its equations compiled once (compiled_system.hpp).
#include "adyn/numeric/compiled_system.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>

#include "adyn/error.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "setup_cache.hpp"
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

// The method's M u' = F of tree equations' system (formulations::tree_equations), which leave them out.
formulations::EquationsOfMotion mass_matrix_form(const model::System& system, const formulations::EquationsOfMotion& eom) {
  for (const auto& method : formulations::methods())
    if (method.label == eom.method) return formulations::derive(system, std::string(method.key));
  throw Error(eom.method + " equations: no method derives their mass-matrix form M u' = F");
}

// The evaluator, and which forward dynamics it evaluates and why in `choice` (`found`: from the set-up
// cache, the articulated-body algorithm's program or the mass-matrix form's); `eom` derived by its
// method where tree equations cannot be evaluated by the articulated-body algorithm, and its M and F
// replaced by the recursions' where its constraints close a tree. The set-up
// cache's entry of the algorithm is written when the tree was derived, and when its generated C was
// compiled anew.
EquationsEvaluator compile_equations(const model::System& system, formulations::EquationsOfMotion& eom,
                                     const CompileOptions& options, std::string& choice, bool& found) {
  const auto parameters = parameter_inputs(system.parameter_values());
  const auto key = options.articulated_body && eom.tree_dynamics ? setup_key(system, "articulated-body algorithm")
                                                                 : std::nullopt;
  auto entry = key ? find_kept_program(*key) : std::nullopt;
  found = entry && entry->sizes.size() == 3 && entry->sizes[0] == eom.n() && entry->sizes[1] == eom.p() &&
          entry->program.input_count == 1 + eom.n() + eom.p() + parameters.values.size();
  if (found) {
    choice = entry->note;
  } else {
    formulations::EvaluatorChoice chosen;
    if (options.articulated_body) chosen = formulations::choose_evaluator(system, eom);
    choice = options.articulated_body ? chosen.describe() : formulations::mass_matrix_asked();
    if (!chosen.dynamics) {
      if (chosen.closed_tree_form) eom = std::move(*chosen.closed_tree_form);
      if (eom.mass_matrix.rows() != eom.p()) eom = mass_matrix_form(system, eom);
      EquationsEvaluator evaluator(eom, parameters.symbols, parameters.values, options.backend);
      found = evaluator.matrices_from_setup_cache();
      return evaluator;
    }
    entry.emplace();
    entry->program = articulated_body_program(*chosen.dynamics, parameters.symbols);
    entry->sizes = {eom.n(), eom.p(), chosen.dynamics->pivots.size()};
    entry->note = choice;
    if (!eom.tree_dynamics) eom.tree_dynamics = std::make_shared<const formulations::TreeDynamics>(std::move(*chosen.dynamics));
  }
  auto articulated = std::make_unique<ArticulatedBodyEvaluator>(entry->program, eom.n(), eom.p(), entry->sizes[2],
                                                                parameters.values, options.backend, entry->library);
  keep_compiled(key, *entry, found, articulated->library_name());
  return EquationsEvaluator(eom, parameters.symbols, parameters.values, std::move(articulated), eom.tree_dynamics);
}

}  // namespace

CompiledSystem::CompiledSystem(const model::System& system, const formulations::EquationsOfMotion& eom,
                               const CompileOptions& options)
    : CompiledSystem(eom.dropped_constraints.empty() ? system : rows_kept(system, eom), eom, options, 0) {}

CompiledSystem::CompiledSystem(const model::System& kept, const formulations::EquationsOfMotion& eom,
                               const CompileOptions& options, int)
    : options_(options),
      constraint_count_(kept.constraints().size()),
      kept_(kept),
      eom_(eom),
      evaluator_(compile_equations(kept_, eom_, options, evaluator_choice_, found_in_setup_cache_)),
      outputs_(kept_, eom_) {
  enforcement_ = eom_.enforcement;
  auto parameters = parameter_inputs(kept.parameter_values());
  names_ = {.method = eom_.method,
            .coordinates = names_of(eom_.coordinates),
            .speeds = names_of(eom_.speeds),
            .multipliers = eom_.multiplier_names,
            .constraints = eom_.constraint_names,
            .dropped_constraints = eom_.dropped_constraints,
            .parameters = names_of(parameters.symbols),
            .inputs = {},
            .outputs = outputs_.names(),
            .dropped_note = formulations::dropped_note(eom_)};
  for (const auto& input : kept.inputs()) names_.inputs.push_back(input.symbol.get_name());
  parameter_values_ = std::move(parameters.values);
  ++built;
}

long CompiledSystem::count() { return built; }

const Monitors& CompiledSystem::monitors() const {
  std::call_once(monitors_made_, [this] { monitors_ = std::make_unique<const Monitors>(monitors_with_setup_cache(kept_, eom_)); });
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
