// The index-3 augmented Lagrangian integrator (`ali3p`, src/numeric/index3_augmented_lagrangian.cpp)
// against independent references: the pendulum in Cartesian coordinates (Géradin E1.10) against its
// angle's ODE, at second order in the step; IFToMM A02 through its singular positions against the
// parallelogram, and A04 (a redundant row) against the SymPy/SciPy reference of
// tests/numeric/references/iftomm_a04_bricard.py; and the systems it refuses.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/numeric/simulation.hpp"
#include "iftomm_support.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::test;

namespace {

numeric::SimulationOptions index3(double t_end, double output_step, double step = 0) {
  auto o = run_options(t_end, output_step);
  o.integrator = numeric::Integrator::AugmentedLagrangianIndex3;
  o.fixed_step = step;
  return o;
}

// θ of the pendulum θ'' = −(g/l) sin θ (g = 9.81, l = 1) from θ = 0.5 at rest, at t, by RK4 at 1e-5 s.
double pendulum_angle(double t) {
  Eigen::Vector2d y(0.5, 0.0);
  const auto f = [](const Eigen::Vector2d& x) { return Eigen::Vector2d(x(1), -9.81 * std::sin(x(0))); };
  const int steps = static_cast<int>(std::lround(t / 1e-5));
  for (int k = 0; k < steps; ++k) {
    const double h = 1e-5;
    const Eigen::Vector2d k1 = f(y), k2 = f(y + h / 2 * k1), k3 = f(y + h / 2 * k2), k4 = f(y + h * k3);
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return y(0);
}

// The bob's horizontal position u2 = l sin θ at t = 2 s, its error against the reference.
double cartesian_pendulum_error(double step) {
  const auto tr = simulate_example("geradin_e1_10_cartesian_pendulum.yaml", "lagrange", index3(2, 0.1, step));
  EXPECT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  const auto u2 = static_cast<Eigen::Index>(column(tr.coordinate_names, "u2"));
  return std::abs(tr.q.back()(u2) - std::sin(pendulum_angle(2)));
}

}  // namespace

// The trapezoidal rule is of second order: halving the step quarters the error (measured: 3.3e-5,
// 8.1e-6, 2.0e-6 m at 0.01, 0.005, 0.0025 s).
TEST(Geradin_E1_10_CartesianPendulum, Index3AugmentedLagrangianConvergesAtSecondOrder) {
  const double e1 = cartesian_pendulum_error(0.01), e2 = cartesian_pendulum_error(0.005),
               e3 = cartesian_pendulum_error(0.0025);
  EXPECT_LT(e1, 1e-4);
  EXPECT_NEAR(e1 / e2, 4, 0.4);
  EXPECT_NEAR(e2 / e3, 4, 0.4);
}

// A02 (N = 2) over the benchmark's 20 s at its fixed default step (output_step/10 = 5 ms): B0
// within the benchmark's 1e-3 m of the parallelogram (6.0e-4) through all 26 horizontal crossings,
// each located as a loss of rank (the probes between samples read the steps' interpolation, which
// leaves the steps' grid as it is), the constraints held to rounding (5.7e-15), the energy balance
// to 9.6e-5 of |E0| (the trapezoidal rule's error at 5 ms).
TEST(IFToMM_A02_NFourBar, Index3AugmentedLagrangianFollowsTheParallelogramWithinTheBenchmarksTolerance) {
  const auto tr = simulate_example("iftomm_a02_n_four_bar_2.yaml", "lagrange", index3(20, 0.05));
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  EXPECT_EQ(tr.summary.steps, 4000);
  EXPECT_LT(b0_error(tr, parallelogram_angle(2, 20, 0.05)), 1e-3);
  EXPECT_LT(tr.summary.max_violation, 1e-12);
  EXPECT_LT(tr.summary.relative_energy_error, 2e-4);
  const auto& changes = tr.summary.constraint_rank.changes;
  ASSERT_EQ(changes.size(), 26u) << tr.summary.constraint_rank.describe();
  for (const auto& c : changes) EXPECT_TRUE(c.located) << c.t;
  EXPECT_NEAR(changes.front().t, a02_first_singular_time, 1e-3);
}

// A04 as the file states it (one row redundant everywhere), at the default step (2.5 ms): J3
// within 2.3e-6 m of the reference at 1, 2, 5, 7 and 10 s, the energy balance within 5e-7 of |E0|.
TEST(IFToMM_A04_Bricard, Index3AugmentedLagrangianAgreesWithTheReference) {
  const auto tr = simulate_example("iftomm_a04_bricard.yaml", "lagrange", index3(10, 0.025));
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  EXPECT_LT(tr.summary.relative_energy_error, 1e-6);
  EXPECT_LT(tr.summary.max_violation, 1e-12);
  EXPECT_EQ(tr.summary.constraint_rank.rank, 4u);
  EXPECT_LT(bricard_j3_error(tr), 1e-5);
}

// Velocity-level rows take (h/2) r in the place of φ: the rolling disk's two nonholonomic rows
// (Greenwood 4.11, Lagrange's multiplier form) at second order against the default integrator at
// rtol 1e-12 (measured: 5.7e-4, 1.4e-4 and 3.6e-5 at 4, 2 and 1 ms), the rows held to rounding.
TEST(Greenwood_4_11_RollingDisk, Index3AugmentedLagrangianConvergesAtSecondOrderOnVelocityConstraints) {
  const auto reference = simulate_example("greenwood_4_11_rolling_disk.yaml", "lagrange", run_options(2, 0.1, 1e-12, 1e-14));
  ASSERT_TRUE(reference.summary.completed) << reference.summary.stop_reason;
  std::vector<double> errors;
  for (const double step : {0.004, 0.002, 0.001}) {
    const auto tr = simulate_example("greenwood_4_11_rolling_disk.yaml", "lagrange", index3(2, 0.1, step));
    ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
    EXPECT_LT(tr.summary.max_violation, 1e-12);
    errors.push_back((tr.q.back() - reference.q.back()).cwiseAbs().maxCoeff());
  }
  EXPECT_NEAR(errors[0] / errors[1], 4, 0.4);
  EXPECT_NEAR(errors[1] / errors[2], 4, 0.4);
}

// It integrates the multiplier forms with the speeds the rates: a pendulum without constraints,
// Hamilton's equations (in momenta) and the methods that eliminate the constraints are refused
// before the run, naming what does go.
TEST(Index3AugmentedLagrangian, RefusesSystemsItDoesNotIntegrate) {
  const auto refused = [](const std::string& file, const std::string& method, const std::string& words) {
    try {
      simulate_example(file, method, index3(0.1, 0.01));
      ADD_FAILURE() << file << ": not refused";
    } catch (const Error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("integrator 'ali3p'"), std::string::npos) << what;
      EXPECT_NE(what.find(words), std::string::npos) << what;
    }
  };
  refused("four_bar_linkage.yaml", "hamilton", "these speeds are not the rates");
  refused("simple_pendulum.yaml", "lagrange", "no constraints");
  refused("four_bar_linkage.yaml", "kane", "the Kane equations are not one");
}
