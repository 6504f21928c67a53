#include "adyn/analysis/energy.hpp"

#include "adyn/formulations/acceleration_constraints.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::analysis {

using GiNaC::ex;

ex energy_function(const model::System& system) {
  auto form = formulations::lagrangian_form(system);
  auto split = formulations::split_kinetic_energy(form.kinetic_energy, form.coordinates);
  return split.T2 - split.T0 + form.potential_energy;
}

namespace {

// q̇·(Q' − ∂D/∂q̇): the power of the nonconservative loads.
ex nonconservative_power(const formulations::LagrangianForm& form) {
  const auto qd = sym::derivatives_of(form.coordinates);
  ex power = 0;
  for (std::size_t i = 0; i < qd.size(); ++i)
    power += qd[i] * (form.generalized_forces[i] - sym::partial_derivative(form.dissipation, qd[i]));
  return power;
}

}  // namespace

ex energy_rate(const model::System& system, const std::vector<GiNaC::symbol>& multipliers) {
  auto form = formulations::lagrangian_form(system);
  const auto qd = sym::derivatives_of(form.coordinates);
  const ex L = form.kinetic_energy - form.potential_energy;
  // −∂L/∂t over the graph (GiNaC's diff walks the tree)
  ex rate = -sym::partial_derivative(L, sym::time()) + nonconservative_power(form);
  auto rows = formulations::acceleration_constraints(system.constraints(), form.coordinates);
  for (std::size_t k = 0; k < multipliers.size() && k < rows.A.rows(); ++k)
    for (std::size_t i = 0; i < qd.size(); ++i) rate += multipliers[k] * rows.A(k, i) * qd[i];
  return rate;
}

EnergyExpressions energy_for_evaluation(const model::System& system) {
  if (auto T = formulations::tree_kinetic_energy(system)) {  // scleronomic: E = T + V, −∂L/∂t = ∂V/∂t
    const auto loads = formulations::lagrangian_loads(system);
    return {*T + loads.potential_energy,
            sym::partial_derivative(loads.potential_energy, sym::time()) + nonconservative_power(loads)};
  }
  return {energy_function(system), energy_rate(system, {})};
}

EnergyAtState energy_at(const model::System& system, const formulations::State& state) {
  auto eom = formulations::lagrange(system);
  auto params = system.parameter_values();
  auto values = formulations::state_values(eom, state, params);
  auto a = formulations::solve(eom, state, params);
  for (std::size_t k = 0; k < eom.m(); ++k) values[eom.multipliers[k]] = a.lambda(static_cast<Eigen::Index>(k));
  return {sym::evaluate(energy_function(system), values, "energy function"),
          sym::evaluate(energy_rate(system, eom.multipliers), values, "energy rate")};
}

ConservationReport conservation_report(const model::System& system) {
  auto form = formulations::lagrangian_form(system);
  ConservationReport r;
  for (const auto& Q : form.generalized_forces)  // at the model's parameter values: a torque τ = 0 does no work
    if (!sym::is_zero_trig(Q.subs(system.parameter_values()))) r.no_nonconservative_forces = false;
  if (!form.dissipation.is_zero()) r.no_nonconservative_forces = false;
  r.lagrangian_time_invariant = sym::is_zero_trig((form.kinetic_energy - form.potential_energy).diff(sym::time()));
  const auto qd = sym::derivatives_of(form.coordinates);
  GiNaC::exmap rest;
  for (const auto& v : qd) rest[v] = 0;
  for (const auto& c : system.constraints()) {
    ex f = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    if (!sym::is_zero_trig(f.subs(rest)) || !c.nonideal_force.empty() || !c.friction_coefficient.is_zero())
      r.catastatic_constraints = false;
  }
  return r;
}

std::string to_string(const ConservationReport& r) {
  auto yes = [](bool b) { return b ? "yes" : "no"; };
  return std::string("energy function E = T2 - T0 + V conserved: ") + yes(r.conservative()) +
         "\n  no nonconservative forces or dissipation: " + yes(r.no_nonconservative_forces) +
         "\n  Lagrangian free of explicit time: " + yes(r.lagrangian_time_invariant) +
         "\n  constraints catastatic and ideal (do no work): " + yes(r.catastatic_constraints) + "\n";
}

}  // namespace adyn::analysis
