#include "adyn/formulations/equations_of_motion.hpp"

#include "adyn/error.hpp"
#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/linear_split.hpp"
#include "adyn/quoted_names.hpp"

namespace adyn::formulations {

// r = M u̇ − F is linear in u̇: one structural split of each residual gives the row of M and −F,
// the same as ∂r/∂u̇ and r at u̇ = 0 without p² derivatives (issue 8; see linear_split.hpp).
std::string dropped_note(const EquationsOfMotion& eom) {
  if (eom.dropped_constraints.empty()) return "";
  const bool one = eom.dropped_constraints.size() == 1;
  return std::string(one ? "constraint " : "constraints ") + quoted_names(eom.dropped_constraints) + " left out: " +
         (one ? "its row depends" : "their rows depend") +
         " on the others wherever the constraints hold (REDUNDANT in adyn classify); the other rows hold " +
         (one ? "it" : "them");
}

void set_mass_matrix_form(EquationsOfMotion& eom, const std::vector<GiNaC::ex>& residuals) {
  const auto p = static_cast<unsigned>(eom.p());  // GiNaC::matrix counts in unsigned
  sym::LinearSplitter splitter(sym::derivatives_of(eom.speeds));
  eom.mass_matrix = GiNaC::matrix(p, p);
  eom.forcing = GiNaC::matrix(p, 1);
  for (unsigned r = 0; r < p; ++r) {
    auto row = splitter.split(residuals[r]);
    for (unsigned s = 0; s < p; ++s) eom.mass_matrix(r, s) = row.coefficients[s];
    eom.forcing(r, 0) = -row.rest;
  }
}

GiNaC::exmap state_values(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters) {
  if (static_cast<std::size_t>(x.q.size()) != eom.n() || static_cast<std::size_t>(x.u.size()) != eom.p())
    throw Error(eom.method + " equations: state has " + std::to_string(x.q.size()) + " coordinates and " +
                std::to_string(x.u.size()) + " speeds, expected " + std::to_string(eom.n()) + " and " +
                std::to_string(eom.p()));
  GiNaC::exmap values = parameters;
  values[sym::time()] = x.t;
  for (std::size_t i = 0; i < eom.n(); ++i) values[eom.coordinates[i]] = x.q(i);
  for (std::size_t i = 0; i < eom.p(); ++i) values[eom.speeds[i]] = x.u(i);
  return values;
}

linalg::Accelerations solve(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters) {
  if (eom.enforcement == ConstraintEnforcement::MoorePenrose)
    return {udwadia_kalaba_forces(eom, x, parameters).acceleration, Eigen::VectorXd()};
  auto values = state_values(eom, x, parameters);
  Eigen::MatrixXd M = sym::evaluate(eom.mass_matrix, values, eom.method + " mass matrix");
  Eigen::VectorXd F = sym::evaluate(eom.forcing, values, eom.method + " forcing");
  Eigen::MatrixXd G = eom.m() ? sym::evaluate(eom.constraint_matrix, values, eom.method + " constraint matrix")
                              : Eigen::MatrixXd(0, M.cols());
  Eigen::VectorXd g = eom.m() ? Eigen::VectorXd(sym::evaluate(eom.constraint_rhs, values,
                                                              eom.method + " constraint right-hand side"))
                              : Eigen::VectorXd(0);
  if (eom.enforcement == ConstraintEnforcement::NumericElimination) {  // rows without multipliers: m() = 0
    G = sym::evaluate(eom.constraint_matrix, values, eom.method + " constraint matrix");
    g = sym::evaluate(eom.constraint_rhs, values, eom.method + " constraint right-hand side");
    NumericElimination elimination(numeric_dependent_columns(eom));
    return {elimination.solve(M, F, G, g, eom.method + " equations", eom.constraint_names), Eigen::VectorXd()};
  }
  return linalg::solve_saddle_point(M, F, G, g, eom.method + " equations", eom.constraint_names);
}

Eigen::VectorXd coordinate_rates(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters) {
  return sym::evaluate(eom.coordinate_rates, state_values(eom, x, parameters), eom.method + " coordinate rates");
}

Eigen::VectorXd coordinate_accelerations(const EquationsOfMotion& eom, const State& x,
                                         const GiNaC::exmap& parameters) {
  auto a = solve(eom, x, parameters);
  auto values = state_values(eom, x, parameters);
  auto qdot = coordinate_rates(eom, x, parameters);
  for (std::size_t i = 0; i < eom.p(); ++i) values[sym::derivative_of(eom.speeds[i])] = a.udot(i);
  for (std::size_t i = 0; i < eom.n(); ++i) values[sym::derivative_of(eom.coordinates[i])] = qdot(i);
  // d/dt (q̇(q, u, t)) by the chain rule, evaluated with the solved u̇ and q̇.
  return sym::evaluate(sym::time_derivative(eom.coordinate_rates), values, eom.method + " coordinate accelerations");
}

}  // namespace adyn::formulations
