#pragma once
// The rank of the constraint rows along a run: of the constraint Jacobian G of the multiplier and
// Udwadia–Kalaba forms, or of the block of the rows that the elimination methods solve for their
// dependent speeds. The rank is counted by the singular values: those at or below rank_tolerance
// times the largest are zero (counted on the bidiagonal form, linalg/singular_values.hpp: 0.5 ms
// for A02's 80 × 81 rows), only where a column-pivoted QR of Jᵀ (80 µs) finds the rows near
// dependence (svd_guard). A change of rank is an instant (a singular configuration such as the
// horizontal positions of IFToMM A02) that lies between the output samples in general, so the run
// watches the indicator s = |R_rr| / |R_11| of that QR (r the rank seen elsewhere; it falls with σ_r / σ_1):
// where it falls towards zero at a sample, the integrator's dense output is asked for states before
// the next sample, each halfway to where s's secant reaches zero (up to 3/4 of the way while the
// secants agree and s is above the SVD guard), until s is below the tolerance
// (the instant, to about tolerance / |ṡ|) or rises again (no loss of rank). A minimum of s between
// three samples that the probes did not resolve, and that a V of their steeper slope puts at or
// below zero, is reported as a change between the outer samples ("not located"), never dropped.
// Rows dependent at every sample (Bricard's overconstrained loop) are reported once as redundant,
// not as a change.
#include <Eigen/Dense>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace adyn::numeric {

/// Singular values at or below this fraction of the largest count as zero.
inline constexpr double rank_tolerance = 1e-8;
/// The singular values are counted only where the rows may be dependent: where a pivot |R_kk| of the
/// column-pivoted QR of Jᵀ falls below this fraction of |R_11| (or the rows outnumber the
/// columns). A pivot is within a small factor of the singular value it stands for in practice
/// (Golub & Van Loan 5.4.2; at A02's crossings 5 σ_r/σ_1): 100 times the rank tolerance is the
/// margin. The probes halving towards a crossing need the count for their last 4 or 5.
inline constexpr double svd_guard = 1e-6;

/// The rank of J, with the indicator |R_rr| / |R_11| of the
/// column-pivoted QR of Jᵀ for `expected` = r (1 when r is 0, 0 when J has fewer than r rows or columns) and, where the
/// singular values were counted (the rows near dependence), σ_r / σ_1 of J; `transposed_qr` is that QR of Jᵀ
/// (empty for an empty J).
struct RankAt {
  std::size_t rank = 0;
  double indicator = 1;
  double singular_ratio = std::nan("");
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> transposed_qr;
};
RankAt rank_at(const Eigen::MatrixXd& J, std::size_t expected);
/// The rows of J of rank `rank` that depend on the others: those a column-pivoted QR of J's
/// row-normalized transpose takes after its rank (a second QR, made only where a report names them).
std::vector<std::size_t> dependent_rows(const Eigen::MatrixXd& J, std::size_t rank);

/// A loss of rank during a run: the rank at instant t and the rows then dependent; `located` false
/// when it lies somewhere in (from, t) between samples; `restored` the first check after it at full
/// rank (NaN: not before the run ended).
struct RankChange {
  double t = 0, from = 0, restored = 0;
  bool located = true;
  std::size_t rank = 0;
  std::vector<std::string> dependent;
};

struct ConstraintRank {
  std::string matrix;                  // "constraint Jacobian", "dependent speeds' block"; empty: none watched
  std::size_t rows = 0, rank = 0;      // rank: the largest seen
  std::vector<std::string> redundant;  // rows dependent at every check (rank < rows throughout)
  std::vector<RankChange> changes;     // the instants where the rank fell below `rank`
  long checks = 0;                     // samples and probes where the rank was computed

  /// "constraint rank: 4 of 4 rows; 2 at t = 0.285263 (rows 'pin B1 y', 'pin B2 y'), 4 again at
  /// t = 0.3; ... (26 changes, the first 3 shown)", "... at every sample ...", or "" when no rows.
  std::string describe(std::size_t shown = 3) const;
};

}  // namespace adyn::numeric
