// The augmented Lagrangian solve of M u̇ = F + Gᵀλ, G u̇ = g (numeric/augmented_lagrangian.hpp):
// the KKT solution where the rows are independent, the same accelerations with a row repeated, a
// defined u̇ where the rows lose rank, the regularization of a nearly lost row by the iteration cap,
// the stop of an iteration that stalls within the caller's tolerance (and not above it), and
// mass-orthogonal corrections equal to their closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "adyn/error.hpp"
#include "adyn/linalg/saddle_point.hpp"
#include "adyn/numeric/augmented_lagrangian.hpp"

using namespace adyn;

namespace {

struct Random {
  std::mt19937 engine{20261125};
  Eigen::MatrixXd matrix(Eigen::Index rows, Eigen::Index cols) {
    std::uniform_real_distribution<double> d(-1, 1);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
      for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = d(engine);
    return m;
  }
  Eigen::MatrixXd positive_definite(Eigen::Index n) {
    const Eigen::MatrixXd a = matrix(n, n);
    return a * a.transpose() + Eigen::MatrixXd::Identity(n, n);
  }
};

std::vector<bool> dense(Eigen::Index rows, Eigen::Index cols) { return std::vector<bool>(static_cast<std::size_t>(rows * cols), true); }

numeric::ConstrainedAccelerations solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& F, const Eigen::MatrixXd& G,
                                        const Eigen::VectorXd& g,
                                        double tolerance = numeric::augmented_lagrangian_rounding) {
  const numeric::AugmentedLagrangianSolver solver(static_cast<std::size_t>(M.rows()), static_cast<std::size_t>(G.rows()),
                                                  dense(M.rows(), M.cols()), dense(G.rows(), G.cols()));
  const auto solved = solver.solve(M, F, G, g, tolerance);
  if (!solved) throw SingularityError("test equations", "singular");
  return *solved;
}

}  // namespace

TEST(AugmentedLagrangian, EqualsTheKktSolutionForIndependentRows) {
  Random random;
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::MatrixXd M = random.positive_definite(6), G = random.matrix(3, 6);
    const Eigen::VectorXd F = random.matrix(6, 1), g = random.matrix(3, 1);
    const auto kkt = linalg::solve_saddle_point(M, F, G, g, "kkt");
    const auto al = solve(M, F, G, g);
    EXPECT_LT((al.udot - kkt.udot).cwiseAbs().maxCoeff(), 1e-13) << trial;
    EXPECT_LT((al.constraint_force - G.transpose() * kkt.lambda).cwiseAbs().maxCoeff(), 1e-12) << trial;
    EXPECT_LE(al.iterations, 4) << trial;
    EXPECT_LT((numeric::least_norm_multipliers(G, al.constraint_force) - kkt.lambda).cwiseAbs().maxCoeff(), 1e-11);
  }
}

// A row repeated (a redundant constraint) changes nothing: the KKT matrix is singular, this is not.
TEST(AugmentedLagrangian, ARepeatedRowChangesNothing) {
  Random random;
  const Eigen::MatrixXd M = random.positive_definite(5), G = random.matrix(2, 5);
  const Eigen::VectorXd F = random.matrix(5, 1), g = random.matrix(2, 1);
  Eigen::MatrixXd G3(3, 5);
  G3 << G, 2 * G.row(1);
  const Eigen::VectorXd g3 = (Eigen::VectorXd(3) << g, 2 * g(1)).finished();
  const auto once = solve(M, F, G, g), repeated = solve(M, F, G3, g3);
  EXPECT_LT((once.udot - repeated.udot).cwiseAbs().maxCoeff(), 1e-13);
  EXPECT_LT((G3 * repeated.udot - g3).cwiseAbs().maxCoeff(), 1e-12);
}

// At a singular configuration the rows lose rank and the part of g no acceleration can meet is
// left: u̇ is the one that meets the rest, found in a bounded number of iterations.
TEST(AugmentedLagrangian, RowsThatLoseRankLeaveTheAccelerationDefined) {
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(2, 2);
  Eigen::MatrixXd G(2, 2);
  G << 1, 0, 1, 0;                       // both rows along x
  const Eigen::Vector2d F(0.5, -1.0), g(2.0, 2.0 + 1e-3);  // and slightly contradictory
  const auto al = solve(M, F, G, g);
  EXPECT_NEAR(al.udot(0), 2.0005, 1e-9);  // the mean of the two rows' demands
  EXPECT_NEAR(al.udot(1), -1.0, 1e-12);   // the free direction: F alone
}

// A redundant row as a run meets it: off the constraints its demand is slightly inconsistent
// (γ) and the rows are dependent only nearly (δ). The independent row is met within two steps;
// after that each step adds the same force αδ(γ − δu̇_y)/2 along the free motion y (5e-10 here),
// which exact rows would not exert. Within a run's tolerance of 1e-9 the iteration stops on that
// stall, the independent row met and with less of the spurious force; at the rounding level it
// runs to the cap as before.
TEST(AugmentedLagrangian, ARedundantRowsStallWithinTheToleranceEndsTheIteration) {
  const double delta = 1e-10, gamma = 1e-6, tolerance = 1e-9;
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::MatrixXd G(2, 3);
  G << 1, 0, 0, 1, delta, 0;
  const Eigen::Vector3d F(0.5, -1.0, 0.3);
  const Eigen::Vector2d g(1.0, 1.0 + gamma);
  const auto stalled = solve(M, F, G, g, tolerance), capped = solve(M, F, G, g);
  EXPECT_LE(stalled.iterations, 5);
  EXPECT_EQ(capped.iterations, numeric::augmented_lagrangian_iterations);
  for (const auto& al : {stalled, capped}) {
    EXPECT_NEAR(al.udot(0), (g(0) + g(1) - delta * al.udot(1)) / 2, 1e-14);  // the rows' least squares
    EXPECT_NEAR(al.udot(2), F(2), 1e-14);                                      // unconstrained
  }
  const double per_step = numeric::augmented_lagrangian_penalty * delta * (gamma - delta * F(1)) / 2;
  EXPECT_NEAR(capped.udot(1) - stalled.udot(1), (capped.iterations - stalled.iterations) * per_step, 1e-11);
  EXPECT_LT(std::abs(stalled.udot(1) - F(1)), std::abs(capped.udot(1) - F(1)) / 3);  // 4 of the cap's 20 steps
  const double scale = 1 + stalled.udot.cwiseAbs().maxCoeff();
  EXPECT_GT(per_step, numeric::augmented_lagrangian_rounding * scale);
  EXPECT_LT(per_step, tolerance * scale);
}

// A stall above the tolerance is not accepted: a row nearly lost at a singular configuration
// (ασ²/m = 1e-3, corrections of about 100 per step) runs to the cap with the run's tolerance as
// with none, and gives the same u̇ (the cap's regularization).
TEST(AugmentedLagrangian, AStallAboveTheToleranceRunsToTheCap) {
  const double sigma = 1e-5;
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::MatrixXd G(2, 3);
  G << 1, 0, 0, 0, sigma, 0;
  const auto loose = solve(M, Eigen::Vector3d::Zero(), G, Eigen::Vector2d(0, 1), 1e-6),
             tight = solve(M, Eigen::Vector3d::Zero(), G, Eigen::Vector2d(0, 1));
  EXPECT_EQ(loose.iterations, numeric::augmented_lagrangian_iterations);
  EXPECT_EQ(tight.iterations, numeric::augmented_lagrangian_iterations);
  EXPECT_EQ(loose.udot, tight.udot);
}

TEST(AugmentedLagrangian, MassOrthogonalCorrectionIsTheClosedForm) {
  Random random;
  const Eigen::MatrixXd M = random.positive_definite(5), J = random.matrix(2, 5);
  const Eigen::VectorXd r = random.matrix(2, 1);
  const Eigen::VectorXd x = numeric::mass_orthogonal_correction(M, J, r);
  const Eigen::MatrixXd Minv = M.inverse();
  const Eigen::VectorXd closed = -Minv * J.transpose() * (J * Minv * J.transpose()).inverse() * r;
  EXPECT_LT((x - closed).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(AugmentedLagrangian, AMassMatrixSingularOnTheFreeMotionsIsReported) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(2, 2), G(1, 2);
  M(0, 0) = 1;
  G << 1, 0;
  EXPECT_THROW(solve(M, Eigen::Vector2d(1, 1), G, Eigen::VectorXd::Zero(1)), SingularityError);
}

// Near a singular configuration a row of singular value σ is met only in part: from λ = 0 the k
// iterations leave (1 + s)^-k of its demand, s = ασ²/m. With a long row fixing α = α0 and a short
// one of length σ, u̇ along the short row is (1 − (1 + α0σ²)^-k)/σ, about 5 % of the exact 1/σ at
// σ = 1e-5: the row is not enforced there, and the motion passes by its inertia.
TEST(AugmentedLagrangian, ANearlyLostRowIsRegularizedByTheIterationCap) {
  const double sigma = 1e-5, s = numeric::augmented_lagrangian_penalty * sigma * sigma;
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::MatrixXd G(2, 3);
  G << 1, 0, 0, 0, sigma, 0;
  const auto al = solve(M, Eigen::Vector3d::Zero(), G, Eigen::Vector2d(0, 1));
  const double met = 1 - std::pow(1 + s, -numeric::augmented_lagrangian_iterations);
  EXPECT_EQ(al.iterations, numeric::augmented_lagrangian_iterations);
  EXPECT_NEAR(al.udot(1) * sigma, met, 1e-12);
  EXPECT_NEAR(al.udot(0), 0.0, 1e-12);
  EXPECT_NEAR(al.udot(2), 0.0, 1e-12);
  EXPECT_LT(met, 0.1);
}
