// Outputs and tabulated inputs on the command line: `simulate` writes the model's outputs after the
// state (CSV columns, JSON "outputs" and each sample's "y"), `--input NAME=FILE.csv` drives an input
// by a table t,value (linear between rows, refused outside them), `linearize` gives C and D of the
// outputs. A rotor of polar inertia J = 2 on a torsional spring k = 8 (ω = 2) from rest: under
// T = a t, θ = a (t − sin(2t)/2) / 8.
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
  const auto path = test::temporary_file("rotor_with_outputs.yaml");
  std::ofstream(path) << R"(name: driven rotor
parameters: {J: 2.0, k: 8.0, r: 0.5}
inputs:
  T: {value: 0.5, unit: N*m}
coordinates: [theta]
frames:
  - {name: A, parent: N, axis: z, angle: theta}
points:
  - {name: rim, from: O, position: {A: [r, 0, 0]}}
bodies:
  - {name: wheel, mass_center: O, frame: A, mass: 1, inertia: {Ixx: J, Iyy: J, Izz: J}}
torques:
  - {name: motor, frame: A, torque: {N: [0, 0, T]}}
potentials:
  - {name: spring, energy: k*theta^2/2}
initial: {theta: 0, theta_d: 0}
outputs:
  rim_y: {position: rim, component: [N, y], unit: m}
  power: T*theta_d
)";
  return path;
}

std::string table(const std::string& name, const std::string& text) {
  const auto path = test::temporary_file(name);
  std::ofstream(path) << text;
  return path;
}

// The rows of a simulate CSV as {column: values}.
std::map<std::string, std::vector<double>> columns(const std::string& csv, std::string* header = nullptr) {
  std::istringstream in(csv);
  std::string first, line;
  std::getline(in, first);
  if (header) *header = first;
  std::vector<std::string> names;
  std::istringstream h(first);
  for (std::string name; std::getline(h, name, ',');) names.push_back(name);
  std::map<std::string, std::vector<double>> out;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream cells(line);
    std::size_t i = 0;
    for (std::string cell; std::getline(cells, cell, ',') && i < names.size(); ++i) out[names[i]].push_back(std::stod(cell));
  }
  return out;
}

}  // namespace

TEST(CliOutputs, SimulateWritesTheOutputsAfterTheState) {
  auto r = test::run({"simulate", rotor_model(), "--t-end", "1", "--dt", "0.25"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string header;
  auto c = columns(r.out, &header);
  EXPECT_EQ(header, "t,theta,theta_d,rim_y,power,energy,violation");
  ASSERT_EQ(c["t"].size(), 5u);
  for (std::size_t k = 0; k < c["t"].size(); ++k) {
    EXPECT_NEAR(c["rim_y"][k], 0.5 * std::sin(c["theta"][k]), 1e-15);
    EXPECT_NEAR(c["power"][k], 0.5 * c["theta_d"][k], 1e-15);
  }
  const auto json = test::temporary_file("rotor_outputs.json");
  r = test::run({"simulate", rotor_model(), "--t-end", "1", "--dt", "0.25", "-o", json});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(json);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["outputs"], nlohmann::json::parse(R"(["rim_y", "power"])"));
  ASSERT_EQ(j["samples"].size(), 5u);
  EXPECT_EQ(j["samples"][4]["y"].size(), 2u);
  EXPECT_DOUBLE_EQ(j["samples"][4]["y"][1].get<double>(), 0.5 * j["samples"][4]["u"][0].get<double>());
}

// T = 0.6 t from a table of three rows (linear, so exact): θ = 0.6 (t − sin(2t)/2) / 8.
TEST(CliOutputs, TabulatedInputDrivesTheRun) {
  const auto ramp = table("ramp.csv", "# a torque ramp\nt,value\n0,0\n1,0.6\n2,1.2\n");
  auto r = test::run({"simulate", rotor_model(), "--t-end", "2", "--dt", "0.5", "--input", "T=" + ramp});
  ASSERT_EQ(r.status, 0) << r.err;
  auto c = columns(r.out);
  ASSERT_EQ(c["t"].size(), 5u);
  for (std::size_t k = 0; k < c["t"].size(); ++k) {
    const double t = c["t"][k];
    EXPECT_NEAR(c["theta"][k], 0.6 * (t - std::sin(2 * t) / 2) / 8, 1e-7) << "t = " << t;
    EXPECT_NEAR(c["power"][k], 0.6 * t * c["theta_d"][k], 1e-14) << "the output sees the input's value";
  }
  EXPECT_NEAR(c["t"].back(), 2, 0) << "the run ends at the table's end exactly";
  EXPECT_NE(r.err.find("inputs: T from its table"), std::string::npos) << r.err;
}

TEST(CliOutputs, TabulatedInputRefusedOutsideItsTimesOrMalformed) {
  const auto ramp = table("short_ramp.csv", "t,value\n0,0\n1,0.6\n");
  auto r = test::run({"simulate", rotor_model(), "--t-end", "2", "--input", "T=" + ramp});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("input 'T': its table " + ramp + " gives values from t = 0 to 1; the run goes from t = 0 to 2"),
            std::string::npos)
      << r.err;
  const auto header = table("bad_header.csv", "time,torque\n0,0\n1,1\n");
  r = test::run({"simulate", rotor_model(), "--t-end", "1", "--input", "T=" + header});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(header + ":1:1: input 'T': the table's header must be t,value"), std::string::npos) << r.err;
  const auto backwards = table("backwards.csv", "t,value\n0,0\n1,1\n0.5,2\n");
  r = test::run({"simulate", rotor_model(), "--t-end", "1", "--input", "T=" + backwards});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(backwards + ":4:1: input 'T': the times must increase"), std::string::npos) << r.err;
  r = test::run({"simulate", rotor_model(), "--t-end", "1", "--input", "F=" + backwards});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("input 'F': no such input"), std::string::npos) << r.err;
  r = test::run({"simulate", rotor_model(), "--input", "T=no_such_table.csv"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("the value 'no_such_table.csv' is not a number, nor a file"), std::string::npos) << r.err;
}

// C of rim_y = r sin θ and power = T θ' at rest at θ = 0: [[r, 0], [0, T]], D = [[0], [θ'0]] = 0.
TEST(CliOutputs, LinearizeGivesCAndD) {
  auto r = test::run({"linearize", rotor_model(), "--rest", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["outputs"], nlohmann::json::parse(R"(["rim_y", "power"])"));
  EXPECT_EQ(j["output_matrix"], nlohmann::json::parse("[[0.5, 0.0], [0.0, 0.5]]")) << j.dump();
  EXPECT_EQ(j["feedthrough_matrix"], nlohmann::json::parse("[[0.0], [0.0]]")) << j.dump();
  r = test::run({"linearize", rotor_model(), "--rest"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("outputs: rim_y, power\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("output matrix C (rows: rim_y, power):\n"), std::string::npos) << r.out;
}
