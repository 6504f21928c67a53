// Input–output linearization (issue 31, item 4): the input matrix B = [N_w; M⁻¹F_w] of named inputs
// (model::Input), the inputs' values in A and the operating point, and the elimination of a
// holonomic constraint's dependent coordinate and speed as in A. (The nonholonomic check, the
// Whipple bicycle's lean and steer torques, is in tests/cli/test_whipple_bicycle.cpp.)
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/linearization.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// Géradin E1.5's pendulum (bob m at l from the pivot, gravity g along N.x, theta from it) with a
// torque T about the pivot axis on the rod's frame: m l² θ̈ = −m g l sin θ + T.
model::System pendulum_with_torque(double T0 = 0) {
  auto s = seeds::pendulum();
  const auto T = s.add_input("T", T0, "N*m");
  s.add_torque({"motor", s.frame("B"), T * s.inertial_frame().z(), std::nullopt});
  return s;
}

GiNaC::exmap at_angle(const model::System& s, double theta) {
  const auto& q = s.coordinates()[0];
  return {{q, theta}, {sym::derivative_of(q), 0}};
}

}  // namespace

// B = [0; 1/(m l²)], and A is the pendulum's without the input: [[0, 1], [−g/l, 0]] at rest.
TEST(InputLinearization, PendulumTorqueInputMatrix) {
  const auto s = pendulum_with_torque();
  const auto lin = analysis::linearize(s, formulations::lagrange(s), at_angle(s, 0));
  ASSERT_EQ(lin.input_names(), std::vector<std::string>{"T"});
  const double m = 1.2, l = 0.7, g = 9.81;
  const Eigen::MatrixXd B = analysis::input_matrix(lin, s.parameter_values());
  ASSERT_EQ(B.rows(), 2);
  ASSERT_EQ(B.cols(), 1);
  EXPECT_EQ(B(0, 0), 0.0);
  EXPECT_TRUE(test::close(B(1, 0), 1 / (m * l * l), 1e-14));
  const Eigen::MatrixXd A = analysis::state_matrix(lin, s.parameter_values());
  EXPECT_TRUE(test::close(A(1, 0), -g / l, 1e-14));
  EXPECT_TRUE(test::close(A(0, 1), 1, 1e-14));
  // The second-order form carries the input: M δθ̈ + K δθ = F_w δT with F_w = 1.
  ASSERT_TRUE(lin.has_second_order_form());
  EXPECT_TRUE(test::numerically_equal(lin.Fw, GiNaC::matrix(1, 1, GiNaC::lst{1})));
}

// A constant torque T0 = m g l sin θ0 holds the pendulum at θ0: the point is an equilibrium there
// (stationarity 0 at the input's value), A = [[0, 1], [−g cos θ0 / l, 0]], B unchanged.
TEST(InputLinearization, InputValueSetsTheEquilibrium) {
  const double m = 1.2, l = 0.7, g = 9.81, theta0 = 0.4;
  const auto s = pendulum_with_torque(m * g * l * std::sin(theta0));
  const auto lin = analysis::linearize(s, formulations::lagrange(s), at_angle(s, theta0));
  EXPECT_LT(analysis::stationarity_residual(lin, s.parameter_values()), 1e-13);
  const Eigen::MatrixXd A = analysis::state_matrix(lin, s.parameter_values());
  EXPECT_TRUE(test::close(A(1, 0), -g * std::cos(theta0) / l, 1e-13));
  EXPECT_TRUE(test::close(analysis::input_matrix(lin, s.parameter_values())(1, 0), 1 / (m * l * l), 1e-14));
  auto without = s.parameter_values();
  without[s.symbol_table().at("T")] = 0;  // not held: the pendulum falls back
  EXPECT_GT(analysis::stationarity_residual(lin, without), 1);
}

// The Cartesian pendulum (x, y on the rod x² + y² = l²) by Kane's equations with a horizontal
// generalized force F on x: at the bottom (0, −l) y is the dependent coordinate and y' the dependent
// speed, the state is (x, x'), and B = [0; 1/m] (m ẍ = F − m g x / l to first order), A = [[0, 1],
// [−g/l, 0]].
TEST(InputLinearization, HolonomicConstraintEliminatedFromB) {
  auto s = seeds::cartesian_pendulum();
  const auto F = s.add_input("F");
  s.add_generalized_force({"push", s.coordinates()[0], F});
  const auto& x = s.coordinates()[0];
  const auto& y = s.coordinates()[1];
  s.set_dependent_speeds({sym::derivative_of(y)});
  const auto eom = formulations::kane(s);
  const auto lin =
      analysis::linearize(s, eom, {{x, 0}, {y, -1}, {sym::derivative_of(x), 0}, {sym::derivative_of(y), 0}});
  ASSERT_EQ(lin.state_names(), (std::vector<std::string>{"x", "x_d"}));
  const double m = 1.0, l = 1.0, g = 9.81;
  const Eigen::MatrixXd B = analysis::input_matrix(lin, s.parameter_values());
  ASSERT_EQ(B.rows(), 2);
  EXPECT_NEAR(B(0, 0), 0, 1e-15);
  EXPECT_TRUE(test::close(B(1, 0), 1 / m, 1e-14));
  const Eigen::MatrixXd A = analysis::state_matrix(lin, s.parameter_values());
  EXPECT_TRUE(test::close(A(1, 0), -g / l, 1e-13));
}

// A model without inputs: B has no columns.
TEST(InputLinearization, NoInputsNoColumns) {
  const auto s = seeds::pendulum();
  const auto lin = analysis::linearize(s, formulations::lagrange(s), at_angle(s, 0));
  EXPECT_TRUE(lin.inputs.empty());
  const Eigen::MatrixXd B = analysis::input_matrix(lin, s.parameter_values());
  EXPECT_EQ(B.rows(), 2);
  EXPECT_EQ(B.cols(), 0);
}
