// The small dense Cholesky factorization (linalg/small_cholesky.hpp) against Eigen's LLT.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>

#include "adyn/linalg/positive_definite.hpp"
#include "adyn/linalg/small_cholesky.hpp"

using adyn::linalg::SmallCholesky;

namespace {

void load(SmallCholesky& chol, const Eigen::MatrixXd& A) {
  chol.set_zero();
  for (Eigen::Index j = 0; j < A.rows(); ++j)
    for (Eigen::Index k = 0; k <= j; ++k) chol.lower(static_cast<std::size_t>(j), static_cast<std::size_t>(k)) = A(j, k);
}

}  // namespace

TEST(SmallCholesky, SolvesAsEigensLltForEverySizeUpToSixteen) {
  std::srand(11);
  for (int n = 1; n <= 16; ++n) {
    const Eigen::MatrixXd B = Eigen::MatrixXd::Random(n, n);
    const Eigen::MatrixXd A = B * B.transpose() + 0.1 * Eigen::MatrixXd::Identity(n, n);
    const Eigen::VectorXd b = Eigen::VectorXd::Random(n);
    SmallCholesky chol(static_cast<std::size_t>(n));
    load(chol, A);
    ASSERT_TRUE(chol.factorize(adyn::linalg::singular_pivot_ratio)) << n;
    Eigen::VectorXd x = b;
    chol.solve_in_place(x.data());
    const Eigen::VectorXd reference = A.llt().solve(b);
    EXPECT_LT((x - reference).norm(), 1e-12 * (1 + reference.norm())) << n;
    EXPECT_LT((A * x - b).norm(), 1e-12 * (1 + b.norm())) << n;
  }
}

TEST(SmallCholesky, ClearsTheFillInOfTheLastFactorization) {
  // Factored once dense, then a tridiagonal matrix written only on its band: the entries outside it
  // must read zero, not the previous factor.
  std::srand(5);
  const int n = 6;
  const Eigen::MatrixXd B = Eigen::MatrixXd::Random(n, n);
  SmallCholesky chol(n);
  load(chol, B * B.transpose() + Eigen::MatrixXd::Identity(n, n));
  ASSERT_TRUE(chol.factorize(adyn::linalg::singular_pivot_ratio));
  Eigen::MatrixXd T = Eigen::MatrixXd::Zero(n, n);
  chol.set_zero();
  for (int j = 0; j < n; ++j) {
    T(j, j) = chol.lower(j, j) = 4;
    if (j > 0) T(j, j - 1) = T(j - 1, j) = chol.lower(j, j - 1) = 1;
  }
  ASSERT_TRUE(chol.factorize(adyn::linalg::singular_pivot_ratio));
  Eigen::VectorXd x = Eigen::VectorXd::Ones(n);
  chol.solve_in_place(x.data());
  EXPECT_LT((T * x - Eigen::VectorXd::Ones(n)).norm(), 1e-14);
}

TEST(SmallCholesky, RefusesAMatrixSingularToWorkingPrecisionOrNotFinite) {
  SmallCholesky chol(3);
  const Eigen::Vector3d v(1, 2, 3);
  load(chol, v * v.transpose());  // rank 1: the second pivot cancels to rounding
  EXPECT_FALSE(chol.factorize(adyn::linalg::singular_pivot_ratio));
  load(chol, Eigen::Matrix3d::Identity());
  chol.lower(1, 1) = -1;  // indefinite
  EXPECT_FALSE(chol.factorize(adyn::linalg::singular_pivot_ratio));
  load(chol, Eigen::Matrix3d::Identity());
  chol.lower(2, 0) = std::nan("");
  EXPECT_FALSE(chol.factorize(adyn::linalg::singular_pivot_ratio));
}
