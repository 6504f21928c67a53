#include "adyn/formulations/kane.hpp"

#include "adyn/formulations/generalized_forces.hpp"
#include "adyn/formulations/speed_partition.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::formulations {

using GiNaC::ex;
using GiNaC::symbol;

EquationsOfMotion kane(const model::System& system, const KaneOptions& options) {
  system.check_kinematic_equations();
  const auto N = system.inertial_frame();
  const SpeedPartition partition = partition_speeds(system, options.dependent_speeds, "Kane's method");
  const auto& u = partition.speeds;
  const auto& ui = partition.independent;
  const auto& S = partition.dependent_values;  // u_d -> A_r u_i + b_r
  EquationsOfMotion eom;
  eom.method = "Kane";
  partition.describe(system, eom);
  // Rewrites an expression of q, q̇, u, t (from kinematics) on the constrained motion: q̇ via the
  // kinematic equations, then u_d eliminated.
  auto constrained = [&](const ex& e) { return sym::substitute(system.in_speeds(e), S); };
  auto constrained_v = [&](const kin::Vector& v) { return system.in_speeds(v).subs(S); };

  // Partial velocities are taken with respect to the independent and the auxiliary speeds; the
  // motion itself has ũ = 0 (and ũ' = 0).
  const std::size_t p = ui.size();
  std::vector<symbol> wrt = ui;
  wrt.insert(wrt.end(), options.auxiliary_speeds.begin(), options.auxiliary_speeds.end());
  GiNaC::exmap no_aux;
  for (const auto& a : options.auxiliary_speeds) no_aux[a] = 0, no_aux[sym::derivative_of(a)] = 0;
  auto actual = [&](const kin::Vector& v) { return v.subs(no_aux); };
  std::vector<ex> Fstar(wrt.size(), 0);
  auto add_inertia = [&](const kin::Vector& v, const ex& mass, const std::string& what) {
    auto partials = kin::partial_velocities(v, wrt, what);
    auto a = actual(constrained_v(v.dt(N)));
    for (std::size_t r = 0; r < wrt.size(); ++r) Fstar[r] -= mass * a.dot(partials[r]);
  };
  for (const auto& P : system.particles())
    add_inertia(constrained_v(P.point().velocity_in(N)), P.mass(), "velocity of particle '" + P.name() + "'");
  for (const auto& B : system.bodies()) {
    add_inertia(constrained_v(B.mass_center().velocity_in(N)), B.mass(), "velocity of body '" + B.name() + "'");
    auto w = constrained_v(B.frame().angular_velocity_in(N));
    auto alpha = actual(constrained_v(w.dt(N)));
    auto w0 = actual(w);
    const auto& I = B.central_inertia();
    kin::Vector Tstar = -(I.dot(alpha) + w0.cross(I.dot(w0)));  // Kane's inertia torque
    auto partials = kin::partial_velocities(w, wrt, "angular velocity of body '" + B.name() + "'");
    for (std::size_t r = 0; r < wrt.size(); ++r) Fstar[r] += Tstar.dot(partials[r]);
  }
  // Generalized active forces for all speeds, projected on the independent ones:
  // F̃_r = F_r + Σ_d F_d ∂u_d/∂u_r.
  std::vector<symbol> all = u;
  all.insert(all.end(), options.auxiliary_speeds.begin(), options.auxiliary_speeds.end());
  auto Fall = generalized_active_forces(system, all, LoadSelection::All);
  std::vector<ex> F(wrt.size(), 0);
  for (std::size_t r = 0; r < wrt.size(); ++r) {
    for (std::size_t j = 0; j < all.size(); ++j) {
      ex weight = j < u.size() ? partition.rate_weight(all[j], wrt[r]) : ex(all[j].is_equal(wrt[r]) ? 1 : 0);
      if (!weight.is_zero()) F[r] += weight * Fall[j];
    }
    F[r] = constrained(F[r]).subs(no_aux);
  }
  for (std::size_t r = p; r < wrt.size(); ++r) eom.auxiliary_equations.push_back(F[r] + Fstar[r]);
  eom.auxiliary_speeds = options.auxiliary_speeds;
  std::vector<ex> residuals;  // Kane's equations F_r + F*_r = 0 as −(F_r + F*_r) = M u̇ − F
  for (std::size_t r = 0; r < p; ++r) residuals.push_back(-(F[r] + Fstar[r]));
  set_mass_matrix_form(eom, residuals);
  return eom;
}

}  // namespace adyn::formulations
