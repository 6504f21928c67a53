// Derivatives of the accelerations by the implicit function theorem (dynamics_derivatives.hpp).
#include "adyn/numeric/dynamics_derivatives.hpp"

#include "adyn/error.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::numeric {
namespace {

using GiNaC::ex;

// r = M a − F − Gᵀλ, then c = G a − g.
std::vector<ex> residuals(const formulations::EquationsOfMotion& eom, const std::vector<GiNaC::symbol>& a) {
  const auto p = static_cast<unsigned>(eom.p()), m = static_cast<unsigned>(eom.constraint_matrix.rows());
  std::vector<ex> out;
  for (unsigned i = 0; i < p; ++i) {
    ex r = -eom.forcing(i, 0);
    for (unsigned j = 0; j < p; ++j) r += eom.mass_matrix(i, j) * a[j];
    for (unsigned k = 0; k < m; ++k) r -= eom.constraint_matrix(k, i) * eom.multipliers[k];
    out.push_back(r);
  }
  for (unsigned k = 0; k < m; ++k) {
    ex c = -eom.constraint_rhs(k, 0);
    for (unsigned j = 0; j < p; ++j) c += eom.constraint_matrix(k, j) * a[j];
    out.push_back(c);
  }
  return out;
}

// ∂/∂x of every residual, x over q, then u, then the parameters: row-major (residual, x).
std::vector<ex> jacobian(const std::vector<ex>& f, const std::vector<GiNaC::symbol>& x) {
  std::vector<ex> columns;
  for (const auto& xj : x) {
    sym::PartialDerivative d(xj);  // one memo per variable: what the residuals share is differentiated once
    for (const auto& fi : f) columns.push_back(d(fi));
  }
  std::vector<ex> rows(columns.size());
  for (std::size_t j = 0; j < x.size(); ++j)
    for (std::size_t i = 0; i < f.size(); ++i) rows[i * x.size() + j] = columns[j * f.size() + i];
  return rows;
}

}  // namespace

ResidualJacobian::ResidualJacobian(const formulations::EquationsOfMotion& eom,
                                   const std::vector<GiNaC::symbol>& parameters, Backend backend)
    : rows_(eom.p() + eom.constraint_matrix.rows()), columns_(eom.n() + eom.p() + parameters.size()) {
  if (eom.enforcement == formulations::ConstraintEnforcement::MoorePenrose)
    throw NotApplicableError("derivatives of the accelerations",
                             "the " + eom.method + " form solves by a pseudo-inverse, not a KKT system: differentiate "
                             "the multiplier form (lagrange) of the same system");
  if (eom.multipliers.size() != eom.constraint_matrix.rows())
    throw NotApplicableError("derivatives of the accelerations",
                             "the " + eom.method + " equations have constraint rows without their multipliers");
  if (eom.mass_matrix.rows() != eom.p())
    throw NotApplicableError("derivatives of the accelerations",
                             "the mass-matrix form M u' = F of the " + eom.method + " equations was not derived");
  const auto a = sym::derivatives_of(eom.speeds);
  std::vector<GiNaC::symbol> x = eom.coordinates;
  x.insert(x.end(), eom.speeds.begin(), eom.speeds.end());
  x.insert(x.end(), parameters.begin(), parameters.end());
  std::vector<GiNaC::symbol> in = {sym::time()};
  in.insert(in.end(), x.begin(), x.end());
  in.insert(in.end(), a.begin(), a.end());
  in.insert(in.end(), eom.multipliers.begin(), eom.multipliers.end());
  function_ = CompiledFunction(in, jacobian(residuals(eom, a), x), backend);
}

AccelerationDerivatives acceleration_derivatives(const Eigen::MatrixXd& M, const Eigen::MatrixXd& G,
                                                 const Eigen::VectorXd& udot, const Eigen::MatrixXd& J, std::size_t n,
                                                 const std::string& what) {
  const auto p = M.rows(), m = G.rows(), N = static_cast<Eigen::Index>(n);
  Eigen::MatrixXd X;
  if (m == 0) {
    Eigen::LLT<Eigen::MatrixXd> cholesky(M);
    if (cholesky.info() != Eigen::Success) throw SingularityError(what, linalg::not_positive_definite);
    X = -cholesky.solve(J);
  } else {
    Eigen::MatrixXd K = Eigen::MatrixXd::Zero(p + m, p + m);
    K.topLeftCorner(p, p) = M;
    K.topRightCorner(p, m) = -G.transpose();
    K.bottomLeftCorner(m, p) = G;
    Eigen::FullPivLU<Eigen::MatrixXd> lu(K);
    if (!lu.isInvertible())
      throw SingularityError(what, "the KKT matrix [M -G^T; G 0] is singular here (dependent constraint rows, or M "
                                   "singular on the motions they allow): the multipliers, and the derivatives, are not "
                                   "determined");
    X = -lu.solve(J);
  }
  AccelerationDerivatives d;
  d.udot = udot;
  d.udot_q = X.block(0, 0, p, N);
  d.udot_u = X.block(0, N, p, p);
  d.udot_p = X.block(0, N + p, p, J.cols() - N - p);
  return d;
}

}  // namespace adyn::numeric
