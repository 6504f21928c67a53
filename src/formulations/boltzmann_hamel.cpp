#include "adyn/formulations/boltzmann_hamel.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <random>

#include "adyn/error.hpp"
#include "adyn/formulations/generalized_forces.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;
using GiNaC::symbol;

const char* const kMethod = "Boltzmann-Hamel equations";

matrix normal(const matrix& m) {
  return sym::map_entries(m, [](const ex& e) { return e.normal(); });
}

bool singular_at_generic_point(const model::System& system, const matrix& m) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> dist(0.3, 1.2);
  GiNaC::exmap at = system.parameter_values();
  for (const auto& s : sym::free_symbols(m))
    if (!at.count(s)) at[s] = dist(rng);
  Eigen::FullPivLU<Eigen::MatrixXd> lu(sym::evaluate(m, at, "Boltzmann-Hamel matrix Phi"));
  return lu.rank() < static_cast<Eigen::Index>(m.rows());
}

// The index of the speed that each constraint sets to zero (c u_j = 0 with c free of the speeds).
std::vector<std::size_t> constrained_speeds(const model::System& system, const std::vector<symbol>& u) {
  std::vector<std::size_t> out;
  GiNaC::exmap rest;
  for (const auto& s : u) rest[s] = 0;
  for (const auto& c : system.constraints()) {
    ex f = system.in_speeds(c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression)
                                                                             : c.expression);
    std::vector<std::size_t> present;
    for (std::size_t j = 0; j < u.size(); ++j)
      if (!sym::is_zero_trig(f.diff(u[j]))) present.push_back(j);
    bool single = present.size() == 1 && sym::is_zero_trig(f.subs(rest)) &&
                  !f.diff(u[present[0]]).has(u[present[0]]);
    if (!single)
      throw ModelError("constraint '" + c.name + "'",
                       "the Boltzmann-Hamel equations need quasi-velocities in which each constraint reads u_j = 0; "
                       "declare speeds so that it does (or use Kane's or Maggi's equations)");
    out.push_back(present[0]);
  }
  return out;
}

}  // namespace

HamelCoefficients boltzmann_hamel_coefficients(const model::System& system) {
  system.check_kinematic_equations();
  const auto& q = system.coordinates();
  const auto u = system.speeds();
  const std::size_t n = q.size();
  if (u.size() != n)
    throw ModelError(kMethod, "need one quasi-velocity per coordinate (" + std::to_string(n) + "), the system has " +
                                  std::to_string(u.size()));
  HamelCoefficients h;
  const auto qd = sym::derivatives_of(q);
  GiNaC::exmap at_rest;
  for (const auto& s : u) at_rest[s] = 0;
  h.Phi = matrix(n, n);
  h.Phi_t = matrix(n, 1);
  for (std::size_t i = 0; i < n; ++i) {
    ex rate = system.in_speeds(qd[i]);  // q̇_i = Σ Φ_ir u_r + Φ_it
    for (std::size_t r = 0; r < n; ++r) h.Phi(i, r) = rate.diff(u[r]);
    h.Phi_t(i, 0) = rate.subs(at_rest);
  }
  if (singular_at_generic_point(system, h.Phi))
    throw SingularityError(kMethod, "the kinematic equations q_d = Phi u + Phi_t cannot be inverted (Phi is singular)");
  h.Psi = normal(h.Phi.inverse());
  h.Psi_t = normal(h.Psi.mul(h.Phi_t).mul_scalar(-1));
  // Greenwood (4.383) and (4.395).
  const GiNaC::symbol t = sym::time();
  h.gamma_rl.assign(n, matrix(n, n));
  h.gamma_r = matrix(n, n);
  for (std::size_t j = 0; j < n; ++j) {
    matrix curl(n, n);  // ∂Ψ_ji/∂q_k − ∂Ψ_jk/∂q_i
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k) curl(i, k) = h.Psi(j, i).diff(q[k]) - h.Psi(j, k).diff(q[i]);
    for (std::size_t r = 0; r < n; ++r) {
      ex g_r = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (h.Phi(i, r).is_zero()) continue;
        for (std::size_t k = 0; k < n; ++k) g_r += curl(i, k) * h.Phi_t(k, 0) * h.Phi(i, r);
        g_r += (h.Psi(j, i).diff(t) - h.Psi_t(j, 0).diff(q[i])) * h.Phi(i, r);
      }
      h.gamma_r(j, r) = g_r.normal();
      for (std::size_t l = 0; l < n; ++l) {
        ex g = 0;
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t k = 0; k < n; ++k) g += curl(i, k) * h.Phi(i, r) * h.Phi(k, l);
        h.gamma_rl[j](r, l) = g.normal();
      }
    }
  }
  return h;
}

EquationsOfMotion boltzmann_hamel(const model::System& system) {
  const HamelCoefficients h = boltzmann_hamel_coefficients(system);
  const auto& q = system.coordinates();
  const auto u = system.speeds();
  const std::size_t n = q.size();
  const auto constrained = constrained_speeds(system, u);
  std::vector<std::size_t> free;
  for (std::size_t j = 0; j < n; ++j)
    if (std::find(constrained.begin(), constrained.end(), j) == constrained.end()) free.push_back(j);

  // The unconstrained T(q, u, t) and the generalized forces of all speeds (virtual power).
  const auto N = system.inertial_frame();
  ex T = 0;
  for (const auto& p : system.particles()) T += model::kinetic_energy(p, N);
  for (const auto& b : system.bodies()) T += model::kinetic_energy(b, N);
  T = system.in_speeds(T);
  const auto Q = generalized_active_forces(system, u, LoadSelection::All);
  GiNaC::exmap on_constraints;  // u_c = u̇_c = 0, after differentiation
  for (auto c : constrained) on_constraints[u[c]] = 0, on_constraints[sym::derivative_of(u[c])] = 0;

  EquationsOfMotion eom;
  eom.method = "Boltzmann-Hamel";
  eom.coordinates = q;
  for (auto r : free) eom.speeds.push_back(u[r]);
  std::vector<ex> dT_du(n), residuals;
  for (std::size_t j = 0; j < n; ++j) dT_du[j] = T.diff(u[j]);
  for (const std::size_t r : free) {
    ex lhs = system.in_speeds(sym::time_derivative(dT_du[r]));
    for (std::size_t i = 0; i < n; ++i) lhs -= T.diff(q[i]) * h.Phi(i, r);
    for (std::size_t j = 0; j < n; ++j) {
      for (auto l : free) lhs += dT_du[j] * h.gamma_rl[j](r, l) * u[l];
      lhs += dT_du[j] * h.gamma_r(j, r);
    }
    residuals.push_back((lhs - Q[r]).subs(on_constraints));
  }
  set_mass_matrix_form(eom, residuals);
  eom.coordinate_rates = matrix(n, 1);
  for (std::size_t i = 0; i < n; ++i)
    eom.coordinate_rates(i, 0) = system.in_speeds(sym::derivative_of(q[i])).subs(on_constraints);
  return eom;
}

}  // namespace adyn::formulations
