#pragma once
// M u̇ = F solved by the LDLᵀ factorization M = L D Lᵀ generated as straight-line C for the
// structure of M: entries that are identically zero are skipped, and so is the fill-in they leave
// zero (L_ij ≠ 0 only if M_ij ≠ 0 or L_ik L_jk ≠ 0 for some k < j). Emitted into the same C source as
// M and F (native_code.hpp), the factorization runs on the values just computed, without the call
// and loop overhead of a general dense routine: for the 12-link chain it takes a third of the time
// of Eigen's LLT on a dynamic 12 × 12 matrix (issue 8; docs/performance.md). D > 0 at every pivot is
// the test that M is positive definite, as in a Cholesky factorization.
#include <cstddef>
#include <string>
#include <vector>

namespace adyn::numeric {

/// The structure of a symmetric p × p matrix: nonzero(i, j) for i ≥ j (the diagonal is always kept).
class SymmetricPattern {
 public:
  SymmetricPattern(std::size_t p, std::vector<bool> lower_nonzero);  // row-major p × p, read for i > j
  std::size_t size() const { return p_; }
  bool nonzero(std::size_t i, std::size_t j) const { return i == j || lower_[i * p_ + j]; }

 private:
  std::size_t p_;
  std::vector<bool> lower_;
};

/// The pattern of L (M's pattern with the fill-in of the factorization).
SymmetricPattern factor_pattern(const SymmetricPattern& m);

/// Multiply–adds of the factorization and the two triangular solves.
std::size_t ldlt_operation_count(const SymmetricPattern& m);

/// C source of `static int name(const double* M, double* b)`: M row-major p × p (only i ≥ j read),
/// b = F on entry and u̇ on return. Returns 0, or j + 1 when the pivot d_j is not positive (M not
/// positive definite, or not finite).
std::string ldlt_solve_c(const std::string& name, const SymmetricPattern& m);

}  // namespace adyn::numeric
