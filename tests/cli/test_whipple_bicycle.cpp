// The Whipple bicycle benchmark of Meijaard, Papadopoulos, Ruina & Schwab (2007), Proc. R. Soc. A
// 463:1955, from examples/whipple_bicycle.yaml: both wheels stated with the rolling constraint,
// Kane's equations with the lean, steer and rear-wheel rates independent, linearized about upright
// straight running at speed v. Published values (their Table 2 and eq. (A 1)–(A 3) with Table 1's
// parameters) to 1e-10; the state also holds the rear wheel's rate, whose eigenvalue is 0 (the
// forward speed is conserved to first order). With the lean and steer torques T_phi, T_delta as
// inputs, the input matrix's lean and steer rows are the inverse of their mass matrix M (eq. (A 1)).
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "adyn/analysis/linearization.hpp"
#include "adyn/analysis/stability_sweep.hpp"
#include "adyn/cli/operating_point.hpp"
#include "adyn/io/model_file.hpp"
#include "cli_support.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

application::Linearization bicycle(const std::vector<std::string>& at = {}, const std::string& method = "kane") {
  std::ostringstream err;
  auto job = cli::linearize_model(test::example("whipple_bicycle.yaml"), method, at, false, {}, err);
  EXPECT_EQ(err.str(), "") << "upright straight running is a steady motion";
  return job;
}

// Each expected eigenvalue has a computed one within 1e-10, and the one (up to `zeros`) left over
// are 0.
void expect_eigenvalues(const Eigen::VectorXcd& computed, const std::vector<std::complex<double>>& expected,
                        std::size_t zeros = 1) {
  ASSERT_GE(computed.size(), static_cast<Eigen::Index>(expected.size() + 1));
  ASSERT_LE(computed.size(), static_cast<Eigen::Index>(expected.size() + zeros));
  std::vector<bool> used(static_cast<std::size_t>(computed.size()), false);
  for (const auto& e : expected) {
    Eigen::Index best = 0;
    for (Eigen::Index i = 0; i < computed.size(); ++i)
      if (!used[static_cast<std::size_t>(i)] && (used[static_cast<std::size_t>(best)] || std::abs(computed(i) - e) < std::abs(computed(best) - e))) best = i;
    EXPECT_LT(std::abs(computed(best) - e), 1e-10) << "expected " << e << ", nearest " << computed(best);
    used[static_cast<std::size_t>(best)] = true;
  }
  for (Eigen::Index i = 0; i < computed.size(); ++i)
    if (!used[static_cast<std::size_t>(i)]) {
      EXPECT_LT(std::abs(computed(i)), 1e-12) << "the rear wheel's rate (and the yaw, where kept)";
    }
}

}  // namespace

TEST(Meijaard2007_WhippleBicycle, EigenvaluesAtFiveMetresPerSecond) {
  const auto job = bicycle({"v=5"});
  EXPECT_EQ(job.lin.state_names(), (std::vector<std::string>{"phi", "delta", "phi_d", "delta_d", "thetaR_d"}));
  const auto a = analysis::eigenanalysis(job.lin, job.doc.system.parameter_values());
  expect_eigenvalues(a.eigenvalues, {-14.07838969279822, {-0.77534188219585, 4.46486771378823},
                                     {-0.77534188219585, -4.46486771378823}, -0.32286642900409});
}

// The same eigenvalues from the Boltzmann–Hamel equations, whose quasi-velocities include the two
// wheels' rolling rows (a cross-check of both derivations). Its unsimplified equations may still
// hold the yaw, which cancels numerically (whether it is seen to vanish symbolically depends on the
// order of GiNaC's terms): then one more zero eigenvalue.
TEST(Meijaard2007_WhippleBicycle, EigenvaluesByBoltzmannHamel) {
  const auto job = bicycle({"v=5"}, "boltzmann-hamel");
  const auto a = analysis::eigenanalysis(job.lin, job.doc.system.parameter_values());
  expect_eigenvalues(a.eigenvalues, {-14.07838969279822, {-0.77534188219585, 4.46486771378823},
                                     {-0.77534188219585, -4.46486771378823}, -0.32286642900409}, 2);
}

TEST(Meijaard2007_WhippleBicycle, EigenvaluesAtRest) {
  const auto job = bicycle({"v=0"});
  const auto a = analysis::eigenanalysis(job.lin, job.doc.system.parameter_values());
  expect_eigenvalues(a.eigenvalues, {3.13164324790656, -3.13164324790656, 5.53094371765393, -5.53094371765393});
}

// Rows of the state matrix for (lean, steer, lean rate, steer rate), the paper's (A 1)–(A 3):
// [9.48977444677355, −0.891197738059089 v² − 0.571523173729245, −0.105522449805691 v, −0.330515398992311 v]
// [11.7194768719633, −1.97171508499972 v² + 30.9087533932407, 3.67680523332152 v, −3.08486552743311 v].
TEST(Meijaard2007_WhippleBicycle, StateMatrixRows) {
  auto job = bicycle();
  for (double v : {0.0, 1.0, 2.5, 4.0, 7.3}) {
    auto parameters = job.doc.system.parameter_values();
    parameters[job.doc.system.symbol_table().at("v")] = v;
    const Eigen::MatrixXd A = analysis::state_matrix(job.lin, parameters);
    const double lean[4] = {9.48977444677355, -0.891197738059089 * v * v - 0.571523173729245, -0.105522449805691 * v,
                            -0.330515398992311 * v};
    const double steer[4] = {11.7194768719633, -1.97171508499972 * v * v + 30.9087533932407, 3.67680523332152 * v,
                             -3.08486552743311 * v};
    for (int j = 0; j < 4; ++j) {
      EXPECT_TRUE(test::close(A(2, j), lean[j], 1e-10)) << "lean row, column " << j << ", v = " << v;
      EXPECT_TRUE(test::close(A(3, j), steer[j], 1e-10)) << "steer row, column " << j << ", v = " << v;
    }
  }
}

// The weave speed 4.29238253634111 m/s (stable above) and the capsize speed 6.02426201538837 m/s
// (unstable above), as `adyn eigen --sweep` finds them.
TEST(Meijaard2007_WhippleBicycle, WeaveAndCapsizeSpeeds) {
  auto job = bicycle();
  const auto v = GiNaC::ex_to<GiNaC::symbol>(job.doc.system.symbol_table().at("v"));
  const auto b = analysis::stability_boundaries(job.lin, job.doc.system.parameter_values(), v, 0, 10, 101);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_NEAR(b[0].value, 4.29238253634111, 1e-10);
  EXPECT_TRUE(b[0].stable_above);
  EXPECT_NEAR(b[1].value, 6.02426201538837, 1e-10);
  EXPECT_FALSE(b[1].stable_above);
  auto r = test::run({"eigen", test::example("whipple_bicycle.yaml"), "--sweep", "v=0:10:101"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("stability boundary at v = 4.292382536"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stability boundary at v = 6.024262015"), std::string::npos) << r.out;
}

TEST(Meijaard2007_WhippleBicycle, EigenCommandJson) {
  auto r = test::run({"eigen", test::example("whipple_bicycle.yaml"), "--at", "v=5", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* value : {"-14.0783896927", "-0.775341882", "4.464867713", "-0.322866429"})
    EXPECT_NE(r.out.find(value), std::string::npos) << value << " in " << r.out;
}

// At v = 5 (self-stable) a lean of 0.05 rad decays; the rolling constraints hold (drift reported).
TEST(Meijaard2007_WhippleBicycle, SelfStableNonlinearSimulation) {
  const auto csv = test::temporary_file("bicycle.csv");
  auto r = test::run({"simulate", test::example("whipple_bicycle.yaml"), "--t-end", "8", "-o", csv});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE((r.out + r.err).find("max constraint violation"), std::string::npos) << r.out << r.err;
  std::ifstream in(csv);
  std::string header, line, last;
  std::getline(in, header);
  while (std::getline(in, line)) last = line;
  std::vector<double> row;
  std::istringstream cells(last);
  for (std::string cell; std::getline(cells, cell, ',');) row.push_back(std::stod(cell));
  const auto columns = [&] {
    std::vector<std::string> names;
    std::istringstream h(header);
    for (std::string c; std::getline(h, c, ',');) names.push_back(c);
    return names;
  }();
  const auto phi = std::find(columns.begin(), columns.end(), "phi") - columns.begin();
  EXPECT_LT(std::abs(row.at(static_cast<std::size_t>(phi))), 0.01) << "lean after 8 s";
}

// Every principle that applies derives the bicycle — rolling rows, no expression swell — and they
// agree at random consistent states: Kane, Gibbs–Appell, Maggi, Boltzmann–Hamel (the rolling rows
// as quasi-velocities), Gauss, Udwadia–Kalaba and Hamilton against Lagrange's multipliers.
TEST(Meijaard2007_WhippleBicycle, EveryFormulationAgrees) {
  const auto r = test::run({"compare", test::example("whipple_bicycle.yaml"), "--states", "2"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("All 8 applicable methods agree."), std::string::npos) << r.out;
}

namespace {

// The example's text without the part from `from` up to (not including) `to`: ASSERTs both are there.
std::string without(const std::string& text, const std::string& from, const std::string& to) {
  const auto a = text.find(from), b = text.find(to, a);
  EXPECT_NE(a, std::string::npos) << from;
  EXPECT_NE(b, std::string::npos) << to;
  return a == std::string::npos || b == std::string::npos ? text : text.substr(0, a) + text.substr(b);
}

}  // namespace

// The inputs T_phi (on the rear frame about the lean axis) and T_delta (between the rear and front
// frames about the steer axis): at upright straight running the lean and steer rows of B are M^-1
// of the paper's mass matrix M = [80.81722, 2.31941332208709; 2.31941332208709, 0.29784188199686]
// (eq. (A 2)), to 1e-12 relative at every speed; the lean, steer and rear-wheel-rate rows of the
// other states are 0; and A is the same as the model's without the inputs (torques of value 0).
TEST(Meijaard2007_WhippleBicycle, InputMatrixIsInverseMassMatrix) {
  Eigen::Matrix2d M;
  M << 80.81722, 2.31941332208709, 2.31941332208709, 0.29784188199686;
  const Eigen::Matrix2d expected = M.inverse();
  const auto job = bicycle();
  ASSERT_EQ(job.lin.input_names(), (std::vector<std::string>{"T_phi", "T_delta"}));
  std::ifstream in(test::example("whipple_bicycle.yaml"));
  std::stringstream text;
  text << in.rdbuf();
  const auto bare = without(without(text.str(), "inputs:\n", "coordinates:"), "torques:\n", "geometry:");
  const auto reference =
      application::linearize_model(io::read_model_document_text(bare, "bicycle without inputs"), "kane", {}, false, {});
  ASSERT_TRUE(reference.lin.inputs.empty());
  for (double v : {0.0, 1.0, 5.0, 7.3}) {
    auto parameters = job.doc.system.parameter_values();
    parameters[job.doc.system.symbol_table().at("v")] = v;
    const Eigen::MatrixXd B = analysis::input_matrix(job.lin, parameters);
    ASSERT_EQ(B.rows(), 5);
    ASSERT_EQ(B.cols(), 2);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        EXPECT_LE(std::abs(B(2 + i, j) - expected(i, j)), 1e-12 * std::abs(expected(i, j)))
            << "B(" << job.lin.state_names()[static_cast<std::size_t>(2 + i)] << ", " << job.lin.input_names()[static_cast<std::size_t>(j)]
            << ") = " << B(2 + i, j) << ", M^-1 entry " << expected(i, j) << ", v = " << v;
    for (int i : {0, 1, 4})
      for (int j = 0; j < 2; ++j) EXPECT_LE(std::abs(B(i, j)), 1e-12) << "row " << i << ", v = " << v;
    const Eigen::MatrixXd A = analysis::state_matrix(job.lin, parameters);
    auto bare_parameters = reference.doc.system.parameter_values();
    bare_parameters[reference.doc.system.symbol_table().at("v")] = v;
    const Eigen::MatrixXd A0 = analysis::state_matrix(reference.lin, bare_parameters);
    ASSERT_EQ(A.rows(), A0.rows());
    ASSERT_EQ(A.cols(), A0.cols());
    for (Eigen::Index i = 0; i < A.rows(); ++i)
      for (Eigen::Index j = 0; j < A.cols(); ++j) EXPECT_TRUE(test::close(A(i, j), A0(i, j), 1e-13)) << i << ", " << j << ", v = " << v;
  }
}

// The same from the command line: the JSON names the states, inputs and outputs, and B is M^-1 in
// the lean and steer rows (C = I, D = 0: the outputs are the states).
TEST(Meijaard2007_WhippleBicycle, LinearizeJsonGivesInputMatrix) {
  const auto r = test::run({"linearize", test::example("whipple_bicycle.yaml"), "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["inputs"], nlohmann::json::parse(R"(["T_phi", "T_delta"])"));
  EXPECT_EQ(j["outputs"], j["states"]);
  Eigen::Matrix2d M;
  M << 80.81722, 2.31941332208709, 2.31941332208709, 0.29784188199686;
  const Eigen::Matrix2d expected = M.inverse();
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 2; ++k) EXPECT_NEAR(j["input_matrix"][2 + i][k].get<double>(), expected(i, k), 1e-12 * std::abs(expected(i, k)));
  EXPECT_EQ(j["output_matrix"].size(), 5u);
  EXPECT_EQ(j["output_matrix"][3][3].get<double>(), 1.0);
  EXPECT_EQ(j["feedthrough_matrix"][4], nlohmann::json::parse("[0.0, 0.0]"));
}

// --numeric: the parameters' values and the point's numbers put in first. Upright it gives the A of
// the symbolic linearization; leaning at phi = 0.1 (symbolic: 88 MB of text in 20 s) it gives in a
// second the A that the symbolic blocks evaluate to (lean and steer rows, from a symbolic run).
TEST(Meijaard2007_WhippleBicycle, LinearizeNumericGivesTheSymbolicStateMatrix) {
  auto state_matrix = [](std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), {"linearize", test::example("whipple_bicycle.yaml"), "--format", "json"});
    const auto r = test::run(arguments);
    EXPECT_EQ(r.status, 0) << r.err;
    return nlohmann::json::parse(r.out)["state_matrix"];
  };
  const auto symbolic = state_matrix({}), numeric = state_matrix({"--numeric"});
  ASSERT_EQ(numeric.size(), symbolic.size());
  for (std::size_t i = 0; i < symbolic.size(); ++i)
    for (std::size_t k = 0; k < symbolic[i].size(); ++k)
      EXPECT_NEAR(numeric[i][k].get<double>(), symbolic[i][k].get<double>(), 1e-12 * (1 + std::abs(symbolic[i][k].get<double>())));
  const auto leaning = state_matrix({"--numeric", "--at", "phi=0.1"});  // states psi_y, phi, delta, phi_d, delta_d, thetaR_d
  const std::vector<std::vector<double>> rows = {{9.4423651, -22.827841, -0.52761225, -1.652577},
                                                 {11.660928, -18.751975, 18.384026, -15.424328}};
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t k = 0; k < 4; ++k) EXPECT_NEAR(leaning[3 + i][1 + k].get<double>(), rows[i][k], 1e-6 * std::abs(rows[i][k]));
}

// A sweep keeps only the swept parameter symbolic. Kept symbolic in every parameter, the bicycle
// leaning at phi = 0.1 (not a steady motion: the linearization holds at the instant) had its yaw's
// double zero eigenvalue split by rounding, and the sweep reported a capsize boundary at v = 5.45;
// the eigenvalues computed at one speed at a time (numbers throughout) cross at 5.986.
TEST(Meijaard2007_WhippleBicycle, SweepAwayFromTheUprightFindsTheBoundariesOfTheEigenvalues) {
  const auto r = test::run({"eigen", test::example("whipple_bicycle.yaml"), "--at", "phi=0.1", "--sweep", "v=4:7:7"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("stability boundary at v = 4.27059026"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stability boundary at v = 5.98616142"), std::string::npos) << r.out;
  auto abscissa_at = [](const std::string& v) {
    std::ostringstream err;
    const auto job = cli::linearize_model(test::example("whipple_bicycle.yaml"), "kane", {"phi=0.1", "v=" + v}, false, {},
                                          err, std::vector<std::string>{});
    return analysis::eigenanalysis(job.lin, job.doc.system.parameter_values()).spectral_abscissa;
  };
  EXPECT_LE(abscissa_at("5.98"), 0.0);
  EXPECT_GT(abscissa_at("5.99"), 1e-6);
}
