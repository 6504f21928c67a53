// Numerical pivoting for dependent speeds and coordinates (linalg/column_pivoting.hpp).
#include <gtest/gtest.h>

#include "adyn/linalg/column_pivoting.hpp"

using adyn::linalg::pivoted_columns;

TEST(ColumnPivoting, TakesTheLargestColumnThenTheLargestRemainder) {
  Eigen::MatrixXd A(2, 4);
  A << 1, 3, 0.1, 2,  //
      0, 0, 1.0, 1;
  // First column 1 (norm 3); with its direction removed, the remainders are 0, 1 and 1 (columns 0,
  // 2, 3): the tie goes to column 2, the first.
  EXPECT_EQ(pivoted_columns(A), (std::vector<std::size_t>{1, 2}));
}

TEST(ColumnPivoting, DoesNotDependOnTheOrderOfTheColumns) {
  Eigen::MatrixXd A(2, 3), B(2, 3);
  A << 0.2, 5, 1,  //
      1, 0, 0.3;
  B << A.col(2), A.col(0), A.col(1);  // the same unknowns listed in another order
  EXPECT_EQ(pivoted_columns(A), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(pivoted_columns(B), (std::vector<std::size_t>{1, 2}));
}

TEST(ColumnPivoting, LowerTiersFirst) {
  Eigen::MatrixXd A(1, 3);
  A << 10, 1, 5;
  EXPECT_EQ(pivoted_columns(A, {1, 0, 0}), (std::vector<std::size_t>{2}));
  // A lower tier whose columns vanish gives way to the next.
  EXPECT_EQ(pivoted_columns(A.cwiseProduct(Eigen::RowVector3d(1, 0, 0)), {1, 0, 0}), (std::vector<std::size_t>{0}));
}

TEST(ColumnPivoting, RankDeficientMatrixGivesFewerColumns) {
  Eigen::MatrixXd A(3, 3);
  A << 1, 2, 3,  //
      2, 4, 6,   //
      0, 1, 1;
  EXPECT_EQ(pivoted_columns(A).size(), 2u);
  EXPECT_TRUE(pivoted_columns(Eigen::MatrixXd::Zero(2, 3)).empty());
}
