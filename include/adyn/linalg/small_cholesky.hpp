#pragma once
// The Cholesky factorization A = L Lᵀ of a small dense symmetric positive definite matrix, and its
// solves, on a row-major array the factorization keeps. For the few speeds of a closed loop
// (IFToMM A04: 5), solved some 60 000 times a run: Eigen's dynamic-size LLT and triangular solves are
// built for large matrices (blocked panels, a matrix–vector product per panel) and took about ten
// times their n³/6 and n² multiply–adds there (docs/performance.md, "The augmented Lagrangian's
// small dense systems").
#include <algorithm>
#include <cstddef>
#include <vector>

namespace adyn::linalg {

class SmallCholesky {
 public:
  explicit SmallCholesky(std::size_t n = 0) : n_(n), a_(n * n, 0.0), diagonal_(n, 0.0) {}

  std::size_t size() const { return n_; }
  /// Zeros the lower triangle (the factor's fill-in of the last factorization among it).
  void set_zero() { std::fill(a_.begin(), a_.end(), 0.0); }
  /// A's entry (j, k), k ≤ j: the lower triangle, row-major, written before factorize().
  double& lower(std::size_t j, std::size_t k) { return a_[j * n_ + k]; }
  /// Factors the lower triangle in place (L over A). False when a pivot L_jj² is not above
  /// `pivot_ratio` · |A_jj|: A is not positive definite to working precision (regular_pivots()).
  bool factorize(double pivot_ratio);
  /// x ← A⁻¹ x (L y = x forward, then Lᵀ x = y backward), with the last factorization.
  void solve_in_place(double* x) const;

 private:
  std::size_t n_;
  std::vector<double> a_;         // row-major; the lower triangle holds A, then L
  std::vector<double> diagonal_;  // A's diagonal, for the pivot test
};

}  // namespace adyn::linalg
