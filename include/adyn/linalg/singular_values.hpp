#pragma once
// The singular values of a matrix counted and located without a full SVD: the count of those above a
// threshold, and any one of them by bisection on that count. The matrix is reduced once to upper
// bidiagonal form B (Householder, Golub & Van Loan 5.4.8, by Eigen); the symmetric tridiagonal
// Golub–Kahan matrix T — zero diagonal, off-diagonal d₁, e₁, d₂, e₂, …, d_n from B's diagonal d and
// superdiagonal e — has the eigenvalues ±σ_k (Golub & Van Loan 8.6.1), and the number of σ_k above
// x is the number of negative pivots of the LDLᵀ factorization of T + x I (Sylvester's law of
// inertia: a Sturm count, Golub & Van Loan 8.4.1), O(n) each. Bisection on T finds the σ_k to high
// relative accuracy (Demmel & Kahan 1990) — what the rank of A02's 80 × 81 constraint rows needs in
// 0.5 ms where Eigen's divide-and-conquer SVD takes 1.5 ms for all of them.
#include <Eigen/Dense>

#include <cstddef>

namespace adyn::linalg {

class SingularValueCount {
 public:
  explicit SingularValueCount(const Eigen::MatrixXd& A);
  /// How many singular values (of min(rows, cols)) exceed x > 0.
  std::size_t above(double x) const;
  /// The k-th largest singular value (k from 1 to size()), to a few units of rounding of itself
  /// (one below ε² σ₁ — zero within the bidiagonalization's rounding — is returned as at most that).
  double value(std::size_t k) const;
  std::size_t size() const { return size_; }

 private:
  Eigen::VectorXd off_diagonal_;  // of the Golub–Kahan matrix T
  double bound_ = 0;              // ≥ σ₁ (Gershgorin's on T)
  double smallest_pivot_ = 0;     // a pivot below it counts as negative (as LAPACK's dstebz)
  std::size_t size_ = 0;
};

}  // namespace adyn::linalg
