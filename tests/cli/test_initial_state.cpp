// The initial values a model file gives are the ones a run starts from; `check` and `simulate` say
// which values the completion set, by how much, and which of two solutions as near it took.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "cli_support.hpp"

namespace {

using adyn::test::example;
using adyn::test::run;
using adyn::test::temporary_file;

// A pendulum of length 1 in Cartesian coordinates, started at x = 0.6 (y to be completed).
std::string circle_model() {
  const std::string path = temporary_file("circle.yaml");
  std::ofstream(path) << R"(name: circle
parameters: {g: 9.81}
coordinates: [x, y]
points:
  - {name: P, from: O, position: {N: [x, y, 0]}}
particles:
  - {name: bob, point: P, mass: 1}
gravity: {N: [0, -g, 0]}
constraints:
  - {name: circle, holonomic: x^2 + y^2 - 1}
initial: {x: 0.6, x_d: 0.4}
)";
  return path;
}

// The example four-bar started from the crank angle alone.
std::string four_bar_from_crank_angle(double theta2) {
  auto text = adyn::test::read_text(example("four_bar_linkage.yaml"));
  const auto at = text.find("initial:"), end = text.find("simulation:");
  text.replace(at, end - at, "initial: {theta2: " + std::to_string(theta2) + ", theta2_d: 5.0}\n");
  const std::string path = temporary_file("four_bar.yaml");
  std::ofstream(path) << text;
  return path;
}

const char* completed_y = "completed y = 0.8 (not given; 0 before) to satisfy constraint 'circle'";
const char* chose_y = "chose y = 0.8 (0.8 from the defaults) over y = -0.8 (0.8), which also satisfies constraint "
                      "'circle': give y to choose";

}  // namespace

TEST(InitialStateReport, CheckSaysWhichValuesTheCompletionSet) {
  const auto model = circle_model();
  auto r = run({"check", model});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(std::string("Initial conditions: x = 0.6, x_d = 0.4 (others 0)\n  ") + completed_y +
                       "\n  completed y_d = -0.3 (not given; 0 before) to satisfy constraint 'circle'\n  " + chose_y),
            std::string::npos)
      << r.out;
  const auto j = nlohmann::json::parse(run({"check", model, "--json"}).out);
  EXPECT_EQ(j["initial_state"]["q"]["x"].get<double>(), 0.6);
  EXPECT_NEAR(j["initial_state"]["q"]["y"].get<double>(), 0.8, 1e-12);
  EXPECT_EQ(j["initial_state"]["completed"][0]["name"], "y");
  EXPECT_EQ(j["initial_state"]["completed"][0]["given"], false);
  EXPECT_NEAR(j["initial_state"]["branches"][0]["other"][0].get<double>(), -0.8, 1e-12);
}

TEST(InitialStateReport, SimulateStartsFromTheGivenValuesAndSaysWhatItCompleted) {
  const auto model = circle_model();
  const auto csv = temporary_file("circle.csv"), json = temporary_file("circle.json");
  auto r = run({"simulate", model, "--t-end", "0.1", "-o", csv});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(std::string("initial state: ") + completed_y + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(std::string("initial state: ") + chose_y + "\n"), std::string::npos) << r.out;
  const auto text = adyn::test::read_text(csv);
  EXPECT_EQ(text.substr(text.find('\n') + 1, 62), "0,0.59999999999999998,0.80000000000000004,0.40000000000000002,")
      << text.substr(0, 200);
  ASSERT_EQ(run({"simulate", model, "--t-end", "0.1", "-o", json}).status, 0);
  const auto j = nlohmann::json::parse(adyn::test::read_text(json));
  EXPECT_EQ(j["summary"]["initial_state"][0], completed_y);
  EXPECT_EQ(j["samples"][0]["q"][0].get<double>(), 0.6);
}

// Issue 29: the four-bar given theta2 = 2.5 started at 0.669.
TEST(InitialStateReport, FourBarStartsAtTheGivenCrankAngle) {
  const auto csv = temporary_file("four_bar.csv");
  auto r = run({"simulate", four_bar_from_crank_angle(2.5), "--t-end", "0.01", "-o", csv});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto text = adyn::test::read_text(csv);
  EXPECT_EQ(text.substr(text.find('\n') + 1, 6), "0,2.5,") << text.substr(0, 200);
  EXPECT_NE(r.out.find("initial state: completed theta3 = "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("initial state: chose theta3 = "), std::string::npos) << r.out;
}
