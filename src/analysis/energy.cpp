#include "adyn/analysis/energy.hpp"

#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::analysis {

using GiNaC::ex;

EnergyAtState energy_at(const model::System& system, const formulations::State& state) {
  auto eom = formulations::lagrange(system);
  auto params = system.parameter_values();
  auto values = formulations::state_values(eom, state, params);
  auto a = formulations::solve(eom, state, params);
  for (std::size_t k = 0; k < eom.m(); ++k) values[eom.multipliers[k]] = a.lambda(static_cast<Eigen::Index>(k));
  return {sym::evaluate(formulations::energy_function(system), values, "energy function"),
          sym::evaluate(formulations::energy_rate(system, eom.multipliers), values, "energy rate")};
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
