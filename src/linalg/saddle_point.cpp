#include "adyn/linalg/saddle_point.hpp"

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/quoted_names.hpp"

namespace adyn::linalg {

// Why the KKT matrix [M −Gᵀ; G 0] is singular, in the user's terms. With G full rank it is M on
// the motions the constraints allow (Zᵀ M Z, Z spanning G's null space), which can be singular only
// when M is. Otherwise the constraint rows have become dependent: with the rows of G scaled to unit
// length, the rows a column-pivoted QR of Ĝᵀ pivots after its rank (or, when M is regular and no
// pivot is below the tolerance, the last one: the nearest to dependent) are named.
std::string singular_saddle_point(const Eigen::MatrixXd& M, const Eigen::MatrixXd& G,
                                  const std::vector<std::string>& row_names) {
  const Eigen::VectorXd norms = G.rowwise().norm();
  const Eigen::MatrixXd scaled = (norms.array() > 0).select(norms, 1.0).cwiseInverse().asDiagonal() * G;
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(scaled.transpose());
  const Eigen::VectorXd pivots = qr.matrixR().diagonal().cwiseAbs();
  const auto m = G.rows();
  Eigen::Index rank = pivots.size();
  while (rank > 0 && pivots(rank - 1) <= std::sqrt(singular_pivot_ratio) * pivots(0)) --rank;
  if (rank == m) {
    const Eigen::LLT<Eigen::MatrixXd> llt(M);
    if (llt.info() != Eigen::Success || !regular_pivots(llt.matrixLLT(), M.diagonal()))
      return "the mass matrix is singular on the motions the constraints allow";
    --rank;
  }
  std::vector<std::string> dependent;
  for (Eigen::Index k = rank; k < m; ++k) {
    const auto row = static_cast<std::size_t>(qr.colsPermutation().indices()(k));
    dependent.push_back(row < row_names.size() ? row_names[row] : "row " + std::to_string(row + 1));
  }
  return "the constraint Jacobian loses rank (" + std::to_string(rank) + " of " + std::to_string(m) + "): " +
         (dependent.size() == 1 ? "constraint " : "constraints ") + quoted_names(dependent) +
         (dependent.size() == 1 ? " depends" : " depend") +
         " on the others (a singular configuration, or constraints that repeat each other)";
}

Accelerations solve_saddle_point(const Eigen::MatrixXd& M, const Eigen::VectorXd& F, const Eigen::MatrixXd& G,
                                 const Eigen::VectorXd& g, const std::string& what,
                                 const std::vector<std::string>& row_names) {
  const auto p = M.rows(), m = G.rows();
  if (m == 0) {
    Eigen::LLT<Eigen::MatrixXd> llt(M);
    if (llt.info() != Eigen::Success || !regular_pivots(llt.matrixLLT(), M.diagonal()))
      throw SingularityError(what, not_positive_definite);
    return {llt.solve(F), Eigen::VectorXd()};
  }
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(p + m, p + m);
  K.topLeftCorner(p, p) = M;
  K.topRightCorner(p, m) = -G.transpose();
  K.bottomLeftCorner(m, p) = G;
  Eigen::VectorXd rhs(p + m);
  rhs << F, g;
  Eigen::FullPivLU<Eigen::MatrixXd> lu(K);
  lu.setThreshold(1e-12);
  if (!lu.isInvertible()) throw SingularityError(what, singular_saddle_point(M, G, row_names) + " at this state");
  Eigen::VectorXd sol = lu.solve(rhs);
  return {sol.head(p), sol.tail(m)};
}

}  // namespace adyn::linalg
