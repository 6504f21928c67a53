// The model's inputs on the command line: `simulate --input NAME=VALUE` (a constant over the
// model's value), `linearize` (the input matrix B), `check` (the inputs listed). A rotor of polar
// inertia J = 2 on a torsional spring k = 8 (ω = 2), driven from rest by a constant torque T about
// its axis: θ(t) = T (1 − cos ωt) / k.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

using namespace adyn;

namespace {

std::string rotor_model() {
  const auto path = test::temporary_file("driven_rotor.yaml");
  std::ofstream(path) << R"(name: driven rotor
parameters: {J: 2.0, k: 8.0}
inputs:
  T: {value: 0.5, unit: N*m}
coordinates: [theta]
frames:
  - {name: A, parent: N, axis: z, angle: theta}
bodies:
  - {name: wheel, mass_center: O, frame: A, mass: 1, inertia: {Ixx: J, Iyy: J, Izz: J}}
torques:
  - {name: motor, frame: A, torque: {N: [0, 0, T]}}
potentials:
  - {name: spring, energy: k*theta^2/2}
initial: {theta: 0, theta_d: 0}
)";
  return path;
}

// The last row of a simulate CSV as {column: value}.
std::map<std::string, double> last_row(const std::string& csv) {
  std::istringstream in(csv);
  std::string header, line, last;
  std::getline(in, header);
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') last = line;
  std::map<std::string, double> out;
  std::istringstream names(header), cells(last);
  for (std::string name, cell; std::getline(names, name, ',') && std::getline(cells, cell, ',');) out[name] = std::stod(cell);
  return out;
}

}  // namespace

TEST(CliInputs, SimulateTakesTheModelsValueOrTheGivenOne) {
  const auto model = rotor_model();
  auto r = test::run({"simulate", model, "--t-end", "1", "--dt", "0.5"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto end = last_row(r.out);
  EXPECT_NEAR(end["t"], 1, 1e-15);
  EXPECT_NEAR(end["theta"], 0.5 * (1 - std::cos(2.0)) / 8, 1e-9) << "the model's T = 0.5";
  EXPECT_NE(r.err.find("inputs (constant): T = 0.5"), std::string::npos) << r.err;
  r = test::run({"simulate", model, "--t-end", "1", "--dt", "0.5", "--input", "T=-3"});
  ASSERT_EQ(r.status, 0) << r.err;
  end = last_row(r.out);
  EXPECT_NEAR(end["theta"], -3 * (1 - std::cos(2.0)) / 8, 1e-9);
  EXPECT_NEAR(end["theta_d"], -3 * 2 * std::sin(2.0) / 8, 1e-9);
  EXPECT_NE(r.err.find("inputs (constant): T = -3"), std::string::npos) << r.err;
}

// B = [0; 1/J] in the text and the JSON, A = [[0, 1], [−k/J, 0]].
TEST(CliInputs, LinearizeGivesTheInputMatrix) {
  const auto model = rotor_model();
  auto r = test::run({"linearize", model, "--rest", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["inputs"], nlohmann::json::parse(R"(["T"])"));
  EXPECT_EQ(j["input_matrix"], nlohmann::json::parse("[[0.0], [0.5]]")) << j.dump();
  EXPECT_EQ(j["matrices"]["Fw"], nlohmann::json::parse(R"([["1"]])"));
  EXPECT_EQ(j["feedthrough_matrix"], nlohmann::json::parse("[[0.0], [0.0]]"));
  EXPECT_EQ(j["state_matrix"], nlohmann::json::parse("[[0.0, 1.0], [-4.0, 0.0]]"));
  r = test::run({"linearize", model, "--rest"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("inputs: T\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("M dq'' + (C + G) dq' + (K + N) dq = Fw dw\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("input matrix B (columns: T):\n  [  0]\n  [0.5]\n"), std::string::npos) << r.out;
}

TEST(CliInputs, CheckListsTheInputs) {
  const auto r = test::run({"check", rotor_model()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Inputs (1): T = 0.5 N*m\n"), std::string::npos) << r.out;
}
