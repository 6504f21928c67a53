#include "adyn/formulations/fundamental_equation.hpp"

#include "adyn/error.hpp"
#include "adyn/formulations/speed_partition.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

#include "generalized_forces.hpp"

namespace adyn::formulations {

using GiNaC::ex;

EquationsOfMotion fundamental_equation(const model::System& system, const std::vector<GiNaC::symbol>& dependent_speeds) {
  if (!system.bodies().empty())
    throw NotApplicableError("body '" + system.bodies().front().name() + "'",
                     "the fundamental equation (Greenwood 4.412) is for particles; use Kane's or the Gibbs-Appell "
                     "equations for rigid bodies");
  system.check_kinematic_equations();
  const auto N = system.inertial_frame();
  const SpeedPartition partition = partition_speeds(system, dependent_speeds, "the fundamental equation");
  const auto& ui = partition.independent;
  const std::size_t p = ui.size();
  auto on_motion = [&](const ex& e) { return partition.on_motion(system, e); };

  ex T = 0;                        // the constrained kinetic energy T(q, u_i, t)
  std::vector<ex> inertia(p, 0);   // Σ_i m_i v_i · γ̇_ij
  for (const auto& P : system.particles()) {
    auto v = P.point().velocity_in(N).map(on_motion);
    T += P.mass() * v.dot(v) / 2;
    auto gamma = kin::partial_velocities(v, ui, "velocity of particle '" + P.name() + "'");
    for (std::size_t j = 0; j < p; ++j) inertia[j] += P.mass() * v.dot(gamma[j].dt(N).map(on_motion));
  }
  auto Q = partition.project(generalized_active_forces(system, partition.speeds, LoadSelection::All));

  EquationsOfMotion eom;
  eom.method = "fundamental equation";
  partition.describe(system, eom);
  std::vector<ex> residuals;
  for (std::size_t j = 0; j < p; ++j)
    residuals.push_back(on_motion(sym::time_derivative(T.diff(ui[j]))) - inertia[j] - on_motion(Q[j]));
  set_mass_matrix_form(eom, residuals);
  return eom;
}

}  // namespace adyn::formulations
