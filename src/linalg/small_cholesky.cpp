// The small dense Cholesky factorization (small_cholesky.hpp).
#include "adyn/linalg/small_cholesky.hpp"

#include <cmath>

namespace adyn::linalg {

// Row by row (Cholesky–Banachiewicz): L_jk = (A_jk − Σ_{i<k} L_ji L_ki) / L_kk for k < j, then
// L_jj = √(A_jj − Σ_{i<j} L_ji²). Each row reads only the rows above it, contiguously.
bool SmallCholesky::factorize(double pivot_ratio) {
  for (std::size_t j = 0; j < n_; ++j) {
    double* row = a_.data() + j * n_;
    diagonal_[j] = row[j];
    for (std::size_t k = 0; k < j; ++k) {
      const double* above = a_.data() + k * n_;
      double sum = row[k];
      for (std::size_t i = 0; i < k; ++i) sum -= row[i] * above[i];
      row[k] = sum / above[k];
    }
    double pivot = row[j];
    for (std::size_t i = 0; i < j; ++i) pivot -= row[i] * row[i];
    if (!(pivot > pivot_ratio * std::abs(diagonal_[j]))) return false;  // also NaN
    row[j] = std::sqrt(pivot);
  }
  return true;
}

void SmallCholesky::solve_in_place(double* x) const {
  for (std::size_t j = 0; j < n_; ++j) {  // L y = x
    const double* row = a_.data() + j * n_;
    double sum = x[j];
    for (std::size_t i = 0; i < j; ++i) sum -= row[i] * x[i];
    x[j] = sum / row[j];
  }
  for (std::size_t j = n_; j-- > 0;) {  // Lᵀ x = y: column j of Lᵀ is row j of L
    x[j] /= a_[j * n_ + j];
    const double* row = a_.data() + j * n_;
    for (std::size_t i = 0; i < j; ++i) x[i] -= row[i] * x[j];
  }
}

}  // namespace adyn::linalg
