// The choice of dependent speeds (speed_partition.cpp) checked at the model's initial state: a
// rheonomic constraint whose solved speed holds 1/sin(ωt) is an error at t = 0 when the user chose
// that speed (naming the constraint and the state), and the generic choice is replaced by one regular
// there (Géradin E1.2: the rolling wheel started at φ = 0, where the old choice held 1/sin²φ).
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/io/model_file.hpp"
#include "cli/cli_support.hpp"

using namespace adyn;

namespace {

// A particle in the plane on a rotating guide: one velocity row, e.g. sin(ωt) ẋ + cos(ωt) ẏ.
std::string rotating_guide(const std::string& extra, const std::string& row = "sin(w*t)*x_d + cos(w*t)*y_d") {
  return "name: rotating guide\n"
         "parameters: {m: {value: 1}, w: {value: 2}}\n"
         "coordinates: [x, y]\n"
         "points:\n  - {name: P, from: O, position: {N: [x, y, 0]}}\n"
         "particles:\n  - {name: bead, point: P, mass: m}\n"
         "constraints:\n  - {name: guide, velocity: " + row + "}\n" +
         extra;
}

std::string error_of(const std::string& yaml) {
  try {
    formulations::kane(io::read_model(yaml, "guide.yaml"));
  } catch (const SingularityError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(SpeedPartition, UsersChoiceSingularAtTheInitialStateIsReported) {
  const std::string m = error_of(rotating_guide("dependent_speeds: [x_d]\ninitial: {x: 0.5}\n"));
  EXPECT_NE(m.find("dependent speeds 'x_d'"), std::string::npos) << m;
  EXPECT_NE(m.find("'guide'"), std::string::npos) << m;
  EXPECT_NE(m.find("t = 0, x = 0.5, y = 0"), std::string::npos) << m;
}

TEST(SpeedPartition, GenericChoiceIsRegularAtTheInitialState) {
  // cos(ωt) ẋ + sin(ωt) ẏ: the generic choice (the last speed, ẏ) cannot be solved for at t = 0.
  const auto eom = formulations::kane(io::read_model(rotating_guide("", "cos(w*t)*x_d + sin(w*t)*y_d")));
  ASSERT_EQ(eom.dependent_speeds.size(), 1u);
  EXPECT_EQ(eom.dependent_speeds[0].get_name(), "x_d");
  // With the roles exchanged the generic choice, ẏ, is regular at t = 0 and kept.
  const auto other = formulations::kane(io::read_model(rotating_guide("", "sin(w*t)*x_d + cos(w*t)*y_d")));
  EXPECT_EQ(other.dependent_speeds[0].get_name(), "y_d");
}

TEST(SpeedPartition, RowsDependentAtTheInitialStateAreReported) {
  const std::string m = error_of(rotating_guide("initial: {x: 0}\n", "x*x_d + x*y_d"));
  EXPECT_NE(m.find("constraints 'guide'"), std::string::npos) << m;
  EXPECT_NE(m.find("are dependent at the initial state (t = 0, x = 0, y = 0)"), std::string::npos) << m;
}

TEST(SpeedPartition, GeradinE12WheelStartedAtPhiZeroKeepsRegularSpeeds) {
  const auto eom = formulations::kane(io::read_model_file(test::example("geradin_e1_2_rolling_wheel.yaml")));
  std::vector<std::string> independent;
  for (const auto& u : eom.speeds) independent.push_back(u.get_name());
  EXPECT_EQ(independent, (std::vector<std::string>{"x1_d", "theta_d"}));
}
