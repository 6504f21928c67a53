// The augmented Lagrangian accelerations and mass-orthogonal projections (augmented_lagrangian.hpp).
#include "adyn/numeric/augmented_lagrangian.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "adyn/error.hpp"
#include "adyn/linalg/positive_definite.hpp"

namespace adyn::numeric {
namespace {

// α0 · max(diag M) / max |G_i|², one penalty for every row.
double penalty_for(double largest_mass, double longest_row_squared) {
  return longest_row_squared > 0 ? augmented_lagrangian_penalty * std::max(largest_mass, 1e-300) / longest_row_squared : 0.0;
}

// Whether the iteration below has done what it can, after a correction of max-norm `size` (the
// two before it `previous` and `before`) at an x with 1 + max |x_i| = `scale`. The correction,
// A⁻¹αGᵀ(c − Gx), is how far the rows' unmet demand still moves x in one step. It stops when
// - the correction has settled (1e-14 of the scale);
// - it no longer halves at the level of the residual's rounding (augmented_lagrangian_rounding):
//   further steps would only stir the last digits;
// - it stalls within the caller's `tolerance`: two steps in a row it shrank by less than 10 %.
//   Along a row direction of singular value σ a step leaves 1/(1 + s), s = ασ²/m, of the demand:
//   the rows that are independent (s ≫ 1) have then settled to below the correction, and what is
//   left is a demand the steps barely meet (s < 0.11). That is a redundant row whose demand, off
//   the constraints by the integration error, is slightly inconsistent, and which that offset
//   leaves dependent only nearly: each step then adds the same small force along the free motion
//   (IFToMM A04: 3e-11 of u̇ per step, the rows' gap constant at 2.5e-8), a force that the rows
//   on the constraints would not exert. Above the tolerance a stall runs to the cap, as near a
//   singular configuration, where the cap's regularization carries the motion through on its
//   branch (A02, N = 40: the capped solves whose correction stopped shrinking by 10 % did so at
//   3e-8 of the scale or more).
bool finished(double size, double previous, double before, double scale, double tolerance) {
  const bool stalled = size > 0.9 * previous && previous > 0.9 * before;
  return size <= 1e-14 * scale || (size > 0.5 * previous && size <= augmented_lagrangian_rounding * scale) ||
         (stalled && size <= tolerance * scale);
}

// The iteration of augmented_lagrangian.hpp, x_k+1 = A⁻¹(b + Gᵀμ_k + αGᵀc) with
// μ_k+1 = μ_k + α(c − G x_k+1), over any factorization of A = M + αGᵀG and products with M and G,
// in residual form: x += A⁻¹(b + Gᵀλ − M x) with λ = μ + α(c − G x) the multipliers x implies,
// then μ += α(c − G x). The residual is small and has no term of size α, so the solve's rounding
// (about ε·α relative: 1e-9 for α0 = 1e7) enters only the correction, which vanishes: u̇ is as
// accurate as M and F, and an integrator at tight tolerances meets no noise. Stops as finished()
// says; returns the iterations made. Near a singular configuration the iteration
// gains only about α σ²/m per step along a row of singular value σ, and the
// augmented_lagrangian_iterations steps it is given resolve no more of it: that is the
// regularization that carries the motion through on its branch.
// (Conjugate gradients on the multiplier equation resolve those directions exactly, the forces
// grow as 1/σ, and A02 leaves the parallelogram at its first crossing.)
// The products write into their second argument (no allocation per iteration).
template <class Solve, class MassTimes, class Times, class TransposeTimes>
int iterate(const Solve& solve, const MassTimes& mass_times, const Times& times, const TransposeTimes& transpose_times,
            const Eigen::VectorXd& b, double alpha, const Eigen::VectorXd& c, Eigen::VectorXd& x, IterationVectors& v,
            double tolerance = augmented_lagrangian_rounding, int max_iterations = augmented_lagrangian_iterations) {
  const Eigen::Index p = b.size(), m = c.size();
  auto& [mu, gap, lambda, Gx, force, Mx, residual, correction] = v;
  mu.setZero(m);
  gap = c;
  for (auto* sized : {&lambda, &Gx}) sized->resize(m);
  for (auto* sized : {&force, &Mx, &residual, &correction}) sized->resize(p);
  x.setZero(p);
  double previous = std::numeric_limits<double>::infinity(), before = previous;
  for (int k = 1; k <= max_iterations; ++k) {  // elementwise steps as loops: no expression per step
    for (Eigen::Index i = 0; i < m; ++i) lambda(i) = mu(i) + alpha * gap(i);  // gap = c − G x
    transpose_times(lambda, force);
    mass_times(x, Mx);
    for (Eigen::Index j = 0; j < p; ++j) residual(j) = b(j) + force(j) - Mx(j);
    solve(residual, correction);
    double size = 0, largest = 0;
    for (Eigen::Index j = 0; j < p; ++j) {
      x(j) += correction(j);
      size = std::max(size, std::abs(correction(j)));
      largest = std::max(largest, std::abs(x(j)));
    }
    times(x, Gx);
    for (Eigen::Index i = 0; i < m; ++i) {
      gap(i) = c(i) - Gx(i);
      mu(i) += alpha * gap(i);
    }
    if (finished(size, previous, before, 1 + largest, tolerance)) return k;
    before = previous;
    previous = size;
  }
  return max_iterations;
}

}  // namespace

AugmentedLagrangianSolver::AugmentedLagrangianSolver(std::size_t p, std::size_t m, const std::vector<bool>& mass_pattern,
                                                     const std::vector<bool>& constraint_pattern)
    : p_(p), m_(m), row_start_{0}, A_(static_cast<Eigen::Index>(p), static_cast<Eigen::Index>(p)),
      dense_(p <= augmented_lagrangian_dense_speeds) {
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
  for (std::size_t k = 0; k < mass_entries_.size(); ++k)
    if (mass_entries_[k].row != mass_entries_[k].column) off_diagonal_.push_back(static_cast<int>(k));
  for (std::size_t i = 0; i < m; ++i)
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a)
      for (int b = row_start_[i]; b <= a; ++b) {
        const int j = std::max(columns_[a], columns_[b]), k = std::min(columns_[a], columns_[b]);
        products_.push_back({lower.at({j, k}), static_cast<int>(i), j, k});
      }
  if (dense_)
    small_ = linalg::SmallCholesky(p);
  else
    ldlt_.analyzePattern(A_);
  permuted_.resize(static_cast<Eigen::Index>(p));
}

AugmentedLagrangianSolver::AugmentedLagrangianSolver(const AugmentedLagrangianSolver& other)
    : p_(other.p_),
      m_(other.m_),
      mass_entries_(other.mass_entries_),
      products_(other.products_),
      off_diagonal_(other.off_diagonal_),
      row_start_(other.row_start_),
      columns_(other.columns_),
      diagonal_(other.diagonal_),
      g_values_(other.g_values_),
      m_values_(other.m_values_),
      A_(other.A_),
      alpha_(other.alpha_),
      dense_(other.dense_),
      small_(other.small_),
      permuted_(other.permuted_) {
  if (!dense_) ldlt_.analyzePattern(A_);
}

double AugmentedLagrangianSolver::penalty(const MatrixRef& M, const MatrixRef& G) const {
  double longest = 0;
  for (std::size_t i = 0; i < m_; ++i) {
    double squared = 0;
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a) squared += G(static_cast<Eigen::Index>(i), columns_[a]) * G(static_cast<Eigen::Index>(i), columns_[a]);
    longest = std::max(longest, squared);
  }
  return penalty_for(M.diagonal().cwiseAbs().maxCoeff(), longest);
}

bool AugmentedLagrangianSolver::factorize(const MatrixRef& M, const MatrixRef& G, double alpha) const {
  alpha_ = alpha;
  if (dense_) {
    small_.set_zero();
    for (const auto& e : mass_entries_) small_.lower(e.row, e.column) = M(e.row, e.column);
    for (const auto& e : products_) small_.lower(e.column, e.other) += alpha * G(e.row, e.column) * G(e.row, e.other);
    return small_.factorize(linalg::singular_pivot_ratio);
  }
  double* values = A_.valuePtr();
  std::fill(values, values + A_.nonZeros(), 0.0);
  for (const auto& e : mass_entries_) values[e.value] = M(e.row, e.column);
  for (const auto& e : products_) values[e.value] += alpha * G(e.row, e.column) * G(e.row, e.other);
  Eigen::VectorXd diagonal(static_cast<Eigen::Index>(p_));
  for (std::size_t j = 0; j < p_; ++j) diagonal(static_cast<Eigen::Index>(j)) = values[diagonal_[j]];
  ldlt_.factorize(A_);
  const Eigen::VectorXd permuted = ldlt_.permutationP() * diagonal;
  return ldlt_.info() == Eigen::Success &&
         (ldlt_.vectorD().array() > linalg::singular_pivot_ratio * permuted.array().abs()).all();
}

// Eigen's solves in place, without the temporaries of SimplicialLDLT::solve (its permutation in
// place allocates): the iteration solves up to augmented_lagrangian_iterations times per evaluation
// (IFToMM A02 at N = 40: a million solves).
void AugmentedLagrangianSolver::solve_into(const Eigen::VectorXd& r, Eigen::VectorXd& y) const {
  if (dense_) {
    y = r;
    small_.solve_in_place(y.data());
    return;
  }
  permuted_.noalias() = ldlt_.permutationP() * r;  // SimplicialLDLT::solve, step by step
  ldlt_.matrixL().solveInPlace(permuted_);
  permuted_ = ldlt_.vectorD().asDiagonal().inverse() * permuted_;
  ldlt_.matrixU().solveInPlace(permuted_);
  y.resize(static_cast<Eigen::Index>(p_));
  y.noalias() = ldlt_.permutationPinv() * permuted_;
}

Eigen::VectorXd AugmentedLagrangianSolver::solve_factored(const Eigen::VectorXd& b) const {
  Eigen::VectorXd x;
  solve_into(b, x);
  return x;
}

// The structural nonzeros of G (by rows, as columns_) and of M's lower triangle (as mass_entries_),
// gathered once per solve for the products of the iteration; where dense_, G and M whole,
// row-major, for dense loops (a product then adds the structural zeros' exact zeros: the same sums).
void AugmentedLagrangianSolver::gather(const MatrixRef& M, const MatrixRef& G) const {
  if (dense_) {
    g_values_.assign(m_ * p_, 0.0);
    for (std::size_t i = 0; i < m_; ++i)
      for (int a = row_start_[i]; a < row_start_[i + 1]; ++a) g_values_[i * p_ + columns_[a]] = G(static_cast<Eigen::Index>(i), columns_[a]);
    m_values_.assign(p_ * p_, 0.0);
    for (const auto& e : mass_entries_) m_values_[e.row * p_ + e.column] = m_values_[e.column * p_ + e.row] = M(e.row, e.column);
    return;
  }
  g_values_.resize(columns_.size());
  for (std::size_t i = 0; i < m_; ++i)
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a) g_values_[a] = G(static_cast<Eigen::Index>(i), columns_[a]);
  m_values_.resize(mass_entries_.size());
  for (std::size_t k = 0; k < mass_entries_.size(); ++k) m_values_[k] = M(mass_entries_[k].row, mass_entries_[k].column);
}

namespace {

// y = A x for a row-major rows × columns array A.
void dense_times(const double* A, std::size_t rows, std::size_t columns, const double* x, double* y) {
  for (std::size_t i = 0; i < rows; ++i, A += columns) {
    double sum = 0;
    for (std::size_t j = 0; j < columns; ++j) sum += A[j] * x[j];
    y[i] = sum;
  }
}

}  // namespace

// The products of the iteration, on raw arrays held in locals rather than through the vectors'
// members (IFToMM A02 at N = 40: 7.8 → 7.1 G instructions over the run for the three).
void AugmentedLagrangianSolver::gathered_times(const Eigen::VectorXd& x, Eigen::VectorXd& y) const {
  y.resize(static_cast<Eigen::Index>(m_));
  const double* g = g_values_.data();
  const double* xs = x.data();
  double* ys = y.data();
  if (dense_) return dense_times(g, m_, p_, xs, ys);
  const int* start = row_start_.data();
  const int* column = columns_.data();
  for (std::size_t i = 0; i < m_; ++i) {
    double sum = 0;
    for (int a = start[i]; a < start[i + 1]; ++a) sum += g[a] * xs[column[a]];
    ys[i] = sum;
  }
}

void AugmentedLagrangianSolver::gathered_transpose_times(const Eigen::VectorXd& mu, Eigen::VectorXd& y) const {
  y.setZero(static_cast<Eigen::Index>(p_));
  const double* g = g_values_.data();
  const double* mus = mu.data();
  double* ys = y.data();
  if (dense_) {
    for (std::size_t i = 0; i < m_; ++i, g += p_)
      for (std::size_t j = 0; j < p_; ++j) ys[j] += g[j] * mus[i];
    return;
  }
  const int* start = row_start_.data();
  const int* column = columns_.data();
  for (std::size_t i = 0; i < m_; ++i)
    for (int a = start[i]; a < start[i + 1]; ++a) ys[column[a]] += g[a] * mus[i];
}

void AugmentedLagrangianSolver::gathered_mass_times(const Eigen::VectorXd& x, Eigen::VectorXd& y) const {
  y.resize(static_cast<Eigen::Index>(p_));
  const double* values = m_values_.data();
  const double* xs = x.data();
  double* ys = y.data();
  if (dense_) return dense_times(values, p_, p_, xs, ys);
  y.setZero();
  const Entry* entries = mass_entries_.data();  // from the lower triangle's entries, in their order
  for (std::size_t k = 0; k < mass_entries_.size(); ++k) ys[entries[k].row] += values[k] * xs[entries[k].column];
  for (const int k : off_diagonal_) ys[entries[k].column] += values[k] * xs[entries[k].row];
}

Eigen::VectorXd AugmentedLagrangianSolver::times(const MatrixRef& G, const Eigen::VectorXd& x) const {
  Eigen::VectorXd y(static_cast<Eigen::Index>(m_));
  for (std::size_t i = 0; i < m_; ++i) {
    double sum = 0;
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a) sum += G(static_cast<Eigen::Index>(i), columns_[a]) * x(columns_[a]);
    y(static_cast<Eigen::Index>(i)) = sum;
  }
  return y;
}

Eigen::VectorXd AugmentedLagrangianSolver::transpose_times(const MatrixRef& G, const Eigen::VectorXd& mu) const {
  Eigen::VectorXd y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p_));
  for (std::size_t i = 0; i < m_; ++i)
    for (int a = row_start_[i]; a < row_start_[i + 1]; ++a)
      y(columns_[a]) += G(static_cast<Eigen::Index>(i), columns_[a]) * mu(static_cast<Eigen::Index>(i));
  return y;
}

Eigen::VectorXd AugmentedLagrangianSolver::mass_times(const MatrixRef& M, const Eigen::VectorXd& x) const {
  Eigen::VectorXd y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p_));  // from the lower triangle's entries
  for (const auto& e : mass_entries_) {
    y(e.row) += M(e.row, e.column) * x(e.column);
    if (e.row != e.column) y(e.column) += M(e.row, e.column) * x(e.row);
  }
  return y;
}

int AugmentedLagrangianSolver::constrained_minimum(const MatrixRef& M, const MatrixRef& G, const Eigen::VectorXd& b,
                                                   const Eigen::VectorXd& c, Eigen::VectorXd& x, double tolerance,
                                                   int max_iterations) const {
  gather(M, G);
  return iterate([&](const Eigen::VectorXd& r, Eigen::VectorXd& y) { solve_into(r, y); },
                 [&](const Eigen::VectorXd& v, Eigen::VectorXd& y) { gathered_mass_times(v, y); },
                 [&](const Eigen::VectorXd& v, Eigen::VectorXd& y) { gathered_times(v, y); },
                 [&](const Eigen::VectorXd& mu, Eigen::VectorXd& y) { gathered_transpose_times(mu, y); }, b, alpha_, c, x,
                 vectors_, tolerance, max_iterations);
}

std::optional<ConstrainedAccelerations> AugmentedLagrangianSolver::solve(const MatrixRef& M, const Eigen::VectorXd& F,
                                                                         const MatrixRef& G, const Eigen::VectorXd& g,
                                                                         double tolerance) const {
  ConstrainedAccelerations out;
  return solve(M, F, G, g, tolerance, out) ? std::optional(std::move(out)) : std::nullopt;
}

bool AugmentedLagrangianSolver::solve(const MatrixRef& M, const Eigen::VectorXd& F, const MatrixRef& G,
                                      const Eigen::VectorXd& g, double tolerance, ConstrainedAccelerations& out) const {
  if (!factorize(M, G, penalty(M, G))) return false;
  out.iterations = constrained_minimum(M, G, F, g, out.udot, tolerance);
  gathered_mass_times(out.udot, out.constraint_force);  // M u̇ − F, M as gathered by constrained_minimum
  out.constraint_force -= F;
  return true;
}

Eigen::VectorXd least_norm_multipliers(const Eigen::MatrixXd& G, const Eigen::VectorXd& f) {
  return G.transpose().completeOrthogonalDecomposition().solve(f);
}

Eigen::VectorXd mass_orthogonal_correction(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& r) {
  const double alpha = penalty_for(M.diagonal().cwiseAbs().maxCoeff(), J.rows() ? J.rowwise().squaredNorm().maxCoeff() : 0.0);
  const Eigen::LLT<Eigen::MatrixXd> llt(M + alpha * J.transpose() * J);
  // M has no inertia along some motion these rows leave free (other rows hold it): the least
  // change in the Euclidean metric instead.
  if (llt.info() != Eigen::Success) return -J.completeOrthogonalDecomposition().solve(r);
  Eigen::VectorXd x;
  IterationVectors vectors;
  iterate([&](const Eigen::VectorXd& b, Eigen::VectorXd& y) { y = llt.solve(b); },
          [&](const Eigen::VectorXd& v, Eigen::VectorXd& y) { y.noalias() = M * v; },
          [&](const Eigen::VectorXd& v, Eigen::VectorXd& y) { y.noalias() = J * v; },
          [&](const Eigen::VectorXd& mu, Eigen::VectorXd& y) { y.noalias() = J.transpose() * mu; },
          Eigen::VectorXd::Zero(M.rows()), alpha, -r, x, vectors, augmented_lagrangian_rounding,
          augmented_lagrangian_projection_iterations);
  return x;
}

}  // namespace adyn::numeric
