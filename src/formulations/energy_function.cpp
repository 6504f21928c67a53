// The energy function and its rate (energy_function.hpp).
#include "adyn/formulations/energy_function.hpp"

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

#include "acceleration_constraints.hpp"
#include "tree_mass_matrix_form.hpp"

namespace adyn::formulations {

using GiNaC::ex;

namespace {

// E = T2 − T0 + V of a Lagrangian form.
ex energy_function_of(const LagrangianForm& form) {
  const auto split = split_kinetic_energy(form.kinetic_energy, form.coordinates);
  return split.T2 - split.T0 + form.potential_energy;
}

// q̇·(Q' − ∂D/∂q̇): the power of the nonconservative loads.
ex nonconservative_power(const LagrangianForm& form) {
  const auto qd = sym::derivatives_of(form.coordinates);
  ex power = 0;
  for (std::size_t i = 0; i < qd.size(); ++i)
    power += qd[i] * (form.generalized_forces[i] - sym::partial_derivative(form.dissipation, qd[i]));
  return power;
}

// Ė = −∂L/∂t + q̇·(Q' − ∂D/∂q̇) of a Lagrangian form, without the constraint forces' power.
ex energy_rate_of(const LagrangianForm& form) {
  const ex L = form.kinetic_energy - form.potential_energy;
  // −∂L/∂t over the graph (GiNaC's diff walks the tree)
  return -sym::partial_derivative(L, sym::time()) + nonconservative_power(form);
}

// T over the tree of the system's bodies (tree_kinetic_energy), or of its bodies without its
// constraints, which leave T as it is, where they hang deep enough that the tree's recursions are the
// shorter (closed_tree_depth: building the tree of a shallow one costs more than T expanded).
std::optional<ex> kinetic_energy_by_tree(const model::System& system) {
  if (system.constraints().empty()) return tree_kinetic_energy(system);
  const auto open = without_constraints(system);
  return hangs_deep_enough(open) ? tree_kinetic_energy(open) : std::nullopt;
}

}  // namespace

ex energy_function(const model::System& system) { return energy_function_of(lagrangian_form(system)); }

ex energy_rate(const model::System& system, const std::vector<GiNaC::symbol>& multipliers) {
  auto form = lagrangian_form(system);
  const auto qd = sym::derivatives_of(form.coordinates);
  ex rate = energy_rate_of(form);
  if (multipliers.empty()) return rate;
  const auto rows = acceleration_constraints(system.constraints(), form.coordinates);
  for (std::size_t k = 0; k < multipliers.size() && k < rows.A.rows(); ++k)
    for (std::size_t i = 0; i < qd.size(); ++i) rate += multipliers[k] * rows.A(k, i) * qd[i];
  return rate;
}

EnergyExpressions energy_for_evaluation(const model::System& system) {
  if (auto T = kinetic_energy_by_tree(system)) {  // scleronomic: E = T + V, −∂L/∂t = ∂V/∂t
    const auto loads = lagrangian_loads(system);
    return {*T + loads.potential_energy,
            sym::partial_derivative(loads.potential_energy, sym::time()) + nonconservative_power(loads), *T};
  }
  const auto form = lagrangian_form(system);
  return {energy_function_of(form), energy_rate_of(form), form.kinetic_energy};
}

}  // namespace adyn::formulations
