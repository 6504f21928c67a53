// Input–output linearization (issue 31, item 4): the output and feedthrough matrices C = ∂y/∂x and
// D = ∂y/∂w of the model's outputs at the operating point, with the dependent coordinates and speeds
// eliminated as in A and B; C = I, D = 0 without outputs; outputs linearize cannot give refused.
#include <gtest/gtest.h>

#include "adyn/analysis/linearization.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

const std::string cart_pendulum = R"(
name: cart and pendulum
parameters: {M: 2, m: 0.5, l: 0.5, k: 10, g: 9.81}
inputs: {F: 1.5}
coordinates: [x, th]
frames:
  - {name: A, parent: N, axis: z, angle: th}
points:
  - {name: C, from: O, position: {N: [x, 0, 0]}}
  - {name: P, from: C, position: {A: [0, -l, 0]}}
particles:
  - {name: cart, point: C, mass: M}
  - {name: bob, point: P, mass: m}
gravity: {N: [0, -g, 0]}
springs:
  - {name: wall, between: [O, C], stiffness: k, free_length: 0}
forces:
  - {name: push, point: C, force: {N: [F, 0, 0]}}
outputs:
  tip_x: {position: P, component: [N, x]}
  tip_vy: {velocity: P, component: [N, y]}
  tip_vx: {velocity: P, component: [N, x]}
  power: F*x_d
)";

}  // namespace

// C and D of the bob's position and velocity components and the push's power against SymPy's
// (tests/analysis/references/cart_pendulum_outputs.py) at x = 0.1, th = 0.3, x' = 0.2, th' = 0.5.
TEST(SymPy_OutputMatrices_CartPendulum, CAndDOfTheBobAndThePushPower) {
  const auto s = io::read_model(cart_pendulum);
  const auto& x = s.coordinates()[0];
  const auto& th = s.coordinates()[1];
  const auto lin = analysis::linearize(
      s, formulations::lagrange(s), {{x, 0.1}, {th, 0.3}, {sym::derivative_of(x), 0.2}, {sym::derivative_of(th), 0.5}});
  ASSERT_EQ(lin.state_names(), (std::vector<std::string>{"x", "th", "x_d", "th_d"}));
  ASSERT_EQ(lin.output_names(), (std::vector<std::string>{"tip_x", "tip_vy", "tip_vx", "power"}));
  const Eigen::MatrixXd C = analysis::output_matrix(lin, s.parameter_values());
  const Eigen::MatrixXd D = analysis::feedthrough_matrix(lin, s.parameter_values());
  Eigen::MatrixXd C_ref(4, 4), D_ref(4, 1);
  C_ref << 1, 0.477668244562803, 0, 0,  //
      0, 0.2388341222814015, 0, 0.14776010333066977,  //
      0, -0.07388005166533489, 1, 0.477668244562803,  //
      0, 0, 1.5, 0;
  D_ref << 0, 0, 0, 0.2;
  ASSERT_EQ(C.rows(), 4);
  ASSERT_EQ(D.cols(), 1);
  EXPECT_LT((C - C_ref).cwiseAbs().maxCoeff(), 1e-14) << C;
  EXPECT_LT((D - D_ref).cwiseAbs().maxCoeff(), 1e-15) << D;
}

// The Cartesian pendulum by Kane's equations, y and y' dependent: at (0.6, −0.8) at rest the
// outputs y and y' have δy = −(x/y) δx = 0.75 δx and δy' = 0.75 δx' — C = [[0.75, 0], [0, 0.75]].
TEST(OutputLinearization, DependentCoordinateAndSpeedEliminated) {
  auto s = seeds::cartesian_pendulum();
  const auto& x = s.coordinates()[0];
  const auto& y = s.coordinates()[1];
  s.add_output({.name = "height", .expression = y});
  s.add_output({.name = "climb", .expression = sym::derivative_of(y)});
  s.set_dependent_speeds({sym::derivative_of(y)});
  const auto lin = analysis::linearize(s, formulations::kane(s),
                                       {{x, 0.6}, {y, -0.8}, {sym::derivative_of(x), 0}, {sym::derivative_of(y), 0}});
  ASSERT_EQ(lin.state_names(), (std::vector<std::string>{"x", "x_d"}));
  const Eigen::MatrixXd C = analysis::output_matrix(lin, s.parameter_values());
  Eigen::MatrixXd C_ref(2, 2);
  C_ref << 0.75, 0, 0, 0.75;
  EXPECT_LT((C - C_ref).cwiseAbs().maxCoeff(), 1e-15) << C;
  EXPECT_EQ(analysis::feedthrough_matrix(lin, s.parameter_values()).cols(), 0);
}

TEST(OutputLinearization, WithoutOutputsTheStates) {
  const auto s = seeds::pendulum();
  const auto& th = s.coordinates()[0];
  const auto lin = analysis::linearize(s, formulations::lagrange(s), {{th, 0}, {sym::derivative_of(th), 0}});
  EXPECT_EQ(lin.output_names(), lin.state_names());
  EXPECT_TRUE(analysis::output_matrix(lin, s.parameter_values()).isIdentity(0));
  EXPECT_EQ(analysis::feedthrough_matrix(lin, s.parameter_values()).rows(), 2);
}

// A constraint force, and an output along a coordinate the linearization drops, are refused by name.
TEST(OutputLinearization, RefusedOutputs) {
  auto s = seeds::cartesian_pendulum();
  s.add_output({.name = "rod_force", .constraint = "rod"});
  s.set_dependent_speeds({sym::derivative_of(s.coordinates()[1])});
  const GiNaC::exmap at{{s.coordinates()[0], 0.6}, {s.coordinates()[1], -0.8}};
  try {
    analysis::linearize(s, formulations::kane(s), at);
    FAIL() << "no error";
  } catch (const NotApplicableError& e) {
    EXPECT_NE(std::string(e.what()).find("output 'rod_force': the force of constraint 'rod' has no rows of C and D"),
              std::string::npos)
        << e.what();
  }
  auto cart = io::read_model(R"(
parameters: {m: 1}
coordinates: [x]
points:
  - {name: C, from: O, position: {N: [x, 0, 0]}}
particles:
  - {name: cart, point: C, mass: m}
outputs:
  where: x
)");
  try {
    analysis::linearize(cart, formulations::lagrange(cart), {{cart.coordinates()[0], 0}});
    FAIL() << "no error";
  } catch (const NotApplicableError& e) {
    EXPECT_NE(std::string(e.what()).find("output 'where': depends on the coordinate 'x', which the linearization drops"),
              std::string::npos)
        << e.what();
  }
}
