// The choice of dependent speeds (speed_partition.cpp) checked at the model's initial state: a
// rheonomic constraint whose solved speed holds 1/sin(ωt) is an error at t = 0 when the user chose
// that speed (naming the constraint and the state); adyn's own choice pivots on the constraint matrix
// at that state, whatever the order of the coordinates (Géradin E1.2: the rolling wheel started at
// φ = 0 keeps the text's rates φ', θ' independent).
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/io/model_file.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// A particle in the plane on a rotating guide: one velocity row, e.g. sin(ωt) ẋ + cos(ωt) ẏ.
std::string rotating_guide(const std::string& extra, const std::string& row = "sin(w*t)*x_d + cos(w*t)*y_d",
                           const std::string& coordinates = "[x, y]") {
  return "name: rotating guide\n"
         "parameters: {m: {value: 1}, w: {value: 2}}\n"
         "coordinates: " + coordinates + "\n"
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

TEST(SpeedPartition, OwnChoicePivotsAtTheInitialState) {
  // cos(ωt) ẋ + sin(ωt) ẏ at t = 0 is ẋ alone: ẏ cannot be solved for there, ẋ is taken.
  const auto eom = formulations::kane(io::read_model(rotating_guide("", "cos(w*t)*x_d + sin(w*t)*y_d")));
  ASSERT_EQ(eom.dependent_speeds.size(), 1u);
  EXPECT_EQ(eom.dependent_speeds[0].get_name(), "x_d");
  const auto other = formulations::kane(io::read_model(rotating_guide("", "sin(w*t)*x_d + cos(w*t)*y_d")));
  EXPECT_EQ(other.dependent_speeds[0].get_name(), "y_d");
}

TEST(SpeedPartition, OwnChoiceDoesNotDependOnTheOrderOfTheCoordinates) {
  // 2ẋ + ẏ: the pivot is ẋ, the larger entry, listed first or last.
  for (const std::string order : {"[x, y]", "[y, x]"}) {
    const auto eom = formulations::kane(io::read_model(rotating_guide("", "2*x_d + y_d", order)));
    ASSERT_EQ(eom.dependent_speeds.size(), 1u);
    EXPECT_EQ(eom.dependent_speeds[0].get_name(), "x_d") << order;
  }
}

TEST(SpeedPartition, RowsDependentAtTheInitialStateAreReported) {
  const std::string m = error_of(rotating_guide("initial: {x: 0}\n", "x*x_d + x*y_d"));
  EXPECT_NE(m.find("constraints 'guide'"), std::string::npos) << m;
  EXPECT_NE(m.find("are dependent at the initial state (t = 0, x = 0, y = 0)"), std::string::npos) << m;
}

TEST(SpeedPartition, Geradin_E1_2_RollingWheelKeepsTheTextsRatesIndependent) {
  // Started at φ = 0; the text's independent rates φ', θ' (x1', y1', x2', y2', z1', z2' solved from
  // E1.2.a-f) have a regular block there, and pivoting finds them.
  const auto eom = formulations::kane(io::read_model_file(test::example("geradin_e1_2_rolling_wheel.yaml")));
  std::vector<std::string> independent;
  for (const auto& u : eom.speeds) independent.push_back(u.get_name());
  EXPECT_EQ(independent, (std::vector<std::string>{"phi_d", "theta_d"}));
}
