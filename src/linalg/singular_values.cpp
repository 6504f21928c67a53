// The singular values counted by Sturm sequences of the Golub–Kahan matrix (singular_values.hpp).
#include "adyn/linalg/singular_values.hpp"

#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace adyn::linalg {

SingularValueCount::SingularValueCount(const Eigen::MatrixXd& A) {
  if (A.size() == 0) return;
  // Eigen's bidiagonalization (internal to its SVD module, where BDCSVD uses it) wants rows ≥ cols.
  const Eigen::MatrixXd tall = A.rows() >= A.cols() ? A : Eigen::MatrixXd(A.transpose());
  const Eigen::Index n = tall.cols();
  const Eigen::MatrixXd B = Eigen::internal::UpperBidiagonalization<Eigen::MatrixXd>(tall).bidiagonal().toDenseMatrix();
  size_ = static_cast<std::size_t>(n);
  off_diagonal_.resize(2 * n - 1);
  for (Eigen::Index k = 0; k < n; ++k) {
    off_diagonal_(2 * k) = B(k, k);
    if (k + 1 < n) off_diagonal_(2 * k + 1) = B(k, k + 1);
  }
  const Eigen::Index m = off_diagonal_.size();
  for (Eigen::Index i = 0; i < m; ++i)  // the row sums of |T|
    bound_ = std::max(bound_, std::abs(off_diagonal_(i)) + (i + 1 < m ? std::abs(off_diagonal_(i + 1)) : 0.0));
  smallest_pivot_ = std::numeric_limits<double>::min() * std::max(1.0, off_diagonal_.cwiseAbs2().maxCoeff());
}

// The pivots of T + x I: p₁ = x, p_{i+1} = x − b_i² / p_i; the negative ones count the eigenvalues
// of T below −x, the σ_k above x.
std::size_t SingularValueCount::above(double x) const {
  if (!(x > 0)) throw std::invalid_argument("SingularValueCount::above: x must be positive");
  std::size_t negative = 0;
  double pivot = std::max(x, smallest_pivot_);
  for (Eigen::Index i = 0; i < off_diagonal_.size(); ++i) {
    pivot = x - off_diagonal_(i) * off_diagonal_(i) / pivot;
    if (std::abs(pivot) < smallest_pivot_) pivot = -smallest_pivot_;
    if (pivot < 0) ++negative;
  }
  return negative;
}

double SingularValueCount::value(std::size_t k) const {
  double below = 0, over = bound_;  // σ_k lies in [below, over]
  constexpr double rounding = 4 * std::numeric_limits<double>::epsilon();
  // Below ε² σ₁ a value is far inside the bidiagonalization's own rounding (ε σ₁): zero for any use.
  const double floor = std::numeric_limits<double>::epsilon() * std::numeric_limits<double>::epsilon() * bound_;
  while (over - below > rounding * over && over > floor) {
    const double middle = below + (over - below) / 2;
    (above(middle) >= k ? below : over) = middle;
  }
  return below + (over - below) / 2;
}

}  // namespace adyn::linalg
