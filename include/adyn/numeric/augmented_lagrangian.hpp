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
// The matrix M + αGᵀG is assembled on the structural nonzeros of M and G and factored sparsely
// (Eigen's simplicial LDLᵀ, its ordering and pattern analysed once), so a long chain of closed loops
// costs what its bandwidth does, not p³; up to augmented_lagrangian_dense_speeds speeds it is
// factored densely (Cholesky, LLᵀ: linalg::SmallCholesky), where the sparse solve's bookkeeping costs
// more than the p³/6 operations. The iteration's vectors are kept between solves: a solve allocates nothing.
#include <Eigen/Dense>
#include <Eigen/Sparse>

#include <optional>
#include <vector>

#include "adyn/linalg/small_cholesky.hpp"

namespace adyn::numeric {

/// The penalty scale α0 relative to M (Bayo & Ledesma use 1e7 for unit masses): the iteration
/// gains about this factor per step in every direction the rows constrain well.
inline constexpr double augmented_lagrangian_penalty = 1e7;
/// The iterations a solve of the accelerations may take. From λ = 0, k of them leave the fraction
/// (1 + s)^-k of a row's demand unmet along a direction where s = ασ²/m (σ the rows' singular value
/// there): none where the rows are far from dependent, and near a singular configuration (s → 0)
/// about e^-ks, the regularization that carries the motion through on its branch. Not a free
/// parameter (docs/performance.md): fewer iterations at a larger α0 with the same k·α0 (10 at 5e7,
/// 12, 16, 25) passed IFToMM A02 (N = 2) on the other branch at some tolerances; at α0 = 1e7, with
/// the regularized steps' looser error control (SimulationOptions::regularized_tolerance_factor),
/// 20 kept A02 on its branch at N = 2 and 40 over rtol 1e-11 to 2e-9 with no more re-steps than 50
/// and 10 did not (27 re-steps at N = 40, rtol 1e-11). A capped solve costs all of them: A02 at
/// N = 40 spent 40 % of its run in the capped solves at 50.
inline constexpr int augmented_lagrangian_iterations = 20;
/// The iterations a projection onto the constraints may take (mass_orthogonal_correction, the
/// index-3 form's projections): made at the samples or once per step, where their count costs
/// little, so as many as the accelerations took before their cap was lowered.
inline constexpr int augmented_lagrangian_projection_iterations = 50;
/// The relative accuracy of u̇ (of 1 + max |u̇_i|) a solve is held to when its caller names none:
/// the level of the iteration's own rounding (|Gᵀλ| and |M u̇| cancel in its residual).
inline constexpr double augmented_lagrangian_rounding = 1e-11;

/// The speeds up to which M + αGᵀG is factored densely: at IFToMM A04's 5 the sparse LDLᵀ's
/// factorization took 4.8 k instructions and each solve of the iteration about 1 k
/// (docs/performance.md, "The augmented Lagrangian's small systems").
inline constexpr std::size_t augmented_lagrangian_dense_speeds = 16;

/// Row-major dense matrices, as the compiled equations write M and G (views of them bind without a copy).
using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MatrixRef = Eigen::Ref<const RowMajorMatrix>;

/// The vectors of the iteration (augmented_lagrangian.cpp, iterate()), kept so that a solve
/// allocates none.
struct IterationVectors {
  Eigen::VectorXd mu, gap, lambda, Gx, force, Mx, residual, correction;
};

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
  /// when M + αGᵀG is singular (M singular on the motions the rows allow). `tolerance` is the
  /// relative accuracy of u̇ the caller needs (simulate: its rtol): an iteration that stalls below
  /// it stops there (augmented_lagrangian.cpp, iterate()). Not reentrant: one solver per thread.
  std::optional<ConstrainedAccelerations> solve(const MatrixRef& M, const Eigen::VectorXd& F, const MatrixRef& G,
                                                const Eigen::VectorXd& g,
                                                double tolerance = augmented_lagrangian_rounding) const;
  /// The same into `out`, its vectors reused (nothing allocated once they have their sizes); false
  /// where solve() gives nothing.
  bool solve(const MatrixRef& M, const Eigen::VectorXd& F, const MatrixRef& G, const Eigen::VectorXd& g, double tolerance,
             ConstrainedAccelerations& out) const;

  // The parts of solve(), also the steps of the index-3 form (index3_augmented_lagrangian.cpp),
  // which factors A once per Newton iteration and projects with it.
  /// solve()'s penalty α = α0 · max(diag M) / max |G_i|².
  double penalty(const MatrixRef& M, const MatrixRef& G) const;
  /// Factors A = M + αGᵀG (only the structural nonzeros of M and G are read); false when A is
  /// singular (the pivot test of solve()).
  bool factorize(const MatrixRef& M, const MatrixRef& G, double alpha) const;
  /// A⁻¹ b with the last factorization.
  Eigen::VectorXd solve_factored(const Eigen::VectorXd& b) const;
  /// The x minimizing ½ xᵀM x − bᵀx subject to G x = c (as far as the rows resolve it: solve()'s
  /// iteration, with the last factorization as its preconditioner and its α; M and G may differ
  /// from the factored ones by a step), to solve()'s `tolerance`, in at most `max_iterations`.
  /// Returns the iterations made.
  int constrained_minimum(const MatrixRef& M, const MatrixRef& G, const Eigen::VectorXd& b, const Eigen::VectorXd& c,
                          Eigen::VectorXd& x, double tolerance = augmented_lagrangian_rounding,
                          int max_iterations = augmented_lagrangian_iterations) const;
  /// G x and Gᵀ y on G's structural nonzeros.
  Eigen::VectorXd times(const MatrixRef& G, const Eigen::VectorXd& x) const;
  Eigen::VectorXd transpose_times(const MatrixRef& G, const Eigen::VectorXd& y) const;
  /// M x on M's structural nonzeros (M symmetric).
  Eigen::VectorXd mass_times(const MatrixRef& M, const Eigen::VectorXd& x) const;

 private:
  struct Entry {  // A's value `value` takes M(row, column), or adds α G(row, column) G(row, other)
    int value, row, column, other;
  };
  std::size_t p_, m_;
  std::vector<Entry> mass_entries_, products_;
  std::vector<int> off_diagonal_;          // the mass entries off the diagonal
  std::vector<int> row_start_, columns_;  // G's nonzeros by rows (compressed)
  std::vector<int> diagonal_;              // value index of A(j, j)
  mutable std::vector<double> g_values_, m_values_;  // G's nonzeros (as columns_), M's (as mass_entries_); where dense_ both whole, row-major
  void gather(const MatrixRef& M, const MatrixRef& G) const;
  void gathered_times(const Eigen::VectorXd& x, Eigen::VectorXd& y) const;
  void gathered_transpose_times(const Eigen::VectorXd& mu, Eigen::VectorXd& y) const;
  void gathered_mass_times(const Eigen::VectorXd& x, Eigen::VectorXd& y) const;
  /// y = A⁻¹ r by the last factorization.
  void solve_into(const Eigen::VectorXd& r, Eigen::VectorXd& y) const;
  mutable Eigen::SparseMatrix<double> A_;  // the lower triangle
  mutable double alpha_ = 0;               // the penalty of the last factorization
  bool dense_;                             // p ≤ augmented_lagrangian_dense_speeds
  mutable Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower> ldlt_;
  mutable linalg::SmallCholesky small_;    // A and its factor, where dense_
  mutable Eigen::VectorXd permuted_;       // the sparse solve's work vector
  mutable IterationVectors vectors_;
};

/// The least-norm λ with Gᵀλ = f (the multipliers of a constraint force f in the speeds' space).
Eigen::VectorXd least_norm_multipliers(const Eigen::MatrixXd& G, const Eigen::VectorXd& f);

/// The mass-orthogonal correction Δ minimizing ½ Δᵀ M Δ subject to J Δ = −r (to first order), by the
/// same penalty iteration (dense): the step that moves a state onto the constraints with the least
/// kinetic metric, defined also where J loses rank. Where M + αJᵀJ is singular (M without inertia
/// along a motion J leaves free), the least-norm step −J⁺r.
Eigen::VectorXd mass_orthogonal_correction(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& r);

}  // namespace adyn::numeric
