// The numeric solve of M u̇ = F + Gᵀλ, G u̇ = g says why it is singular in the user's terms: the
// constraint rows that became dependent, by name (not "the mass matrix is singular on the
// constraint tangent space" while M is positive definite), or M itself.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/linalg/saddle_point.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

std::string singularity(const Eigen::MatrixXd& M, const Eigen::MatrixXd& G, const std::vector<std::string>& names) {
  return test::thrown_message<SingularityError>([&] {
    linalg::solve_saddle_point(M, Eigen::VectorXd::Ones(M.rows()), G, Eigen::VectorXd::Zero(G.rows()), "equations", names);
  });
}

}  // namespace

// A point on two unit circles, centred 2 apart, where they touch at (1, 0): both constraint
// gradients lie along x, the Jacobian has rank 1 of 2, and M = I is regular.
TEST(SaddlePointSolve, NamesTheConstraintThatDependsOnTheOthers) {
  Eigen::MatrixXd G(2, 2);
  G << 2, 0, -2, 0;
  const auto what = singularity(Eigen::MatrixXd::Identity(2, 2), G, {"circle a", "circle b"});
  EXPECT_NE(what.find("the constraint Jacobian loses rank (1 of 2): constraint 'circle b' depends on the others"),
            std::string::npos)
      << what;
  EXPECT_EQ(what.find("mass matrix"), std::string::npos) << what;
}

// Three rows over two speeds, one the sum of the others scaled: the row pivoted last is named.
TEST(SaddlePointSolve, NamesEveryDependentRow) {
  Eigen::MatrixXd G(3, 3);
  G << 1, 0, 0, 0, 1, 0, 3, 3, 0;
  const auto what = singularity(Eigen::MatrixXd::Identity(3, 3), G, {"a", "b", "c"});
  EXPECT_NE(what.find("(2 of 3): constraint '"), std::string::npos) << what;
}

TEST(SaddlePointSolve, ASingularMassMatrixOnTheAllowedMotionsIsSaidSo) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(2, 2), G(1, 2);
  M(0, 0) = 1;  // no inertia along the second coordinate, which the constraint leaves free
  G << 1, 0;
  const auto what = singularity(M, G, {"a"});
  EXPECT_NE(what.find("the mass matrix is singular on the motions the constraints allow"), std::string::npos) << what;
}
