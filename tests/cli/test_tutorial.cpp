// docs/tutorial.md, step by step: what it says `adyn` prints for examples/cart_pendulum.yaml holds
// (the equations against the hand derivation, the equilibria, the modes against det(K − ω²M) = 0,
// the error for a misspelt symbol), so the tutorial cannot rot.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "cli_support.hpp"

using adyn::test::example;
using adyn::test::run;

namespace {

// The tutorial's values: M = 2, m = 0.5, l = 0.8, k = 40, c = 0.4, g = 9.81.
constexpr double M = 2, m = 0.5, l = 0.8, k = 40, c = 0.4, g = 9.81;

}  // namespace

// Tutorial §4: (M + m) ẍ + ml cos θ θ̈ = ml sin θ θ̇² − cẋ − kx,  ml cos θ ẍ + ml² θ̈ = −mgl sin θ.
TEST(Tutorial, CartPendulumEquationsAreTheHandDerivation) {
  const auto doc = adyn::io::read_model_document(example("cart_pendulum.yaml"));
  const auto eom = adyn::formulations::derive(doc.system, "lagrange");
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> value(-1.5, 1.5);
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::Vector2d q(value(rng), value(rng)), u(value(rng), value(rng));
    const auto state = adyn::formulations::State{0, q, u};
    const Eigen::VectorXd udot = adyn::formulations::solve(eom, state, doc.system.parameter_values()).udot;
    const double x = q(0), th = q(1), xd = u(0), thd = u(1);
    Eigen::Matrix2d mass;
    mass << M + m, m * l * std::cos(th), m * l * std::cos(th), m * l * l;
    const Eigen::Vector2d force(m * l * std::sin(th) * thd * thd - c * xd - k * x, -m * g * l * std::sin(th));
    const Eigen::Vector2d expected = mass.ldlt().solve(force);
    EXPECT_LE((udot - expected).norm(), 1e-12 * (1 + expected.norm())) << "trial " << trial;
  }
}

// Tutorial §6: two equilibria (hanging, asymptotically stable; inverted, unstable), and modes at
// ω² from det(K − ω²M) = 0 with M = [[M + m, ml], [ml, ml²]], K = diag(k, mgl) (undamped), lightly
// damped by c.
TEST(Tutorial, CartPendulumEquilibriaAndModes) {
  auto equilibria = run({"equilibrium", example("cart_pendulum.yaml"), "--scan", "10", "--json"});
  ASSERT_EQ(equilibria.status, 0) << equilibria.err;
  const auto e = nlohmann::json::parse(equilibria.out)["equilibria"];
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0]["stability"], "asymptotically stable");
  EXPECT_NEAR(std::abs(e[1]["coordinates"]["theta"].get<double>()), M_PI, 1e-9);
  EXPECT_EQ(e[1]["stability"], "unstable");

  auto eigen = run({"eigen", example("cart_pendulum.yaml"), "--rest", "--json"});
  ASSERT_EQ(eigen.status, 0) << eigen.err;
  const auto j = nlohmann::json::parse(eigen.out);
  EXPECT_EQ(j["verdict"], "asymptotically stable");
  std::vector<double> damped;
  for (const auto& mode : j["eigenvalues"])
    if (mode["im"].get<double>() > 0) damped.push_back(mode["im"].get<double>());
  ASSERT_EQ(damped.size(), 2u);
  std::sort(damped.begin(), damped.end());
  const double a = (M + m) * m * l * l - m * l * m * l, b = -(k * m * l * l + m * g * l * (M + m)), cc = k * m * g * l;
  const double w1 = std::sqrt((-b - std::sqrt(b * b - 4 * a * cc)) / (2 * a));
  const double w2 = std::sqrt((-b + std::sqrt(b * b - 4 * a * cc)) / (2 * a));
  EXPECT_NEAR(w1, 3.081, 5e-4);  // the values the tutorial quotes
  EXPECT_NEAR(w2, 5.083, 5e-4);
  EXPECT_NEAR(damped[0], w1, 2e-3 * w1);  // light damping (ζ < 0.02) shifts them a little
  EXPECT_NEAR(damped[1], w2, 2e-3 * w2);
}

// Tutorial §3: a misspelt symbol is reported at its line and column, with a suggestion, exit 2.
TEST(Tutorial, MisspeltSymbolIsReportedWhereItIs) {
  std::ifstream in(example("cart_pendulum.yaml"));
  const auto path = adyn::test::temporary_file("cart_pendulum.yaml");
  std::ofstream out(path);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind('#', 0) == 0) continue;  // the tutorial's file has no header comment
    if (auto at = line.find("angle: theta}"); at != std::string::npos) line.replace(at, 13, "angle: thta}");
    out << line << "\n";
  }
  out.close();
  auto r = run({"check", path});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(":11:42: frame 'A': undefined symbol 'thta' in expression 'thta' (did you mean 'theta'?)"),
            std::string::npos)
      << r.err;
}
