#include "adyn/linalg/positive_definite.hpp"

#include <cmath>

namespace adyn::linalg {

bool regular_pivots(const Eigen::Ref<const Eigen::MatrixXd>& factor, const Eigen::Ref<const Eigen::VectorXd>& diagonal) {
  for (Eigen::Index j = 0; j < diagonal.size(); ++j)
    if (!(factor(j, j) * factor(j, j) > singular_pivot_ratio * std::abs(diagonal(j)))) return false;
  return true;
}

}  // namespace adyn::linalg
