#pragma once
// Dependent speeds solved numerically at run time, where a symbolic elimination would swell (more
// dependent speeds than sym::largest_graph_determinant). The formulation keeps its own equations
// for ALL the speeds, M u̇ = F (Kane's F_r + F*_r with the partial velocities of every speed,
// Gibbs–Appell's ∂S/∂u̇ − Q, Maggi's residual of the unconstrained Lagrangian), with the
// constraint rows at acceleration level, G u̇ = g (ConstraintEnforcement::NumericElimination).
// At each evaluation the rows are partitioned into the dependent speeds u_d and the independent
// u_i, G = [G_d G_i], and
//
//     u̇ = C u̇_i + c,   C = P [I; −G_d⁻¹ G_i],   c = P [0; G_d⁻¹ g]
//
// (P puts the rows back in the speeds' order): C holds the nonholonomic partial velocities
// ∂u_j/∂u_r (Kane & Levinson, Dynamics (1985) §4.4, F̃_r = F_r + Σ_d F_d ∂u_d/∂u_r), the orthogonal
// complement of G (Angeles (2.6.41): [Xᵀ Zᵀ] = Cᵀ), and
//
//     Cᵀ M C u̇_i = Cᵀ (F − M c)
//
// is the method's equations in the independent speeds. Where the dependent block G_d becomes
// ill-conditioned while G keeps its rank, a new dependent set is chosen by a column-pivoted
// factorization of G (generalized coordinate partitioning, Wehage & Haug 1982); where G itself
// loses rank no set exists and the solve stops naming the rows.
#include <Eigen/Dense>

#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"

namespace adyn::formulations {

/// How the dependent speeds (Kane, Gibbs–Appell) or coordinates (Maggi) are eliminated: symbolically
/// up to sym::largest_graph_determinant of them and numerically beyond (Automatic), or numerically
/// whatever their number (Numeric).
enum class DependentSolve { Automatic, Numeric };

/// Whether `rows` dependent speeds are solved numerically under `mode`.
bool solve_numerically(std::size_t rows, DependentSolve mode);

/// "dependent speeds u_d solved numerically: 80 rows exceed the symbolic limit of 20 ..." for
/// equations in ConstraintEnforcement::NumericElimination form (empty otherwise).
std::string numeric_elimination_note(const EquationsOfMotion& eom);

/// A change of the dependent set during a run: the instant (of the evaluation that made it) and the
/// speeds that left and entered the set.
struct PartitionChange {
  double t = 0;
  std::vector<std::string> left, entered;
};

/// The numeric solve of the NumericElimination form, with its current dependent set (a workspace:
/// one per run).
class NumericElimination {
 public:
  /// `dependent`: the columns of G chosen at derivation.
  explicit NumericElimination(std::vector<Eigen::Index> dependent);
  /// u̇ of Cᵀ (M u̇ − F) = 0, G u̇ = g. Where the smallest pivot of G_d's LU falls below
  /// repartition_pivot of G's largest column norm (or its reciprocal condition estimate below
  /// repartition_rcond), the set pivoting on G chooses is taken if its pivot is repartition_gain
  /// times larger. Throws adyn::SingularityError (`what` naming the equations and the
  /// state) when G loses rank — naming its dependent rows by `row_names` — or M is singular on the
  /// motions G allows.
  Eigen::VectorXd solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& F, const Eigen::MatrixXd& G,
                        const Eigen::VectorXd& g, const std::string& what, const std::vector<std::string>& row_names);
  /// The current dependent columns, in increasing order.
  const std::vector<Eigen::Index>& dependent() const { return dependent_; }
  /// Whether the last solve chose a new dependent set; the set before it.
  bool repartitioned() const { return repartitioned_; }
  const std::vector<Eigen::Index>& previous() const { return previous_; }

  /// Below these a new set is sought: the smallest pivot ρ of G_d relative to G's largest column
  /// (the set's block nearly singular where G is not: a pendulum in x, y near y = 0 for u_d = ẏ);
  /// G_d's reciprocal condition estimate (what the pivots of partial pivoting may miss). C holds
  /// G_d⁻¹ G_i, of size up to about 1/ρ, so Cᵀ M C is conditioned up to about 1/ρ² times M:
  /// ρ ≥ 0.1 keeps that within two digits, and the band ρ < 0.1 around a singular block is wide
  /// enough that an integrator's steps do not pass it unseen (at 1e-3 they did: a pendulum in x, y
  /// crosses |y| < 1 mm in about 0.3 ms at 6 m/s, and 10 of its 12 re-partitions were missed).
  /// Near a rank loss of G, where every set's pivot falls, the set changes only for one
  /// repartition_gain times better, so it does not chatter between sets that are equally poor.
  static constexpr double repartition_pivot = 0.1;
  static constexpr double repartition_rcond = 1e-10;
  static constexpr double repartition_gain = 2;

 private:
  void repartition(const Eigen::MatrixXd& M, const Eigen::MatrixXd& G, double pivot, const std::string& what,
                   const std::vector<std::string>& row_names);
  std::vector<Eigen::Index> dependent_, previous_;
  bool repartitioned_ = false;
  Eigen::PartialPivLU<Eigen::MatrixXd> block_;
};

/// "dependent speeds re-chosen at t = 0.71 (x_d left, y_d entered); ..." (the first `shown`), or ""
/// when there are none.
std::string describe(const std::vector<PartitionChange>& changes, std::size_t shown = 3);

/// The columns of eom.numeric_dependent_speeds among eom.speeds, in increasing order.
std::vector<Eigen::Index> numeric_dependent_columns(const EquationsOfMotion& eom);

/// The changes between two dependent sets as a PartitionChange at t, by the speeds' names.
PartitionChange partition_change(double t, const std::vector<Eigen::Index>& before, const std::vector<Eigen::Index>& after,
                                 const std::vector<GiNaC::symbol>& speeds);

}  // namespace adyn::formulations
