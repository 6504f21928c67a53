#include "adyn/formulations/kane.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <random>

#include "adyn/error.hpp"
#include "adyn/formulations/generalized_forces.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::symbol;

// The constraints written in the speeds: G u + g0 = 0 (m x n_u and m x 1).
struct SpeedConstraints {
  GiNaC::matrix G, g0;
  std::vector<std::string> names;
};

SpeedConstraints speed_constraints(const model::System& system, const std::vector<symbol>& u) {
  SpeedConstraints c{GiNaC::matrix(system.constraints().size(), u.size()),
                     GiNaC::matrix(system.constraints().size(), 1), {}};
  GiNaC::exmap rest;
  for (const auto& s : u) rest[s] = 0;
  for (std::size_t k = 0; k < system.constraints().size(); ++k) {
    const auto& con = system.constraints()[k];
    if (con.level == model::ConstraintLevel::General)
      throw ModelError("constraint '" + con.name + "'",
                       "Kane's method takes constraints linear in the speeds; use Lagrange multipliers or "
                       "Udwadia-Kalaba for a general constraint f(q, q_d, t) = 0");
    ex f = system.in_speeds(con.level == model::ConstraintLevel::Configuration ? sym::time_derivative(con.expression)
                                                                               : con.expression);
    for (std::size_t j = 0; j < u.size(); ++j) {
      c.G(k, j) = f.diff(u[j]);
      for (const auto& s : u)
        if (c.G(k, j).has(s))
          throw ModelError("constraint '" + con.name + "'", "is not linear in the speeds");
    }
    c.g0(k, 0) = f.subs(rest);
    c.names.push_back(con.name);
  }
  return c;
}

// A generic numeric point: parameter values where given, random values elsewhere.
GiNaC::exmap generic_point(const model::System& system, const GiNaC::matrix& m) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> dist(0.3, 1.2);
  GiNaC::exmap at = system.parameter_values();
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      for (const auto& s : sym::free_symbols(m(i, j)))
        if (!at.count(s)) at[s] = dist(rng);
  return at;
}

// Column indices of the dependent speeds: the user's, or the last columns that keep G_d regular.
std::vector<std::size_t> choose_dependent(const SpeedConstraints& c, const std::vector<symbol>& u,
                                          const KaneOptions& options, const Eigen::MatrixXd& G) {
  const auto m = static_cast<std::size_t>(G.rows());
  std::vector<std::size_t> cols;
  if (!options.dependent_speeds.empty()) {
    for (const auto& d : options.dependent_speeds) {
      auto it = std::find(u.begin(), u.end(), d);
      if (it == u.end()) throw ModelError("speed '" + d.get_name() + "'", "is not a generalized speed of the system");
      cols.push_back(static_cast<std::size_t>(it - u.begin()));
    }
    if (cols.size() != m)
      throw ModelError("Kane's method", "needs one dependent speed per constraint (" + std::to_string(m) + "), got " +
                                            std::to_string(cols.size()));
    return cols;
  }
  // Greedy from the last speed backwards: keep a column if it raises the rank.
  Eigen::MatrixXd chosen(G.rows(), 0);
  for (std::size_t j = u.size(); j-- > 0 && cols.size() < m;) {
    Eigen::MatrixXd trial(G.rows(), chosen.cols() + 1);
    trial << chosen, G.col(j);
    Eigen::FullPivLU<Eigen::MatrixXd> lu(trial);
    lu.setThreshold(1e-10);
    if (lu.rank() == trial.cols()) chosen = trial, cols.push_back(j);
  }
  if (cols.size() < m)
    throw SingularityError("constraints " + [&] {
      std::string s;
      for (const auto& n : c.names) s += (s.empty() ? "'" : ", '") + n + "'";
      return s;
    }(), "are redundant (their matrix in the speeds has rank " + std::to_string(cols.size()) + " < " +
             std::to_string(m) + "); remove the dependent ones");
  return cols;
}

// u_d = −G_d⁻¹ (G_i u_i + g0) as substitutions.
GiNaC::exmap eliminate_dependent(const SpeedConstraints& c, const std::vector<symbol>& u,
                                 const std::vector<std::size_t>& dependent, const Eigen::MatrixXd& G) {
  const auto m = dependent.size();
  GiNaC::matrix Gd(m, m), rhs(m, 1);
  Eigen::MatrixXd Gd_num(m, m);
  for (std::size_t k = 0; k < m; ++k) {
    ex r = -c.g0(k, 0);
    for (std::size_t j = 0; j < u.size(); ++j)
      if (std::find(dependent.begin(), dependent.end(), j) == dependent.end()) r -= c.G(k, j) * u[j];
    rhs(k, 0) = r;
    for (std::size_t d = 0; d < m; ++d) Gd(k, d) = c.G(k, dependent[d]), Gd_num(k, d) = G(k, dependent[d]);
  }
  Eigen::FullPivLU<Eigen::MatrixXd> lu(Gd_num);
  lu.setThreshold(1e-10);
  if (!lu.isInvertible()) {
    std::string names;
    for (auto d : dependent) names += (names.empty() ? "'" : ", '") + u[d].get_name() + "'";
    throw SingularityError("dependent speeds " + names + "",
                           "cannot be solved for: their block of the constraint matrix is singular; choose others");
  }
  GiNaC::matrix unknowns(m, 1);
  for (std::size_t d = 0; d < m; ++d) unknowns(d, 0) = symbol("ud" + std::to_string(d));
  GiNaC::matrix sol = Gd.solve(unknowns, rhs);
  GiNaC::exmap S;
  for (std::size_t d = 0; d < m; ++d) S[u[dependent[d]]] = sol(d, 0).normal();
  return S;
}

}  // namespace

EquationsOfMotion kane(const model::System& system, const KaneOptions& options) {
  system.check_kinematic_equations();
  const auto N = system.inertial_frame();
  const auto u = system.speeds();
  SpeedConstraints c = speed_constraints(system, u);
  GiNaC::exmap S;  // u_d -> A_r u_i + b_r
  std::vector<symbol> ui = u;
  EquationsOfMotion eom;
  if (c.G.rows() > 0) {
    Eigen::MatrixXd G = sym::evaluate(c.G, generic_point(system, c.G), "constraint matrix");
    auto dependent = choose_dependent(c, u, options, G);
    S = eliminate_dependent(c, u, dependent, G);
    std::sort(dependent.begin(), dependent.end());
    ui.clear();
    for (std::size_t j = 0; j < u.size(); ++j)
      if (std::find(dependent.begin(), dependent.end(), j) == dependent.end()) ui.push_back(u[j]);
      else eom.dependent_speeds.push_back(u[j]);
    eom.dependent_speed_values = GiNaC::matrix(eom.dependent_speeds.size(), 1);
    for (std::size_t d = 0; d < eom.dependent_speeds.size(); ++d) eom.dependent_speed_values(d, 0) = S[eom.dependent_speeds[d]];
  }
  // Rewrites an expression of q, q̇, u, t (from kinematics) on the constrained motion: q̇ via the
  // kinematic equations, then u_d eliminated.
  auto constrained = [&](const ex& e) { return system.in_speeds(e).subs(S, GiNaC::subs_options::no_pattern); };
  auto constrained_v = [&](const kin::Vector& v) { return v.map(constrained); };

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
      ex weight = all[j].is_equal(wrt[r]) ? ex(1) : S.count(all[j]) ? S[all[j]].diff(wrt[r]) : ex(0);
      if (!weight.is_zero()) F[r] += weight * Fall[j];
    }
    F[r] = constrained(F[r]).subs(no_aux);
  }
  for (std::size_t r = p; r < wrt.size(); ++r) eom.auxiliary_equations.push_back(F[r] + Fstar[r]);
  eom.auxiliary_speeds = options.auxiliary_speeds;
  auto udot = sym::derivatives_of(ui);
  GiNaC::exmap at_rest;
  for (const auto& a : udot) at_rest[a] = 0;
  eom.method = "Kane";
  eom.coordinates = system.coordinates();
  eom.speeds = ui;
  eom.mass_matrix = GiNaC::matrix(p, p);
  eom.forcing = GiNaC::matrix(p, 1);
  for (std::size_t r = 0; r < p; ++r) {
    for (std::size_t s = 0; s < p; ++s) eom.mass_matrix(r, s) = -Fstar[r].diff(udot[s]);
    eom.forcing(r, 0) = F[r] + Fstar[r].subs(at_rest);
  }
  eom.coordinate_rates = GiNaC::matrix(eom.n(), 1);
  for (std::size_t i = 0; i < eom.n(); ++i) eom.coordinate_rates(i, 0) = constrained(sym::derivative_of(eom.coordinates[i]));
  return eom;
}

}  // namespace adyn::formulations
