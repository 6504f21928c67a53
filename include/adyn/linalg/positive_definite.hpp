#pragma once
// When a mass matrix is positive definite to working precision: the pivot test every evaluation
// path applies to its factorization of M (the dense Cholesky factor, the articulated-body
// algorithm's D_k blocks, the augmented Lagrangian's LDLᵀ, the generated C's LDLᵀ).
#include <Eigen/Dense>

namespace adyn::linalg {

/// The reason given when M has no Cholesky factorization, or one with a vanishing pivot.
inline constexpr const char* not_positive_definite =
    "the mass matrix is singular (not positive definite) at this state: the orientation angles at a "
    "singularity (gimbal lock), or no inertia in some direction of motion";

/// A Cholesky (or LDLᵀ) pivot d_j below this fraction of M_jj has lost all but a few digits to
/// cancellation: M is singular to working precision (gimbal lock of an angle sequence, speeds that
/// are not independent), and the solution would be rounding noise.
inline constexpr double singular_pivot_ratio = 1e-12;

/// Whether the pivots d_j = L_jj² of M = L Lᵀ (the lower triangle of `factor`) are all above
/// singular_pivot_ratio · M_jj, given M's diagonal.
bool regular_pivots(const Eigen::Ref<const Eigen::MatrixXd>& factor, const Eigen::Ref<const Eigen::VectorXd>& diagonal);

}  // namespace adyn::linalg
