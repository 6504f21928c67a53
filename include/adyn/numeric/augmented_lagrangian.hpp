#pragma once
// The accelerations of a constrained system by the augmented Lagrangian, which needs neither
// independent constraint rows nor a regular constraint Jacobian (Bayo, García de Jalón & Serna
// 1988; Bayo & Ledesma 1996): for M u̇ = F + Gᵀλ, G u̇ = g with M positive semidefinite and
// positive definite on the motions the rows allow,
//
//     (M + α GᵀG) u̇_k+1 = F + Gᵀ λ_k + α Gᵀ g,      λ_k+1 = λ_k + α (g − G u̇_k+1),
//
// with one penalty α = α0 · max(diag M) / max |G_i|² for every row. M + αGᵀG is positive definite
// whatever the rank of G, so u̇ is defined through singular configurations and with redundant rows:
// the iteration converges to the accelerations that satisfy the rows G can satisfy; the part of g no
// acceleration meets changes λ only along the null space of Gᵀ, where it exerts no force. A row
// whose gradient nearly vanishes (at a singular configuration) is held only as strongly as its
// length allows, so the motion passes the singularity by its inertia, on the branch it was on,
// rather than by forces that grow without bound (per-row weights 1/|G_i|² take the wrong branch of
// IFToMM A02). The constraint force is M u̇ − F; multipliers() gives the least-norm λ with
// Gᵀλ = M u̇ − F (unique when the rows are independent).
//
// The matrix M + αGᵀG is assembled and factored sparsely (Eigen's simplicial LDLᵀ, its ordering and
// pattern analysed once) on the structural nonzeros of M and G, so a long chain of closed loops
// costs what its bandwidth does, not p³.
#include <Eigen/Dense>
#include <Eigen/Sparse>

#include <optional>
#include <vector>

namespace adyn::numeric {

/// The penalty scale α0 relative to M (Bayo & Ledesma use 1e7 for unit masses): the iteration
/// gains about this factor per step in every direction the rows constrain well.
inline constexpr double augmented_lagrangian_penalty = 1e7;

struct ConstrainedAccelerations {
  Eigen::VectorXd udot, constraint_force;
  int iterations = 0;
};

class AugmentedLagrangianSolver {
 public:
  /// For p speeds and m rows with the given structural nonzeros (row-major p × p and m × p; an entry
  /// false is zero at every state).
  AugmentedLagrangianSolver(std::size_t p, std::size_t m, const std::vector<bool>& mass_pattern,
                            const std::vector<bool>& constraint_pattern);
  /// A solver of its own for the same structure (its factorization's pattern analysed again):
  /// one per run or thread.
  AugmentedLagrangianSolver(const AugmentedLagrangianSolver& other);
  AugmentedLagrangianSolver& operator=(const AugmentedLagrangianSolver&) = delete;
  /// u̇ of M u̇ = F + Gᵀλ, G u̇ = g (only the structural nonzeros of M and G are read), or nothing
  /// when M + αGᵀG is singular (M singular on the motions the rows allow). Not reentrant: one
  /// solver per thread.
  std::optional<ConstrainedAccelerations> solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& F,
                                                const Eigen::MatrixXd& G, const Eigen::VectorXd& g) const;

 private:
  struct Entry {  // A's value `value` takes M(row, column), or adds α G(row, column) G(row, other)
    int value, row, column, other;
  };
  std::size_t p_, m_;
  std::vector<Entry> mass_entries_, products_;
  std::vector<int> row_start_, columns_;  // G's nonzeros by rows (compressed)
  std::vector<int> diagonal_;              // value index of A(j, j)
  mutable Eigen::SparseMatrix<double> A_;  // the lower triangle
  mutable Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower> ldlt_;
};

/// The least-norm λ with Gᵀλ = f (the multipliers of a constraint force f in the speeds' space).
Eigen::VectorXd least_norm_multipliers(const Eigen::MatrixXd& G, const Eigen::VectorXd& f);

/// The mass-orthogonal correction Δ minimizing ½ Δᵀ M Δ subject to J Δ = −r (to first order), by the
/// same penalty iteration (dense): the step that moves a state onto the constraints with the least
/// kinetic metric, defined also where J loses rank. Where M + αJᵀJ is singular (M without inertia
/// along a motion J leaves free), the least-norm step −J⁺r.
Eigen::VectorXd mass_orthogonal_correction(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& r);

}  // namespace adyn::numeric
