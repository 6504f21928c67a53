// `adyn equilibrium`, `linearize`, `eigen` (with --sweep, --csv, --plot) and `integrals` (issue 6):
// the commands on bundled examples against closed-form results, and their errors.
#include <gtest/gtest.h>
#include <ginac/ginac.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

#include "cli_support.hpp"

using adyn::test::example;
using adyn::test::run;

namespace {

// ω² of the double pendulum (m1 = m2 = 1, ℓ1 = 1, ℓ2 = 0.5, g = 9.81 in the example) at rest below:
// det(K − ω²M) = 0 with M = [[(m1+m2)ℓ1², m2ℓ1ℓ2], [m2ℓ1ℓ2, m2ℓ2²]], K = diag((m1+m2)gℓ1, m2gℓ2).
std::pair<double, double> double_pendulum_omega_squared() {
  const double m1 = 1, m2 = 1, l1 = 1, l2 = 0.5, g = 9.81;
  const double M11 = (m1 + m2) * l1 * l1, M12 = m2 * l1 * l2, M22 = m2 * l2 * l2;
  const double K11 = (m1 + m2) * g * l1, K22 = m2 * g * l2;
  const double a = M11 * M22 - M12 * M12, b = -(K11 * M22 + K22 * M11), c = K11 * K22;
  const double root = std::sqrt(b * b - 4 * a * c);
  return {(-b - root) / (2 * a), (-b + root) / (2 * a)};
}

}  // namespace

TEST(EquilibriumCommand, FindsTheFourEquilibriaOfTheDoublePendulumOnceEach) {
  auto r = run({"equilibrium", example("double_pendulum.yaml"), "--scan", "20", "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["equilibria"].size(), 4u) << r.out;  // angles reported in [−π, π], 2π copies counted once
  std::set<std::pair<long, long>> halves;  // (q1, q2) in units of π
  int stable = 0;
  for (const auto& e : j["equilibria"]) {
    const double q1 = e["coordinates"]["q1"], q2 = e["coordinates"]["q2"];
    EXPECT_LE(e["residual"].get<double>(), 1e-10);
    EXPECT_NEAR(std::remainder(q1, M_PI), 0.0, 1e-9);
    EXPECT_NEAR(std::remainder(q2, M_PI), 0.0, 1e-9);
    halves.insert({std::lround(std::cos(q1)), std::lround(std::cos(q2))});
    if (e["stability"] == "stable (marginally)") {
      ++stable;
      EXPECT_NEAR(q1, 0.0, 1e-9);
      EXPECT_NEAR(q2, 0.0, 1e-9);
    }
  }
  EXPECT_EQ(halves.size(), 4u);
  EXPECT_EQ(stable, 1);
}

TEST(EquilibriumCommand, TextListsEachEquilibriumWithItsStability) {
  auto r = run({"equilibrium", example("double_pendulum.yaml"), "--guess", "q1=3,q2=3"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("2 equilibria"), std::string::npos) << r.out;  // the initial state's and the guess's
  EXPECT_NE(r.out.find("1: q1 = 0, q2 = 0, q1_d = 0, q2_d = 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2: q1 = 3.14159265359, q2 = 3.14159265359"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unstable"), std::string::npos) << r.out;
}

TEST(LinearizeCommand, DoublePendulumAtRestHasTheSecondOrderForm) {
  auto r = run({"linearize", example("double_pendulum.yaml"), "--rest", "-f", "json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["second_order_form"].get<bool>());
  EXPECT_EQ(j["states"], nlohmann::json({"q1", "q2", "q1_d", "q2_d"}));
  for (const char* block : {"C", "G", "N"})
    EXPECT_EQ(j["matrices"][block], nlohmann::json::parse(R"([["0", "0"], ["0", "0"]])")) << block;
  // A = [0 I; −M⁻¹K 0]; with the example's values −M⁻¹K = [[−2g, g], [4g, −4g]] (g = 9.81).
  const auto& A = j["state_matrix"];
  const double g = 9.81;
  const double expected[4][4] = {{0, 0, 1, 0}, {0, 0, 0, 1}, {-2 * g, g, 0, 0}, {4 * g, -4 * g, 0, 0}};
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(A[i][k].get<double>(), expected[i][k], 1e-12) << i << "," << k;
  EXPECT_TRUE(r.err.empty()) << r.err;  // at an equilibrium: no warning
}

// The four-bar at its initial state, its dependent angles doubles (exact in the derivation): each
// entry is shown as one fraction of polynomials in the parameters with a decimal per monomial (it
// was 42 kB of products of sums with coefficients of 1e-65 and 1e64), whose value at the
// parameters is A's.
TEST(LinearizeCommand, AtAPointOfDoublesEachEntryIsOneCompactFraction) {
  auto r = run({"linearize", example("four_bar_linkage.yaml"), "-f", "json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  GiNaC::symtab table;
  for (const char* name : {"a", "b", "c", "d", "m2", "m3", "m4", "g"}) table[name] = GiNaC::symbol(name);
  GiNaC::parser reader(table);
  const GiNaC::ex M = reader(j["matrices"]["M"][0][0].get<std::string>()), K = reader(j["matrices"]["K"][0][0].get<std::string>());
  for (const char* block : {"M", "C", "K"}) {
    const auto text = j["matrices"][block][0][0].get<std::string>();
    EXPECT_LT(text.size(), 2500u) << block << ": " << text;
    EXPECT_EQ(text.find("E6"), std::string::npos) << block << ": " << text;  // no 1e64 scales
  }
  const GiNaC::exmap values{{table["a"], 0.2}, {table["b"], 0.6}, {table["c"], 0.5}, {table["m2"], 0.4},
                            {table["m3"], 1.2}, {table["m4"], 1.0}, {table["g"], 9.81}};
  const double minus_K_over_M = GiNaC::ex_to<GiNaC::numeric>((-K / M).subs(values).evalf()).to_double();
  EXPECT_NEAR(minus_K_over_M, j["state_matrix"][1][0].get<double>(), 1e-9 * std::abs(minus_K_over_M));
}

TEST(LinearizeCommand, WarnsWhenThePointIsNoEquilibrium) {
  auto r = run({"linearize", example("double_pendulum.yaml"), "--at", "q1=0.3"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("warning: the operating point is not an equilibrium"), std::string::npos) << r.err;
}

TEST(EigenCommand, DoublePendulumFrequencies) {
  auto r = run({"eigen", example("double_pendulum.yaml"), "--rest", "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "stable (marginally)");
  std::vector<double> frequencies;
  for (const auto& e : j["eigenvalues"]) {
    EXPECT_NEAR(e["re"].get<double>(), 0.0, 1e-9);
    if (e["im"].get<double>() > 0) frequencies.push_back(e["im"].get<double>());
  }
  ASSERT_EQ(frequencies.size(), 2u);
  std::sort(frequencies.begin(), frequencies.end());
  const auto [w1, w2] = double_pendulum_omega_squared();
  EXPECT_NEAR(frequencies[0] * frequencies[0], w1, 1e-10 * w1);
  EXPECT_NEAR(frequencies[1] * frequencies[1], w2, 1e-10 * w2);
}

// Géradin E1.8 with the damper (c1 = 0.3): s⁴ + c s³ + (a + b + 4Ω²) s² + c b s + ab = 0,
// a = k1 − Ω², b = k2 − Ω² (m = 1, k1 = 4, k2 = 9). Routh–Hurwitz: stable exactly for Ω < 2; at
// Ω = 3 the double zero is a Jordan block, not a stable window.
TEST(EigenCommand, Geradin_E1_8_RotatingWheel_SweepHasOneBoundary) {
  const auto csv = adyn::test::temporary_file("sweep.csv");
  auto r = run({"eigen", example("geradin_e1_8_rotating_wheel.yaml"), "--rest", "--sweep", "Omega=0:4:81", "--csv", csv,
                "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["boundaries"].size(), 1u) << j["boundaries"].dump();
  EXPECT_NEAR(j["boundaries"][0]["value"].get<double>(), 2.0, 1e-7);
  EXPECT_FALSE(j["boundaries"][0]["stable_above"].get<bool>());
  ASSERT_EQ(j["points"].size(), 81u);
  for (const auto& p : j["points"]) {
    const double W = p["value"];
    EXPECT_EQ(p["analysis"]["verdict"] == "asymptotically stable", W < 2 - 1e-9 && W > 1e-9) << W;
  }
  const auto text = adyn::test::read_text(csv);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 82) << text.substr(0, 200);
  EXPECT_EQ(text.substr(0, text.find('\n')), "Omega,stable,re1,im1,re2,im2,re3,im3,re4,im4");
}

// The upright disk rolling at spin rate Ω (u3 = Ω, a steady motion of a nonholonomic system): stable
// above Ω = √(g/3r) = 2.5573 (Greenwood 4.11; tests/analysis/references/rolling_disk_critical_speed.py).
TEST(EigenCommand, Greenwood_4_11_RollingDisk_CriticalSpeedFromTheSweep) {
  const auto plot = adyn::test::temporary_file("sweep.svg");
  std::vector<std::string> args = {"eigen", example("rolling_disk_stability.yaml"), "--at", "theta=Pi/2",
                                   "--at",  "u3=Omega", "--sweep", "Omega=0.5:6:111"};
  const bool draw = adyn::test::on_path("gnuplot");
  if (draw) args.insert(args.end(), {"--plot", plot});
  auto r = run(args);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;  // a steady motion at every Ω
  const double critical = std::sqrt(9.81 / (3 * 0.5));
  std::ostringstream expected;
  expected.precision(12);
  expected << "stability boundary at Omega = " << critical;
  EXPECT_NE(r.out.find(expected.str().substr(0, 40)), std::string::npos) << r.out;  // 2.5573... to ~1e-9
  EXPECT_NE(r.out.find("stable above, unstable below"), std::string::npos) << r.out;
  if (draw) {
    EXPECT_NE(adyn::test::read_text(plot).find("<svg"), std::string::npos);
  }
}

TEST(IntegralsCommand, Angeles_E4_RotatingShaftBar_CyclicCoordinate) {
  auto r = run({"integrals", example("angeles_e4_rotating_shaft_bar.yaml"), "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["cyclic"].size(), 1u);
  EXPECT_EQ(j["cyclic"][0]["coordinate"], "theta");
  EXPECT_TRUE(j["energy_conserved"].get<bool>());
  EXPECT_TRUE(j.contains("routhian"));
  GiNaC::parser read;  // one parser: the same names read as the same symbols
  const GiNaC::ex printed = read(j["cyclic"][0]["momentum"].get<std::string>());
  EXPECT_TRUE((printed - read("m*a^2*sin(phi)^2*theta_d/3")).expand().is_zero()) << printed;  // Angeles E4
  auto text = run({"integrals", example("angeles_e4_rotating_shaft_bar.yaml")});
  EXPECT_NE(text.out.find("cyclic coordinates:\n  theta: p = "), std::string::npos) << text.out;
}

TEST(AnalysisCommands, BadInputIsReportedWithExitCode2) {
  const auto model = example("double_pendulum.yaml");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"eigen", model, "--at", "q3=1"}, "operating point 'q3=1': 'q3' is not a coordinate, rate, speed, parameter or input"},
      {{"eigen", model, "--at", "q1"}, "operating point 'q1': expected NAME=VALUE"},
      {{"eigen", model, "--at", "q1=sin("}, "operating point 'q1=sin(': cannot parse expression"},
      {{"eigen", model, "--at", "q1=lenght"}, "undefined symbol 'lenght'"},
      {{"eigen", model, "--sweep", "g=9:1:5"}, "sweep 'g=9:1:5': expected NAME=LO:HI:COUNT"},
      {{"eigen", model, "--sweep", "mass=0:1:5"}, "sweep 'mass=0:1:5': 'mass' is not a parameter of the model"},
      {{"eigen", model, "--plot", "x.svg"}, "--plot and --csv need --sweep"},
      {{"equilibrium", model, "--free", "q7"}, "--free 'q7': not a coordinate or speed"},
      {{"linearize", example("geradin_e1_10_cartesian_pendulum.yaml"), "--at", "u1=0.5"}, "rod"},
  };
  for (const auto& c : cases) {
    auto r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args[2] << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}
