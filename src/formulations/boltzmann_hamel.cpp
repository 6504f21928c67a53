#include "adyn/formulations/boltzmann_hamel.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <optional>
#include <random>

#include "adyn/error.hpp"
#include "adyn/formulations/speed_partition.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

#include "generalized_forces.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;
using GiNaC::symbol;

const char* const kMethod = "Boltzmann-Hamel equations";

// Small entries normalized (the textbook forms), large ones kept as graphs.
ex tidy(const ex& e) { return sym::normal_if_small(e); }
matrix normal(const matrix& m) { return sym::normal_if_small(m); }

bool singular_at_generic_point(const model::System& system, const matrix& m) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> dist(0.3, 1.2);
  GiNaC::exmap at = system.parameter_values();
  for (const auto& s : sym::free_symbols(m))
    if (!at.count(s)) at[s] = dist(rng);
  Eigen::FullPivLU<Eigen::MatrixXd> lu(sym::evaluate(m, at, "Boltzmann-Hamel matrix Phi"));
  return lu.rank() < static_cast<Eigen::Index>(m.rows());
}

// Whether e is zero, decided only where that is cheap: a large entry counts as nonzero.
bool vanishes(const ex& e) { return sym::expansion_is_small(e, sym::normalization_limit) && sym::is_zero_trig(e); }

// The index of the speed that each constraint row sets to zero (c u_j = 0 with c free of the
// speeds), or nothing when a row mixes the speeds.
std::optional<std::vector<std::size_t>> constrained_speeds(const SpeedConstraints& c) {
  std::vector<std::size_t> out;
  for (unsigned k = 0; k < c.G.rows(); ++k) {
    std::vector<std::size_t> present;
    for (unsigned j = 0; j < c.G.cols(); ++j)
      if (!vanishes(c.G(k, j))) present.push_back(j);
    if (present.size() != 1 || !vanishes(c.g0(k, 0))) return std::nullopt;
    out.push_back(present[0]);
  }
  return out;
}

// Greenwood (4.383) and (4.395): the three-index symbols of the quasi-velocities w = Ψ q̇ + Ψ_t,
// q̇ = Φ w + Φ_t.
void three_index_symbols(HamelCoefficients& h, const std::vector<symbol>& q) {
  const std::size_t n = q.size();
  const GiNaC::symbol t = sym::time();
  h.gamma_rl.assign(n, matrix(n, n));
  h.gamma_r = matrix(n, n);
  for (std::size_t j = 0; j < n; ++j) {
    matrix curl(n, n);  // ∂Ψ_ji/∂q_k − ∂Ψ_jk/∂q_i
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k) curl(i, k) = sym::partial_derivative(h.Psi(j, i), q[k]) - sym::partial_derivative(h.Psi(j, k), q[i]);
    for (std::size_t r = 0; r < n; ++r) {
      ex g_r = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (h.Phi(i, r).is_zero()) continue;
        for (std::size_t k = 0; k < n; ++k) g_r += curl(i, k) * h.Phi_t(k, 0) * h.Phi(i, r);
        g_r += (sym::partial_derivative(h.Psi(j, i), t) - sym::partial_derivative(h.Psi_t(j, 0), q[i])) * h.Phi(i, r);
      }
      h.gamma_r(j, r) = tidy(g_r);
      for (std::size_t l = 0; l < n; ++l) {
        ex g = 0;
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t k = 0; k < n; ++k) g += curl(i, k) * h.Phi(i, r) * h.Phi(k, l);
        h.gamma_rl[j](r, l) = tidy(g);
      }
    }
  }
}

// The quasi-velocities of the equations. When each constraint reads c u_j = 0 they are the
// system's speeds. Otherwise (rolling or joint rows that mix the speeds) they are the independent
// speeds u_i of the speed partition and one w_k = G_k u + g0_k per constraint row, so that every
// constraint reads w_k = 0 as Greenwood's form of the method requires (his constrained
// quasi-velocities u_j = 0, j > n − m, under (4.383)): u = A w + a with u_d = G_d⁻¹ (w_c − G_i u_i − g0), and
// Ψ_w = [Ψ_i; G Ψ], Ψ_w,t = [Ψ_t,i; G Ψ_t + g0], Φ_w = Φ A, Φ_w,t = Φ a + Φ_t.
struct QuasiVelocities {
  std::vector<symbol> w;            // n quasi-velocities
  std::vector<std::size_t> free;    // the independent ones (positions in w)
  GiNaC::exmap speeds;              // u -> A w + a (empty: u = w)
  GiNaC::exmap on_constraints;      // w_c = ẇ_c = 0
  std::vector<symbol> dependent;    // the system's speeds solved from the constraints
};

// A name for the quasi-velocity of constraint row k that no symbol of the system uses.
std::string constraint_speed_name(const model::System& system, std::size_t k) {
  std::string name = "w_c" + std::to_string(k + 1);
  const auto table = system.symbol_table();
  while (table.count(name) || table.count(name + "_d")) name += "_";
  return name;
}

QuasiVelocities constraint_quasi_velocities(const model::System& system, const std::vector<symbol>& u,
                                            const SpeedConstraints& c) {
  QuasiVelocities qv;
  const SpeedPartition p = partition_speeds(system, {}, kMethod);
  const std::size_t m = p.dependent.size();
  std::vector<symbol> wc;
  for (std::size_t k = 0; k < m; ++k) wc.push_back(sym::dynamic_symbol(constraint_speed_name(system, k)));
  matrix Gd(m, m), rhs(m, 1);
  for (std::size_t k = 0; k < m; ++k) {
    ex r = wc[k] - c.g0(k, 0);
    for (std::size_t j = 0; j < u.size(); ++j) {
      auto d = std::find(p.dependent.begin(), p.dependent.end(), u[j]);
      if (d == p.dependent.end()) r -= c.G(k, j) * u[j];
      else Gd(k, static_cast<unsigned>(d - p.dependent.begin())) = c.G(k, j);
    }
    rhs(k, 0) = r;
  }
  const matrix ud = sym::solve_linear(Gd, rhs, sym::normalization_limit);
  for (std::size_t d = 0; d < m; ++d) qv.speeds[p.dependent[d]] = ud(d, 0);
  for (const auto& s : u)
    if (!qv.speeds.count(s)) qv.free.push_back(qv.w.size()), qv.w.push_back(s);
  for (const auto& s : wc) qv.w.push_back(s), qv.on_constraints[s] = 0, qv.on_constraints[sym::derivative_of(s)] = 0;
  qv.dependent = p.dependent;
  return qv;
}

QuasiVelocities quasi_velocities(const model::System& system, const std::vector<symbol>& u, const SpeedConstraints& c) {
  QuasiVelocities qv;
  qv.w = u;
  const auto constrained = constrained_speeds(c);
  if (!constrained) return constraint_quasi_velocities(system, u, c);
  for (std::size_t j = 0; j < u.size(); ++j)
    if (std::find(constrained->begin(), constrained->end(), j) == constrained->end()) qv.free.push_back(j);
    else qv.on_constraints[u[j]] = 0, qv.on_constraints[sym::derivative_of(u[j])] = 0;
  return qv;
}

// Φ, Ψ of the quasi-velocities from those of the system's speeds (see QuasiVelocities).
HamelCoefficients in_quasi_velocities(const model::System& system, const SpeedConstraints& c, const HamelCoefficients& h,
                                      const QuasiVelocities& qv) {
  if (qv.speeds.empty()) return h;
  const auto u = system.speeds();
  const std::size_t n = u.size();
  matrix A(n, n), a(n, 1), Psi(n, n), Psi_t(n, 1);
  GiNaC::exmap at_rest;
  for (const auto& s : qv.w) at_rest[s] = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const ex uj = qv.speeds.count(u[j]) ? qv.speeds.at(u[j]) : ex(u[j]);
    for (std::size_t r = 0; r < n; ++r) A(j, r) = sym::partial_derivative(uj, qv.w[r]);
    a(j, 0) = sym::substitute(uj, at_rest);
  }
  const matrix GPsi = c.G.mul(h.Psi), GPsi_t = c.G.mul(h.Psi_t).add(c.g0);
  for (std::size_t r = 0; r < n; ++r) {
    const auto row = static_cast<unsigned>(r);
    const bool is_constraint = std::find(qv.free.begin(), qv.free.end(), r) == qv.free.end();
    const auto k = static_cast<unsigned>(r - qv.free.size());
    const auto j = static_cast<unsigned>(std::find(u.begin(), u.end(), qv.w[r]) - u.begin());
    for (unsigned i = 0; i < n; ++i) Psi(row, i) = is_constraint ? GPsi(k, i) : h.Psi(j, i);
    Psi_t(row, 0) = is_constraint ? GPsi_t(k, 0) : h.Psi_t(j, 0);
  }
  HamelCoefficients w;
  w.Phi = normal(h.Phi.mul(A));
  w.Phi_t = normal(h.Phi.mul(a).add(h.Phi_t));
  w.Psi = normal(Psi);
  w.Psi_t = normal(Psi_t);
  return w;
}

// Φ, Φ_t, Ψ, Ψ_t of the system's speeds.
HamelCoefficients kinematic_matrices(const model::System& system) {
  system.check_kinematic_equations();
  system.check_velocities_from_positions("Boltzmann-Hamel's equations");
  const auto& q = system.coordinates();
  const auto u = system.speeds();
  const std::size_t n = q.size();
  if (u.size() != n)
    throw NotApplicableError(kMethod, "need one quasi-velocity per coordinate (" + std::to_string(n) + "), the system has " +
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
  return h;
}

}  // namespace

HamelCoefficients boltzmann_hamel_coefficients(const model::System& system) {
  HamelCoefficients h = kinematic_matrices(system);
  three_index_symbols(h, system.coordinates());
  return h;
}

EquationsOfMotion boltzmann_hamel(const model::System& system) {
  const auto& q = system.coordinates();
  const auto u = system.speeds();
  const std::size_t n = q.size();
  const SpeedConstraints c = speed_constraints(system, u, kMethod);  // G u + g0, once
  const QuasiVelocities qv = quasi_velocities(system, u, c);
  HamelCoefficients h = in_quasi_velocities(system, c, kinematic_matrices(system), qv);
  three_index_symbols(h, q);
  const auto& w = qv.w;
  auto in_w = [&](const ex& e) { return qv.speeds.empty() ? e : sym::substitute(e, qv.speeds); };

  // The unconstrained T(q, w, t) and the generalized forces of all quasi-velocities (virtual power:
  // Q_w,r = Σ_j Q_j ∂u_j/∂w_r).
  const auto N = system.inertial_frame();
  ex T = 0;
  for (const auto& p : system.particles()) T += model::kinetic_energy(p, N);
  for (const auto& b : system.bodies()) T += model::kinetic_energy(b, N);
  T = in_w(system.in_speeds(T));
  // Loads may be written in q̇ (a damper −c q2_d): in the speeds, like T.
  auto Qu = generalized_active_forces(system, u, LoadSelection::All);
  for (auto& Q_j : Qu) Q_j = system.in_speeds(Q_j);
  auto weight = [&](std::size_t j, std::size_t r) {  // ∂u_j/∂w_r
    return qv.speeds.empty() ? ex(j == r ? 1 : 0) : sym::partial_derivative(in_w(u[j]), w[r]);
  };
  std::vector<ex> Q(n, 0);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t j = 0; j < n; ++j) Q[r] += weight(j, r) * in_w(Qu[j]);
  GiNaC::exmap rates;  // q̇ -> Φ_w w + Φ_w,t
  const auto qd = sym::derivatives_of(q);
  for (std::size_t i = 0; i < n; ++i) {
    ex rate = h.Phi_t(i, 0);
    for (std::size_t r = 0; r < n; ++r) rate += h.Phi(i, r) * w[r];
    rates[qd[i]] = rate;
  }

  EquationsOfMotion eom;
  eom.method = "Boltzmann-Hamel";
  eom.coordinates = q;
  for (auto r : qv.free) eom.speeds.push_back(w[r]);
  std::vector<ex> dT_dw(n), residuals;
  for (std::size_t j = 0; j < n; ++j) dT_dw[j] = sym::partial_derivative(T, w[j]);
  for (const std::size_t r : qv.free) {
    ex lhs = sym::substitute(sym::time_derivative(dT_dw[r]), rates);
    for (std::size_t i = 0; i < n; ++i) lhs -= sym::partial_derivative(T, q[i]) * h.Phi(i, r);
    for (std::size_t j = 0; j < n; ++j) {
      for (auto l : qv.free) lhs += dT_dw[j] * h.gamma_rl[j](r, l) * w[l];
      lhs += dT_dw[j] * h.gamma_r(j, r);
    }
    residuals.push_back(sym::substitute(lhs - Q[r], qv.on_constraints));
  }
  set_mass_matrix_form(eom, residuals);
  eom.coordinate_rates = matrix(n, 1);
  for (std::size_t i = 0; i < n; ++i) eom.coordinate_rates(i, 0) = sym::substitute(rates[qd[i]], qv.on_constraints);
  eom.dependent_speeds = qv.dependent;
  eom.dependent_speed_values = matrix(qv.dependent.size(), 1);
  for (std::size_t d = 0; d < qv.dependent.size(); ++d)
    eom.dependent_speed_values(d, 0) = sym::substitute(qv.speeds.at(qv.dependent[d]), qv.on_constraints);
  return eom;
}

}  // namespace adyn::formulations
