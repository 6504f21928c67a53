// The completion of an initial state keeps the values given, completes the others (saying which,
// by how much and, where two solutions are as near, which one it took) and refuses given values
// that the constraints forbid, naming them.
#include <gtest/gtest.h>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/error.hpp"
#include "test_support.hpp"

using namespace adyn;
using model::ConstraintLevel;

namespace {

// A particle on the unit circle x² + y² = 1 (speeds x_d, y_d).
model::System unit_circle() {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  s.add_constraint({"circle", ConstraintLevel::Configuration, x * x + y * y - 1, {}});
  return s;
}

// The four-bar linkage of examples/four_bar_linkage.yaml: crank a, coupler b, rocker c, ground d.
model::System four_bar() {
  model::System s;
  const double a = 0.2, b = 0.6, c = 0.5, d = 0.7;
  auto t2 = s.add_coordinate("theta2"), t3 = s.add_coordinate("theta3"), t4 = s.add_coordinate("theta4");
  s.add_constraint({"closure x", ConstraintLevel::Configuration, a * cos(t2) + b * cos(t3) - d - c * cos(t4), {}});
  s.add_constraint({"closure y", ConstraintLevel::Configuration, a * sin(t2) + b * sin(t3) - c * sin(t4), {}});
  return s;
}

std::string message_of(const model::System& s, const std::map<std::string, double>& given) {
  try {
    analysis::complete_initial_state(s, given);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(InitialState, GivenCoordinateIsKeptAndTheOtherCompletedFromSingularDefaults) {
  // At y = 0 the Jacobian in y vanishes: the completion steps aside, finds y = ±0.8, takes +0.8
  // (the first found, every time) and says that -0.8 is as near.
  const auto x = analysis::complete_initial_state(unit_circle(), {{"x", 0.6}});
  EXPECT_EQ(x.state.q(0), 0.6);
  EXPECT_TRUE(test::close(x.state.q(1), 0.8, 1e-12));
  ASSERT_EQ(x.completed.size(), 1u);
  EXPECT_EQ(x.completed[0].name, "y");
  EXPECT_FALSE(x.completed[0].given);
  EXPECT_EQ(x.completed[0].constraints, std::vector<std::string>{"circle"});
  ASSERT_EQ(x.branches.size(), 1u);
  EXPECT_TRUE(test::close(x.branches[0].other[0], -0.8, 1e-12));
  const auto m = x.messages();
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0], "completed y = 0.8 (not given; 0 before) to satisfy constraint 'circle'");
  EXPECT_EQ(m[1], "chose y = 0.8 (0.8 from the defaults) over y = -0.8 (0.8), which also satisfies constraint "
                  "'circle': give y to choose");
  for (int run = 0; run < 3; ++run)
    EXPECT_EQ(analysis::complete_initial_state(unit_circle(), {{"x", 0.6}}).state.q(1), x.state.q(1));
}

TEST(InitialState, GivenValueThatCannotBeKeptIsAnErrorNamingItAndTheConstraint) {
  try {
    analysis::complete_initial_state(unit_circle(), {{"x", 100}});
    FAIL() << "no error";
  } catch (const InitialStateError& e) {
    EXPECT_STREQ(e.what(), "initial state: x = 100 given: constraint 'circle' cannot be satisfied by completing y");
    EXPECT_EQ(e.given(), std::vector<std::string>{"x"});
  }
  EXPECT_EQ(message_of(unit_circle(), {{"x", 0.6}, {"y", 0.7}}),
            "initial state: x = 0.6, y = 0.7 given: they violate constraint 'circle' (residual -0.15), and no coordinate "
            "of it is left to complete; give fewer and let the others be completed");
}

TEST(InitialState, GivenValuesOffByRoundingAreAdjustedAndSaidSo) {
  const auto x = analysis::complete_initial_state(unit_circle(), {{"x", 0.7071}, {"y", 0.7071}});
  EXPECT_TRUE(test::close(x.state.q(0), std::sqrt(0.5), 1e-12));
  ASSERT_EQ(x.completed.size(), 2u);
  EXPECT_TRUE(x.completed[0].given);
  EXPECT_EQ(x.completed[0].before, 0.7071);
  EXPECT_EQ(x.messages()[0], "adjusted x = 0.707107 (given 0.7071, by 6.78119e-06: rounding) to satisfy constraint "
                             "'circle'");
}

TEST(InitialState, GivenSpeedsAreKeptAndTheOthersCompleted) {
  const auto s = unit_circle();
  const auto x = analysis::complete_initial_state(s, {{"x", 0.6}, {"y", 0.8}, {"x_d", 1.6}});
  EXPECT_EQ(x.state.u(0), 1.6);
  EXPECT_TRUE(test::close(x.state.u(1), -1.2, 1e-12));  // x ẋ + y ẏ = 0
  ASSERT_EQ(x.messages().size(), 1u);
  EXPECT_EQ(x.messages()[0], "completed y_d = -1.2 (not given; 0 before) to satisfy constraint 'circle'");
  EXPECT_EQ(message_of(s, {{"x", 0.6}, {"y", 0.8}, {"x_d", 1}, {"y_d", 1}}),
            "initial state: x_d = 1, y_d = 1 given: they violate constraint 'circle' in its velocity form (residual 2.8), "
            "and no speed of it is left to complete; give fewer and let the others be completed");
}

TEST(InitialState, FourBarKeepsTheGivenCrankAngleAndNamesTheOtherAssembly) {
  const auto x = analysis::complete_initial_state(four_bar(), {{"theta2", 2.5}});
  EXPECT_EQ(x.state.q(0), 2.5);
  EXPECT_LT(analysis::constraint_residuals(four_bar(), x.state).cwiseAbs().maxCoeff(), 1e-12);
  ASSERT_EQ(x.branches.size(), 1u);  // the open and the crossed assembly
  EXPECT_EQ(x.branches[0].names, (std::vector<std::string>{"theta3", "theta4"}));
}

TEST(InitialState, NothingToCompleteLeavesTheGivenValues) {
  model::System s;
  s.add_coordinate("q");
  const auto x = analysis::complete_initial_state(s, {{"q", 0.25}, {"q_d", -1}});
  EXPECT_EQ(x.state.q(0), 0.25);
  EXPECT_EQ(x.state.u(0), -1);
  EXPECT_TRUE(x.messages().empty());
  EXPECT_EQ(message_of(s, {{"p", 1}}), "initial condition 'p': is not a coordinate or a speed of the model");
}

TEST(InitialState, InconsistentConstraintsAreNamed) {
  model::System s;
  auto x = s.add_coordinate("x");
  s.add_constraint({"left", ConstraintLevel::Configuration, x - 1, {}});
  s.add_constraint({"right", ConstraintLevel::Configuration, x - 2, {}});
  EXPECT_NE(message_of(s, {}).find("constraints 'left', 'right': no coordinates satisfy them"), std::string::npos)
      << message_of(s, {});
}

// A direction-cosine matrix written in a coordinate is a rotation or not at a state; a reflection
// (det −1) is named with its frame.
TEST(InitialState, DirectionCosineMatrixInCoordinatesIsCheckedAtTheState) {
  model::System s;
  auto q = s.add_coordinate("q");
  kin::ReferenceFrame A("A");
  A.orient(s.inertial_frame(), kin::Orientation::dcm(GiNaC::matrix(3, 3, GiNaC::lst{cos(q), sin(q), 0, sin(q), -cos(q), 0,
                                                                                       0, 0, 1})));
  s.add_frame(A);
  try {
    analysis::check_rotations(s, {0, Eigen::VectorXd::Constant(1, 0.3), Eigen::VectorXd::Zero(1)});
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.object(), "frame 'A'");
    EXPECT_NE(std::string(e.what()).find("det C = −1: a reflection"), std::string::npos) << e.what();
  }
}
