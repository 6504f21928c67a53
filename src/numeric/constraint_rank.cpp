// The rank of the constraint rows and its report (constraint_rank.hpp).
#include "adyn/numeric/constraint_rank.hpp"
#include "adyn/linalg/singular_values.hpp"
#include "adyn/quoted_names.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace adyn::numeric {

RankAt rank_at(const Eigen::MatrixXd& J, std::size_t expected) {
  RankAt r;
  if (J.rows() == 0 || J.cols() == 0) return r;
  // Column-pivoted QR of Jᵀ: |R_kk| falls with the k-th singular value (a row whose gradient
  // vanishes, as A02's at its horizontal positions, falls with it: the rows are not rescaled here).
  const Eigen::Index pivots = std::min(J.rows(), J.cols());
  r.transposed_qr.compute(J.transpose());
  const Eigen::VectorXd R = r.transposed_qr.matrixQR().diagonal().head(pivots).cwiseAbs();
  const double first = R(0);
  if (expected > 0)
    r.indicator = first > 0 && expected <= static_cast<std::size_t>(pivots) ? R(static_cast<Eigen::Index>(expected - 1)) / first : 0.0;
  if (J.rows() <= J.cols() && first > 0 && R.minCoeff() >= svd_guard * first) {  // far from dependent rows
    r.rank = static_cast<std::size_t>(J.rows());
    return r;
  }
  const linalg::SingularValueCount sigma(J);
  const double largest = sigma.value(1);
  r.rank = largest > 0 ? sigma.above(rank_tolerance * largest) : 0;
  if (expected > 0)
    r.singular_ratio = largest > 0 && expected <= sigma.size() ? sigma.value(expected) / largest : 0.0;
  return r;
}

std::vector<std::size_t> dependent_rows(const Eigen::MatrixXd& J, std::size_t rank) {
  std::vector<std::size_t> dependent;
  if (rank >= static_cast<std::size_t>(J.rows())) return dependent;
  // Scaled to unit length, those a column-pivoted QR of Ĵᵀ takes after the rank.
  const Eigen::VectorXd norms = J.rowwise().norm();
  const Eigen::MatrixXd scaled = (norms.array() > 0).select(norms, 1.0).cwiseInverse().asDiagonal() * J;
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(scaled.transpose());
  for (Eigen::Index k = static_cast<Eigen::Index>(rank); k < J.rows(); ++k)
    dependent.push_back(static_cast<std::size_t>(qr.colsPermutation().indices()(k)));
  return dependent;
}

std::string ConstraintRank::describe(std::size_t shown) const {
  if (matrix.empty() || rows == 0) return "";
  std::ostringstream os;
  os << "constraint rank (" << matrix << ", tolerance " << rank_tolerance << " of the largest singular value): " << rank
     << " of " << rows << (rows == 1 ? " row" : " rows");
  if (!redundant.empty())
    os << "; " << quoted_names(redundant) << " redundant at every sample";
  if (changes.empty()) return os.str() + (checks > 0 ? ", no change" : "");
  for (std::size_t k = 0; k < changes.size() && k < shown; ++k) {
    const auto& c = changes[k];
    os << (k ? "; " : "; ");
    if (c.located)
      os << c.rank << " at t = " << c.t << " (" << (c.dependent.size() == 1 ? "row " : "rows ") << quoted_names(c.dependent)
         << " dependent)";
    else
      os << "below " << rank << " between t = " << c.from << " and " << c.t << " (not located)";
    if (!std::isnan(c.restored)) os << ", " << rank << " again at t = " << c.restored;
  }
  if (changes.size() > shown) os << "; ... (" << changes.size() << " changes, the first " << shown << " shown)";
  return os.str();
}

}  // namespace adyn::numeric
