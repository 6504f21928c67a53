#include "adyn/formulations/gibbs_appell.hpp"

#include "adyn/formulations/generalized_forces.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::formulations {

using GiNaC::ex;

// Greenwood (4.279) for particles, (4.298) for rigid bodies, summed over the system.
ex gibbs_appell_function(const model::System& system, const SpeedPartition& partition) {
  const auto N = system.inertial_frame();
  ex S = 0;
  for (const auto& P : system.particles()) S += model::acceleration_energy(P, N);
  for (const auto& B : system.bodies()) S += model::acceleration_energy(B, N);
  return partition.on_motion(system, S);
}

EquationsOfMotion gibbs_appell(const model::System& system, const GibbsAppellOptions& options) {
  system.check_kinematic_equations();
  const SpeedPartition partition = partition_speeds(system, options.dependent_speeds, "the Gibbs-Appell method");
  const auto& ui = partition.independent;
  const ex S = gibbs_appell_function(system, partition);
  // Q_r (4.282): virtual work of all loads per speed, projected on the independent speeds.
  auto Q = partition.project(generalized_active_forces(system, partition.speeds, LoadSelection::All));

  EquationsOfMotion eom;
  eom.method = "Gibbs-Appell";
  eom.coordinates = system.coordinates();
  eom.speeds = ui;
  const std::size_t p = ui.size();
  const auto udot = sym::derivatives_of(ui);
  GiNaC::exmap at_rest;
  for (const auto& a : udot) at_rest[a] = 0;
  eom.mass_matrix = GiNaC::matrix(p, p);
  eom.forcing = GiNaC::matrix(p, 1);
  for (std::size_t r = 0; r < p; ++r) {
    const ex dS = S.diff(udot[r]);  // ∂S/∂u̇_r, linear in u̇
    for (std::size_t s = 0; s < p; ++s) eom.mass_matrix(r, s) = dS.diff(udot[s]);
    eom.forcing(r, 0) = partition.on_motion(system, Q[r]) - dS.subs(at_rest);
  }
  eom.dependent_speeds = partition.dependent;
  eom.dependent_speed_values = GiNaC::matrix(partition.dependent.size(), 1);
  for (std::size_t d = 0; d < partition.dependent.size(); ++d)
    eom.dependent_speed_values(d, 0) = partition.dependent_values.at(partition.dependent[d]);
  eom.coordinate_rates = GiNaC::matrix(eom.n(), 1);
  for (std::size_t i = 0; i < eom.n(); ++i)
    eom.coordinate_rates(i, 0) = partition.on_motion(system, sym::derivative_of(eom.coordinates[i]));
  return eom;
}

}  // namespace adyn::formulations
