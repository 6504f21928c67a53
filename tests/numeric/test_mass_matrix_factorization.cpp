// The LDLᵀ solve of M u̇ = F generated as C for M's structure (mass_matrix_factorization.hpp),
// against Eigen on random symmetric positive definite matrices of several patterns. Needs the C
// compiler (cc), as every native-code test: scripts/setup.sh installs it with the build tools.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdlib>  // setenv
#include <functional>
#include <random>

#include "adyn/numeric/mass_matrix_factorization.hpp"
#include "adyn/numeric/native_code.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

using namespace adyn;

namespace {

numeric::SymmetricPattern pattern_of(const Eigen::MatrixXd& M) {
  const auto p = static_cast<std::size_t>(M.rows());
  std::vector<bool> nonzero(p * p);
  for (std::size_t i = 0; i < p; ++i)
    for (std::size_t j = 0; j < i; ++j) nonzero[i * p + j] = M(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) != 0;
  return numeric::SymmetricPattern(p, nonzero);
}

/// A random SPD matrix with the structural zeros of `mask` (mask(i, j) = 0: M_ij = 0).
Eigen::MatrixXd random_spd(const Eigen::MatrixXd& mask, std::mt19937& rng) {
  std::uniform_real_distribution<double> d(-1, 1);
  const auto p = mask.rows();
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(p, p);
  for (Eigen::Index i = 0; i < p; ++i)
    for (Eigen::Index j = 0; j < i; ++j)
      if (mask(i, j) != 0) M(i, j) = M(j, i) = d(rng);
  for (Eigen::Index i = 0; i < p; ++i) M(i, i) = static_cast<double>(p) + d(rng);  // diagonally dominant
  return M;
}

/// A native function whose outputs are its inputs M (p × p) and F (p), with the generated solve.
numeric::NativeFunction solver_for(const numeric::SymmetricPattern& pattern, std::vector<GiNaC::symbol>& inputs) {
  const std::size_t p = pattern.size();
  inputs.clear();
  for (std::size_t k = 0; k < p * p + p; ++k) inputs.push_back(sym::interned_symbol("mmf_in" + std::to_string(k)));
  std::vector<GiNaC::ex> outputs(inputs.begin(), inputs.end());
  return numeric::NativeFunction(inputs, outputs, numeric::MassMatrixSolve{.matrix_offset = 0, .rhs_offset = p * p, .pattern = pattern});
}

Eigen::MatrixXd mask(int p, const std::function<bool(int, int)>& nonzero) {
  Eigen::MatrixXd m(p, p);
  for (int i = 0; i < p; ++i)
    for (int j = 0; j < p; ++j) m(i, j) = nonzero(i, j) ? 1 : 0;
  return m;
}

}  // namespace

TEST(MassMatrixFactorization, FillInAndOperationCount) {
  // Dense p × p: Σ_j (p − j) j multiply–adds in the factorization, p(p − 1) in the two solves.
  for (int p : {1, 3, 12}) {
    auto dense = pattern_of(Eigen::MatrixXd::Ones(p, p));
    std::size_t expected = static_cast<std::size_t>(p * (p - 1));
    for (int j = 0; j < p; ++j) expected += static_cast<std::size_t>((p - j) * j);
    EXPECT_EQ(numeric::ldlt_operation_count(dense), expected) << p;
  }
  // An arrow pointing up-left (first row and column full) fills in completely; pointing
  // down-right (last row and column full) it keeps its zeros.
  auto up = pattern_of(mask(5, [](int i, int j) { return i == j || i == 0 || j == 0; }));
  auto down = pattern_of(mask(5, [](int i, int j) { return i == j || i == 4 || j == 4; }));
  auto up_l = numeric::factor_pattern(up), down_l = numeric::factor_pattern(down);
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < i; ++j) {
      EXPECT_TRUE(up_l.nonzero(i, j));
      EXPECT_EQ(down_l.nonzero(i, j), i == 4);
    }
  // Two decoupled blocks stay decoupled.
  auto blocks = numeric::factor_pattern(pattern_of(mask(6, [](int i, int j) { return (i < 3) == (j < 3); })));
  EXPECT_FALSE(blocks.nonzero(4, 1));
  EXPECT_TRUE(blocks.nonzero(5, 3));
}

TEST(MassMatrixFactorization, GeneratedSolveAgreesWithEigen) {
  ::setenv("ADYN_CACHE_DIR", (::testing::TempDir() + "adyn-native-cache").c_str(), 1);
  std::mt19937 rng(11);
  const std::vector<Eigen::MatrixXd> masks = {
      Eigen::MatrixXd::Ones(1, 1), Eigen::MatrixXd::Ones(7, 7),
      mask(8, [](int i, int j) { return std::abs(i - j) <= 1; }),                     // tridiagonal (a serial chain in relative speeds)
      mask(7, [](int i, int j) { return i == j || i == 6 || j == 6; }),              // arrow
      mask(9, [](int i, int j) { return (i / 3) == (j / 3) || i == 0 || j == 0; })};  // a base with three branches
  for (const auto& m : masks) {
    const auto pattern = pattern_of(random_spd(m, rng));
    std::vector<GiNaC::symbol> inputs;
    const auto solver = solver_for(pattern, inputs);
    ASSERT_TRUE(solver.solves());
    for (int trial = 0; trial < 3; ++trial) {
      const Eigen::MatrixXd M = random_spd(m, rng);
      const auto p = M.rows();
      Eigen::VectorXd F = Eigen::VectorXd::Random(p);
      std::vector<double> in(inputs.size()), out(inputs.size());
      Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(in.data(), p, p) = M;
      Eigen::Map<Eigen::VectorXd>(in.data() + p * p, p) = F;
      ASSERT_EQ(solver.evaluate_and_solve(in.data(), out.data()), 0);
      const Eigen::VectorXd expected = M.llt().solve(F);
      const Eigen::VectorXd udot = Eigen::Map<const Eigen::VectorXd>(out.data() + p * p, p);
      EXPECT_LT((udot - expected).norm(), 1e-13 * (1 + expected.norm())) << "p = " << p;
    }
  }
}

TEST(MassMatrixFactorization, ReportsTheFirstPivotThatIsNotPositive) {
  ::setenv("ADYN_CACHE_DIR", (::testing::TempDir() + "adyn-native-cache").c_str(), 1);
  const auto pattern = pattern_of(Eigen::MatrixXd::Ones(3, 3));
  std::vector<GiNaC::symbol> inputs;
  const auto solver = solver_for(pattern, inputs);
  auto solve = [&](const Eigen::Matrix3d& M) {
    std::vector<double> in(12, 1.0), out(12);
    Eigen::Map<Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(in.data()) = M;
    return solver.evaluate_and_solve(in.data(), out.data());
  };
  Eigen::Matrix3d singular;
  singular << 1, 1, 0, 1, 1, 0, 0, 0, 1;  // rank 2: the second pivot is 0
  EXPECT_EQ(solve(singular), 2);
  Eigen::Matrix3d indefinite = Eigen::Vector3d(1, 2, -1).asDiagonal();
  EXPECT_EQ(solve(indefinite), 3);
  Eigen::Matrix3d not_finite = Eigen::Matrix3d::Identity();
  not_finite(0, 0) = std::nan("");
  EXPECT_EQ(solve(not_finite), 1);
}
