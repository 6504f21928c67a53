#include <gtest/gtest.h>

#include "adyn/analysis/consistency.hpp"
#include "adyn/error.hpp"
#include "test_support.hpp"

using namespace adyn;
using model::ConstraintLevel;

namespace {

// Cartesian pendulum: x² + y² = ℓ².
model::System cartesian_pendulum() {
  model::System s;
  auto l = s.add_parameter("l", 2.0);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  s.add_constraint({"rod", ConstraintLevel::Configuration, x * x + y * y - l * l, {}});
  return s;
}

}  // namespace

TEST(Consistency, ConfigurationProjectedOntoConstraint) {
  auto s = cartesian_pendulum();
  Eigen::Vector2d q = analysis::consistent_configuration(s, Eigen::Vector2d(1.0, -1.0));
  EXPECT_TRUE(test::close(q.norm(), 2.0, 1e-12));
  EXPECT_TRUE(test::close(q(0), -q(1), 1e-12));  // minimal change keeps the direction
}

TEST(Consistency, InconsistentConstraintsAreNamed) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  s.add_constraint({"wall at 1", ConstraintLevel::Configuration, x - 1, {}});
  s.add_constraint({"wall at 2", ConstraintLevel::Configuration, x - 2, {}});
  (void)y;
  try {
    analysis::consistent_configuration(s, Eigen::Vector2d(0, 0));
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("'wall at 1', 'wall at 2'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("inconsistent"), std::string::npos) << e.what();
  }
}

TEST(Consistency, InitialConditionsViolatingConstraintsAreNamed) {
  auto s = cartesian_pendulum();
  analysis::SystemState ok{0, Eigen::Vector2d(2, 0), Eigen::Vector2d(0, 1.5)};
  EXPECT_NO_THROW(analysis::check_state(s, ok));
  EXPECT_TRUE(test::close(analysis::constraint_residuals(s, ok)(0), 0, 1e-14));
  analysis::SystemState off{0, Eigen::Vector2d(2.1, 0), Eigen::Vector2d(0, 1.5)};
  analysis::SystemState radial{0, Eigen::Vector2d(2, 0), Eigen::Vector2d(0.3, 1.5)};
  for (const auto& bad : {off, radial}) {
    try {
      analysis::check_state(s, bad);
      FAIL() << "no error";
    } catch (const ModelError& e) {
      EXPECT_NE(std::string(e.what()).find("constraint 'rod'"), std::string::npos) << e.what();
    }
  }
}
