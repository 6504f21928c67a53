#include "adyn/analysis/linearization.hpp"

#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::analysis {

using GiNaC::ex;
using GiNaC::matrix;

LinearizedEquations linearize(const formulations::EquationsOfMotion& eom, const GiNaC::exmap& at) {
  const auto qd = sym::derivatives_of(eom.coordinates);
  const std::size_t n = eom.n();
  if (eom.p() != n || eom.m() || eom.constraint_matrix.rows() ||
      !std::equal(eom.speeds.begin(), eom.speeds.end(), qd.begin(), [](const auto& a, const auto& b) { return a.is_equal(b); }))
    throw ModelError(eom.method + " equations", "linearization takes equations in the rates q_d without constraint rows "
                                                "(Lagrange's equations of a holonomic system in independent coordinates)");
  // Residual r(q, q̇, q̈) = M q̈ − F; its Jacobians at the operating point (q̈0 from the equations).
  const auto qdd = sym::derivatives_of(eom.coordinates, 2);
  matrix r = eom.mass_matrix.mul(sym::column(std::vector<ex>(qdd.begin(), qdd.end()))).sub(eom.forcing);
  matrix Jq = sym::jacobian(r, eom.coordinates), Jv = sym::jacobian(r, qd);
  auto value = [&](const ex& e) { return e.subs(at, GiNaC::subs_options::no_pattern).normal(); };
  LinearizedEquations lin;
  lin.M = sym::map_entries(eom.mass_matrix, value);
  // q̈0 = M⁻¹F at the operating point (zero at an equilibrium).
  matrix qdd0 = lin.M.solve(sym::column(std::vector<ex>(qdd.begin(), qdd.end())), sym::map_entries(eom.forcing, value));
  GiNaC::exmap with_acc = at;
  for (std::size_t i = 0; i < n; ++i) with_acc[qdd[i]] = qdd0(i, 0);
  auto at_point = [&](const ex& e) { return e.subs(with_acc, GiNaC::subs_options::no_pattern).normal(); };
  matrix D = sym::map_entries(Jv, at_point), S = sym::map_entries(Jq, at_point);
  lin.C = matrix(n, n), lin.G = matrix(n, n), lin.K = matrix(n, n), lin.N = matrix(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      lin.C(i, j) = ((D(i, j) + D(j, i)) / 2).normal();
      lin.G(i, j) = ((D(i, j) - D(j, i)) / 2).normal();
      lin.K(i, j) = ((S(i, j) + S(j, i)) / 2).normal();
      lin.N(i, j) = ((S(i, j) - S(j, i)) / 2).normal();
    }
  return lin;
}

Eigen::MatrixXd state_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  const Eigen::MatrixXd M = sym::evaluate(lin.M, parameters, "linearized mass matrix");
  const Eigen::MatrixXd CG = sym::evaluate(lin.C.add(lin.G), parameters, "linearized damping and gyroscopic matrix");
  const Eigen::MatrixXd KN = sym::evaluate(lin.K.add(lin.N), parameters, "linearized stiffness and circulatory matrix");
  const auto n = M.rows();
  Eigen::FullPivLU<Eigen::MatrixXd> lu(M);
  if (!lu.isInvertible()) throw SingularityError("linearized equations", "the mass matrix is singular at the operating point");
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(2 * n, 2 * n);
  A.topRightCorner(n, n) = Eigen::MatrixXd::Identity(n, n);
  A.bottomLeftCorner(n, n) = -lu.solve(KN);
  A.bottomRightCorner(n, n) = -lu.solve(CG);
  return A;
}

Eigenanalysis eigenanalysis(const LinearizedEquations& lin, const GiNaC::exmap& parameters, double tol) {
  Eigen::EigenSolver<Eigen::MatrixXd> solver(state_matrix(lin, parameters));
  Eigenanalysis out;
  std::vector<Eigen::Index> order(static_cast<std::size_t>(solver.eigenvalues().size()));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<Eigen::Index>(i);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) {
    return solver.eigenvalues()(a).imag() < solver.eigenvalues()(b).imag();
  });
  out.eigenvalues.resize(solver.eigenvalues().size());
  out.modes.resize(solver.eigenvectors().rows(), solver.eigenvectors().cols());
  double max_real = -1e300;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto k = order[i];
    out.eigenvalues(static_cast<Eigen::Index>(i)) = solver.eigenvalues()(k);
    out.modes.col(static_cast<Eigen::Index>(i)) = solver.eigenvectors().col(k);
    max_real = std::max(max_real, solver.eigenvalues()(k).real());
    if (solver.eigenvalues()(k).imag() > tol) out.frequencies.push_back(solver.eigenvalues()(k).imag());
  }
  std::sort(out.frequencies.begin(), out.frequencies.end());
  out.stable = max_real <= tol;
  out.asymptotically_stable = max_real < -tol;
  return out;
}

}  // namespace adyn::analysis
