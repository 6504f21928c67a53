// The singular values counted and located on the Golub–Kahan matrix (linalg/singular_values.hpp),
// against Eigen's SVD of matrices built from chosen singular values.
#include <gtest/gtest.h>

#include <Eigen/SVD>

#include "adyn/linalg/singular_values.hpp"

using adyn::linalg::SingularValueCount;

namespace {

// U diag(sigma) Vᵀ with orthogonal U (rows × rows) and V (cols × cols) from a fixed seed.
Eigen::MatrixXd with_singular_values(Eigen::Index rows, Eigen::Index cols, const Eigen::VectorXd& sigma) {
  std::srand(7);
  const Eigen::MatrixXd U = Eigen::MatrixXd::Random(rows, rows).householderQr().householderQ();
  const Eigen::MatrixXd V = Eigen::MatrixXd::Random(cols, cols).householderQr().householderQ();
  Eigen::MatrixXd S = Eigen::MatrixXd::Zero(rows, cols);
  S.diagonal() = sigma;
  return U * S * V.transpose();
}

}  // namespace

TEST(SingularValueCount, LocatesEverySingularValueOfAWideAndATallMatrix) {
  Eigen::VectorXd sigma = Eigen::VectorXd::LinSpaced(30, 10, 0.1);
  sigma(28) = 3e-8, sigma(29) = 5e-9;  // below and above A02's rank tolerance of 1e-8 · σ₁ = 1e-7
  for (const auto& A : {with_singular_values(30, 31, sigma), Eigen::MatrixXd(with_singular_values(30, 31, sigma).transpose())}) {
    const SingularValueCount count(A);
    ASSERT_EQ(count.size(), 30u);
    const Eigen::VectorXd svd = Eigen::BDCSVD<Eigen::MatrixXd>(A).singularValues();
    for (std::size_t k = 1; k <= 30; ++k) {
      // σ_k to the rounding of the reduction (ε σ₁)
      EXPECT_NEAR(count.value(k), sigma(static_cast<Eigen::Index>(k - 1)), 1e-13) << k;
      EXPECT_NEAR(count.value(k), svd(static_cast<Eigen::Index>(k - 1)), 1e-13) << k;
    }
    EXPECT_NEAR(count.value(29) / 3e-8, 1, 1e-6);
    EXPECT_EQ(count.above(1e-7), 28u);
    EXPECT_EQ(count.above(4e-9), 30u);
    EXPECT_EQ(count.above(11), 0u);
    EXPECT_EQ(count.above(5), 15u);  // 10, 9.66, …, 5.22 above 5
  }
}

TEST(SingularValueCount, CountsAZeroSingularValueAsNotAbove) {
  Eigen::MatrixXd A(3, 4);
  A << 1, 2, 0, 1,  //
      2, 4, 0, 2,   // twice the first row
      0, 1, 1, 0;
  const SingularValueCount count(A);
  EXPECT_EQ(count.above(1e-8 * count.value(1)), 2u);
  EXPECT_LT(count.value(3), 1e-14 * count.value(1));
  EXPECT_NEAR(count.value(1), Eigen::BDCSVD<Eigen::MatrixXd>(A).singularValues()(0), 1e-14);
}

TEST(SingularValueCount, RefusesACountAtZero) {
  const SingularValueCount count(Eigen::MatrixXd::Identity(2, 2));
  EXPECT_THROW(count.above(0), std::invalid_argument);
}
