#include "adyn/formulations/gibbs_appell.hpp"

#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

#include "generalized_forces.hpp"

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
  const SpeedPartition partition = partition_speeds(system, options.dependent_speeds, "the Gibbs-Appell method", options.dependent_solve);
  const auto& ui = partition.independent;
  const ex S = gibbs_appell_function(system, partition);
  // Q_r (4.282): virtual work of all loads per speed, projected on the independent speeds.
  auto Q = partition.project(generalized_active_forces(system, partition.speeds, LoadSelection::All));

  EquationsOfMotion eom;
  eom.method = "Gibbs-Appell";
  partition.describe(system, eom);
  const auto udot = sym::derivatives_of(ui);
  std::vector<ex> residuals;  // ∂S/∂u̇_r − Q_r, linear in u̇
  for (std::size_t r = 0; r < ui.size(); ++r) residuals.push_back(sym::partial_derivative(S, udot[r]) - partition.on_motion(system, Q[r]));
  set_mass_matrix_form(eom, residuals);
  return eom;
}

}  // namespace adyn::formulations
