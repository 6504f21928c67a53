// The augmented Lagrangian accelerations and mass-orthogonal projections (augmented_lagrangian.hpp).
#include "adyn/numeric/augmented_lagrangian.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "adyn/error.hpp"
#include "adyn/formulations/equations_of_motion.hpp"

namespace adyn::numeric {
namespace {

constexpr int max_iterations = 50;

// α0 · max(diag M) / max |G_i|², one penalty for every row.
double penalty(double largest_mass, double longest_row_squared) {
  return longest_row_squared > 0 ? augmented_lagrangian_penalty * std::max(largest_mass, 1e-300) / longest_row_squared : 0.0;
}

// The iteration of augmented_lagrangian.hpp, x_k+1 = A⁻¹(b + Gᵀμ_k + αGᵀc) with
// μ_k+1 = μ_k + α(c − G x_k+1), over any factorization of A = M + αGᵀG and products with M and G,
// in residual form: x += A⁻¹(b + Gᵀλ − M x) with λ = μ + α(c − G x) the multipliers x implies,
// then μ += α(c − G x). The residual is small and has no term of size α, so the solve's rounding
// (about ε·α relative: 1e-9 for α0 = 1e7) enters only the correction, which vanishes: u̇ is as
// accurate as M and F, and an integrator at tight tolerances meets no noise. Stops when the
// correction settles; returns the iterations made. Near a singular configuration the iteration
// gains only about α σ²/m per step along a row of singular value σ, and the 50 steps it is given
// resolve no more of it: that is the regularization that carries the motion through on its branch.
// (Conjugate gradients on the multiplier equation resolve those directions exactly, the forces
// grow as 1/σ, and A02 leaves the parallelogram at its first crossing.)
template <class Solve, class MassTimes, class Times, class TransposeTimes>
int iterate(const Solve& solve, const MassTimes& mass_times, const Times& times, const TransposeTimes& transpose_times,
            const Eigen::VectorXd& b, double alpha, const Eigen::VectorXd& c, Eigen::VectorXd& x) {
  Eigen::VectorXd mu = Eigen::VectorXd::Zero(c.size());
  x = Eigen::VectorXd::Zero(b.size());
  double previous = std::numeric_limits<double>::infinity();
  for (int k = 1; k <= max_iterations; ++k) {
    const Eigen::VectorXd lambda = mu + alpha * (c - times(x));
    const Eigen::VectorXd correction = solve(b + transpose_times(lambda) - mass_times(x));
    x += correction;
    mu += alpha * (c - times(x));
    const double size = correction.cwiseAbs().maxCoeff(), settled = 1e-14 * (1 + x.cwiseAbs().maxCoeff());
    // Settled, or no longer contracting at the level of the residual's rounding (|Gᵀλ| and |M x|
    // cancel in it): further iterations would only stir the last digits.
    if (size <= settled || (size > 0.5 * previous && size <= 1e3 * settled)) return k;
    previous = size;
  }
  return max_iterations;
}

}  // namespace

AugmentedLagrangianSolver::AugmentedLagrangianSolver(std::size_t p, std::size_t m, const std::vector<bool>& mass_pattern,
                                                     const std::vector<bool>& constraint_pattern)
    : p_(p), m_(m), row_start_{0}, A_(static_cast<Eigen::Index>(p), static_cast<Eigen::Index>(p)) {
  std::map<std::pair<int, int>, int> lower;  // (row ≥ column) → value index, once A is built
  for (std::size_t j = 0; j < p; ++j) lower[{static_cast<int>(j), static_cast<int>(j)}];
  for (std::size_t j = 0; j < p; ++j)
    for (std::size_t k = 0; k <= j; ++k)
      if (mass_pattern[j * p + k] || mass_pattern[k * p + j]) lower[{static_cast<int>(j), static_cast<int>(k)}];
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < p; ++j)
      if (constraint_pattern[i * p + j]) columns_.push_back(static_cast<int>(j));
    row_start_.push_back(static_cast<int>(columns_.size()));
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a)
      for (int b = row_start_[i]; b <= a; ++b) lower[{std::max(columns_[a], columns_[b]), std::min(columns_[a], columns_[b])}];
  }
  std::vector<Eigen::Triplet<double>> triplets;
  for (const auto& [at, unused] : lower) triplets.emplace_back(at.first, at.second, 1.0);
  A_.setFromTriplets(triplets.begin(), triplets.end());
  A_.makeCompressed();
  for (Eigen::Index column = 0; column < A_.outerSize(); ++column)
    for (Eigen::SparseMatrix<double>::InnerIterator it(A_, column); it; ++it)
      lower[{static_cast<int>(it.row()), static_cast<int>(it.col())}] = static_cast<int>(&it.valueRef() - A_.valuePtr());
  diagonal_.resize(p);
  for (std::size_t j = 0; j < p; ++j) diagonal_[j] = lower.at({static_cast<int>(j), static_cast<int>(j)});
  for (std::size_t j = 0; j < p; ++j)
    for (std::size_t k = 0; k <= j; ++k)
      if (mass_pattern[j * p + k] || mass_pattern[k * p + j])
        mass_entries_.push_back({lower.at({static_cast<int>(j), static_cast<int>(k)}), static_cast<int>(j), static_cast<int>(k), 0});
  for (std::size_t i = 0; i < m; ++i)
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a)
      for (int b = row_start_[i]; b <= a; ++b) {
        const int j = std::max(columns_[a], columns_[b]), k = std::min(columns_[a], columns_[b]);
        products_.push_back({lower.at({j, k}), static_cast<int>(i), j, k});
      }
  ldlt_.analyzePattern(A_);
}

AugmentedLagrangianSolver::AugmentedLagrangianSolver(const AugmentedLagrangianSolver& other)
    : p_(other.p_),
      m_(other.m_),
      mass_entries_(other.mass_entries_),
      products_(other.products_),
      row_start_(other.row_start_),
      columns_(other.columns_),
      diagonal_(other.diagonal_),
      A_(other.A_) {
  ldlt_.analyzePattern(A_);
}

std::optional<ConstrainedAccelerations> AugmentedLagrangianSolver::solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& F,
                                                                         const Eigen::MatrixXd& G,
                                                                         const Eigen::VectorXd& g) const {
  double longest = 0;
  for (std::size_t i = 0; i < m_; ++i) {
    double squared = 0;
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a) squared += G(static_cast<Eigen::Index>(i), columns_[a]) * G(static_cast<Eigen::Index>(i), columns_[a]);
    longest = std::max(longest, squared);
  }
  const double alpha = penalty(M.diagonal().cwiseAbs().maxCoeff(), longest);
  double* values = A_.valuePtr();
  std::fill(values, values + A_.nonZeros(), 0.0);
  for (const auto& e : mass_entries_) values[e.value] = M(e.row, e.column);
  for (const auto& e : products_) values[e.value] += alpha * G(e.row, e.column) * G(e.row, e.other);
  ldlt_.factorize(A_);
  Eigen::VectorXd diagonal(static_cast<Eigen::Index>(p_));
  for (std::size_t j = 0; j < p_; ++j) diagonal(static_cast<Eigen::Index>(j)) = values[diagonal_[j]];
  const Eigen::VectorXd permuted = ldlt_.permutationP() * diagonal;
  if (ldlt_.info() != Eigen::Success ||
      !(ldlt_.vectorD().array() > formulations::singular_pivot_ratio * permuted.array().abs()).all())
    return std::nullopt;
  auto times = [&](const Eigen::VectorXd& x) {
    Eigen::VectorXd y(static_cast<Eigen::Index>(m_));
    for (std::size_t i = 0; i < m_; ++i) {
      double sum = 0;
      for (int a = row_start_[i]; a < row_start_[i + 1]; ++a) sum += G(static_cast<Eigen::Index>(i), columns_[a]) * x(columns_[a]);
      y(static_cast<Eigen::Index>(i)) = sum;
    }
    return y;
  };
  auto transpose_times = [&](const Eigen::VectorXd& mu) {
    Eigen::VectorXd y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p_));
    for (std::size_t i = 0; i < m_; ++i)
      for (int a = row_start_[i]; a < row_start_[i + 1]; ++a)
        y(columns_[a]) += G(static_cast<Eigen::Index>(i), columns_[a]) * mu(static_cast<Eigen::Index>(i));
    return y;
  };
  auto mass_times = [&](const Eigen::VectorXd& x) {  // M x from the lower triangle's entries
    Eigen::VectorXd y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p_));
    for (const auto& e : mass_entries_) {
      y(e.row) += M(e.row, e.column) * x(e.column);
      if (e.row != e.column) y(e.column) += M(e.row, e.column) * x(e.row);
    }
    return y;
  };
  ConstrainedAccelerations out;
  out.iterations = iterate([&](const Eigen::VectorXd& b) -> Eigen::VectorXd { return ldlt_.solve(b); }, mass_times,
                           times, transpose_times, F, alpha, g, out.udot);
  out.constraint_force = mass_times(out.udot) - F;
  return out;
}

Eigen::VectorXd least_norm_multipliers(const Eigen::MatrixXd& G, const Eigen::VectorXd& f) {
  return G.transpose().completeOrthogonalDecomposition().solve(f);
}

Eigen::VectorXd mass_orthogonal_correction(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& r) {
  const double alpha = penalty(M.diagonal().cwiseAbs().maxCoeff(), J.rows() ? J.rowwise().squaredNorm().maxCoeff() : 0.0);
  const Eigen::LLT<Eigen::MatrixXd> llt(M + alpha * J.transpose() * J);
  // M has no inertia along some motion these rows leave free (other rows hold it): the least
  // change in the Euclidean metric instead.
  if (llt.info() != Eigen::Success) return -J.completeOrthogonalDecomposition().solve(r);
  Eigen::VectorXd x;
  iterate([&](const Eigen::VectorXd& b) -> Eigen::VectorXd { return llt.solve(b); },
          [&](const Eigen::VectorXd& v) -> Eigen::VectorXd { return M * v; },
          [&](const Eigen::VectorXd& v) -> Eigen::VectorXd { return J * v; },
          [&](const Eigen::VectorXd& mu) -> Eigen::VectorXd { return J.transpose() * mu; },
          Eigen::VectorXd::Zero(M.rows()), alpha, -r, x);
  return x;
}

}  // namespace adyn::numeric
