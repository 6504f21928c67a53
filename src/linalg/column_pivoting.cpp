#include "adyn/linalg/column_pivoting.hpp"

#include <algorithm>

namespace adyn::linalg {

std::vector<std::size_t> pivoted_columns(const Eigen::MatrixXd& A, const std::vector<int>& tiers) {
  Eigen::MatrixXd R = A;  // columns with the taken directions projected out (modified Gram–Schmidt)
  const auto n = static_cast<std::size_t>(A.cols());
  double largest = 0;
  for (std::size_t j = 0; j < n; ++j) largest = std::max(largest, A.col(static_cast<Eigen::Index>(j)).norm());
  const double threshold = 1e-10 * largest;
  auto tier = [&](std::size_t j) { return tiers.empty() ? 0 : tiers[j]; };
  std::vector<std::size_t> taken;
  std::vector<bool> is_taken(n, false);
  while (taken.size() < static_cast<std::size_t>(A.rows())) {
    std::size_t best = n;
    double best_norm = threshold;
    for (std::size_t j = 0; j < n; ++j) {
      if (is_taken[j]) continue;
      const double norm = R.col(static_cast<Eigen::Index>(j)).norm();
      if (norm <= threshold) continue;
      if (best == n || tier(j) < tier(best) || (tier(j) == tier(best) && norm > best_norm)) best = j, best_norm = norm;
    }
    if (best == n) break;
    const Eigen::VectorXd q = R.col(static_cast<Eigen::Index>(best)) / best_norm;
    R -= q * (q.transpose() * R);
    taken.push_back(best), is_taken[best] = true;
  }
  std::sort(taken.begin(), taken.end());
  return taken;
}

}  // namespace adyn::linalg
