#include "adyn/formulations/kane.hpp"

#include <functional>

#include "adyn/formulations/speed_partition.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/recursive_kinematics.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

#include "generalized_forces.hpp"

namespace adyn::formulations {

using GiNaC::ex;
using GiNaC::symbol;

EquationsOfMotion kane(const model::System& system, const KaneOptions& options) {
  system.check_kinematic_equations();
  const auto N = system.inertial_frame();
  const SpeedPartition partition = partition_speeds(system, options.dependent_speeds, "Kane's method", options.dependent_solve);
  const auto& ui = partition.independent;
  const auto& S = partition.dependent_values;  // u_d -> A_r u_i + b_r
  EquationsOfMotion eom;
  eom.method = "Kane";
  partition.describe(system, eom);
  // The kinematics on the constrained motion: q̇ via the kinematic equations, then u_d eliminated;
  // each body's from its parent's (kin::RecursiveKinematics).
  kin::RecursiveKinematics motion(N, {system.speed_substitution(), S});

  // Partial velocities are taken with respect to the independent and the auxiliary speeds; the
  // motion itself has ũ = 0 (and ũ' = 0).
  const std::size_t p = ui.size();
  std::vector<symbol> wrt = ui;
  wrt.insert(wrt.end(), options.auxiliary_speeds.begin(), options.auxiliary_speeds.end());
  GiNaC::exmap no_aux;
  for (const auto& a : options.auxiliary_speeds) no_aux[a] = 0, no_aux[sym::derivative_of(a)] = 0;
  sym::Substitution on_motion(no_aux);
  auto on_actual_motion = [&](const ex& e) { return no_aux.empty() ? e : on_motion(e); };
  auto actual = [&](const kin::Vector& v) { return v.map(on_actual_motion); };
  kin::PartialVelocities partial_velocities(wrt);
  // On the constrained motion a = Σ_s v_s u̇_s + a_0 with v_s the partial velocities (α likewise), so
  // the generalized inertia forces are F*_r = −Σ_s M_rs u̇_s + F*_r,0 with, summed over the bodies,
  //   M_rs = m v_r·v_s + ω_r·I·ω_s,   F*_r,0 = −m v_r·a_0 − ω_r·(I·α_0 + ω × I·ω)
  // (Kane's generalized inertia forces split in the accelerations; symmetric M built directly, no
  // search of the residuals for u̇).
  GiNaC::exmap at_rest_accelerations = no_aux;
  for (const auto& u : ui) at_rest_accelerations[sym::derivative_of(u)] = 0;
  sym::Substitution without_udot(at_rest_accelerations);
  auto rest = [&](const kin::Vector& v) { return v.map([&](const ex& e) { return without_udot(e); }); };
  GiNaC::matrix M(static_cast<unsigned>(p), static_cast<unsigned>(p));
  std::vector<ex> Fstar(wrt.size(), 0);  // F*_r,0 for the p equations, the whole F*_r for the auxiliary ones
  auto add_mass = [&](const std::vector<kin::Vector>& partials, const std::function<ex(const kin::Vector&, const kin::Vector&)>& product) {
    for (unsigned r = 0; r < p; ++r)
      for (unsigned s2 = r; s2 < p; ++s2) {
        M(r, s2) += product(partials[r], partials[s2]);
        M(s2, r) = M(r, s2);
      }
  };
  auto add_inertia = [&](const kin::Point& P, const ex& mass, const std::string& what) {
    auto partials = partial_velocities.of(motion.velocity(P), what);
    auto a = actual(motion.acceleration(P));
    auto a0 = rest(a);
    add_mass(partials, [&](const kin::Vector& vr, const kin::Vector& vs) { return sym::times(mass, vr.dot(vs)); });
    for (std::size_t r = 0; r < wrt.size(); ++r) Fstar[r] -= sym::times(mass, (r < p ? a0 : a).dot(partials[r]));
  };
  for (const auto& P : system.particles()) add_inertia(P.point(), P.mass(), "velocity of particle '" + P.name() + "'");
  for (const auto& B : system.bodies()) {
    add_inertia(B.mass_center(), B.mass(), "velocity of body '" + B.name() + "'");
    const auto& w = motion.angular_velocity(B.frame());
    auto alpha = actual(motion.angular_acceleration(B.frame()));
    auto w0 = actual(w);
    const auto& I = B.central_inertia();
    const kin::Vector gyroscopic = w0.cross(I.dot(w0));
    const kin::Vector Tstar = -(I.dot(alpha) + gyroscopic), Tstar0 = -(I.dot(rest(alpha)) + gyroscopic);  // Kane's inertia torque
    auto partials = partial_velocities.of(w, "angular velocity of body '" + B.name() + "'");
    add_mass(partials, [&](const kin::Vector& wr, const kin::Vector& ws) { return wr.dot(I.dot(ws)); });
    for (std::size_t r = 0; r < wrt.size(); ++r) Fstar[r] += (r < p ? Tstar0 : Tstar).dot(partials[r]);
  }
  // Generalized active forces with the same partial velocities (of the constrained motion: the
  // projection F̃_r = F_r + Σ_d F_d ∂u_d/∂u_r is built in).
  auto F = generalized_active_forces(system, motion, partial_velocities, LoadSelection::All);
  for (auto& Fr : F) Fr = on_actual_motion(motion.rewritten(Fr));
  for (std::size_t r = p; r < wrt.size(); ++r) eom.auxiliary_equations.push_back(F[r] + Fstar[r]);
  eom.auxiliary_speeds = options.auxiliary_speeds;
  // Kane's equations F_r + F*_r = 0 as M u̇ = F_r + F*_r,0; a load that depends on u̇ (rare) is
  // split off into M.
  std::vector<ex> residuals;
  for (std::size_t r = 0; r < p; ++r) residuals.push_back(-(F[r] + Fstar[r]));
  set_mass_matrix_form(eom, residuals);
  for (unsigned r = 0; r < p; ++r)
    for (unsigned s2 = 0; s2 < p; ++s2)
      eom.mass_matrix(r, s2) = eom.mass_matrix(r, s2).is_zero() ? M(r, s2) : M(r, s2) + eom.mass_matrix(r, s2);
  return eom;
}

}  // namespace adyn::formulations
