// The augmented Lagrangian accelerations and mass-orthogonal projections (augmented_lagrangian.hpp).
#include "adyn/numeric/augmented_lagrangian.hpp"

#include <algorithm>
#include <cmath>
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

// x = solve(b + Gᵀμ + α Gᵀc), μ += α (c − G x), from μ = 0 until x settles: the iteration of
// augmented_lagrangian.hpp over any factorization and product with G. Returns the iterations made.
template <class Solve, class Times, class TransposeTimes>
int iterate(const Solve& solve, const Times& times, const TransposeTimes& transpose_times, const Eigen::VectorXd& b,
            double alpha, const Eigen::VectorXd& c, Eigen::VectorXd& x) {
  Eigen::VectorXd mu = Eigen::VectorXd::Zero(c.size());
  const Eigen::VectorXd pushed = b + alpha * transpose_times(c);
  x = Eigen::VectorXd::Zero(b.size());
  for (int k = 1; k <= max_iterations; ++k) {
    const Eigen::VectorXd next = solve(pushed + transpose_times(mu));
    const double change = (next - x).cwiseAbs().maxCoeff(), size = next.cwiseAbs().maxCoeff();
    x = next;
    mu += alpha * (c - times(x));
    if (change <= 1e-14 * (1 + size)) return k;
  }
  return max_iterations;
}

}  // namespace

AugmentedLagrangianSolver::AugmentedLagrangianSolver(std::size_t p, std::size_t m, const std::vector<bool>& mass_pattern,
                                                     const std::vector<bool>& constraint_pattern)
    : p_(p), m_(m), row_entries_(m), A_(static_cast<Eigen::Index>(p), static_cast<Eigen::Index>(p)) {
  std::map<std::pair<int, int>, int> lower;  // (row ≥ column) → value index, once A is built
  for (std::size_t j = 0; j < p; ++j) lower[{static_cast<int>(j), static_cast<int>(j)}];
  for (std::size_t j = 0; j < p; ++j)
    for (std::size_t k = 0; k <= j; ++k)
      if (mass_pattern[j * p + k] || mass_pattern[k * p + j]) lower[{static_cast<int>(j), static_cast<int>(k)}];
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < p; ++j)
      if (constraint_pattern[i * p + j]) row_entries_[i].push_back(static_cast<int>(j));
    for (int j : row_entries_[i])
      for (int k : row_entries_[i])
        if (k <= j) lower[{j, k}];
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
    for (int j : row_entries_[i])
      for (int k : row_entries_[i])
        if (k <= j) products_.push_back({lower.at({j, k}), static_cast<int>(i), j, k});
  ldlt_.analyzePattern(A_);
}

ConstrainedAccelerations AugmentedLagrangianSolver::solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& F,
                                                          const Eigen::MatrixXd& G, const Eigen::VectorXd& g,
                                                          const std::string& what) const {
  double longest = 0;
  for (std::size_t i = 0; i < m_; ++i) {
    double squared = 0;
    for (int j : row_entries_[i]) squared += G(static_cast<Eigen::Index>(i), j) * G(static_cast<Eigen::Index>(i), j);
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
  const Eigen::VectorXd pivots = ldlt_.vectorD(), permuted = ldlt_.permutationP() * diagonal;
  if (ldlt_.info() != Eigen::Success ||
      !(pivots.array() > formulations::singular_pivot_ratio * permuted.array().abs()).all())
    throw SingularityError(what, formulations::not_positive_definite);
  auto times = [&](const Eigen::VectorXd& x) {
    Eigen::VectorXd y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(m_));
    for (std::size_t i = 0; i < m_; ++i)
      for (int j : row_entries_[i]) y(static_cast<Eigen::Index>(i)) += G(static_cast<Eigen::Index>(i), j) * x(j);
    return y;
  };
  auto transpose_times = [&](const Eigen::VectorXd& mu) {
    Eigen::VectorXd y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p_));
    for (std::size_t i = 0; i < m_; ++i)
      for (int j : row_entries_[i]) y(j) += G(static_cast<Eigen::Index>(i), j) * mu(static_cast<Eigen::Index>(i));
    return y;
  };
  ConstrainedAccelerations out;
  out.iterations = iterate([&](const Eigen::VectorXd& b) -> Eigen::VectorXd { return ldlt_.solve(b); }, times,
                           transpose_times, F, alpha, g, out.udot);
  out.constraint_force = M * out.udot - F;
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
          [&](const Eigen::VectorXd& v) -> Eigen::VectorXd { return J * v; },
          [&](const Eigen::VectorXd& mu) -> Eigen::VectorXd { return J.transpose() * mu; },
          Eigen::VectorXd::Zero(M.rows()), alpha, -r, x);
  return x;
}

}  // namespace adyn::numeric
