// `adyn simulate -m METHOD`: on a model that declares generalized speeds (Greenwood 4.11's rolling
// disk, u1..u5 with q̇ = N u + n): the methods whose state is q̇ (Lagrange, Gauss, Udwadia–Kalaba),
// the momenta (Hamilton) or the independent quasi-velocities (Boltzmann–Hamel) rewrite the model's
// speeds through u = Y q̇ + z, and every method reaches the same state.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "cli_support.hpp"

using adyn::test::example;
using adyn::test::run;

namespace {

// The values after t in the last row of a trajectory CSV (the coordinates first).
std::vector<double> final_row(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  std::istringstream row(last);
  std::vector<double> values;
  for (std::string cell; std::getline(row, cell, ',');) values.push_back(std::stod(cell));
  return {values.begin() + 1, values.end()};
}

}  // namespace

TEST(Greenwood_4_11_RollingDisk, EveryMethodSimulatesTheModelWithDeclaredSpeeds) {
  const auto model = example("greenwood_4_11_rolling_disk.yaml");
  auto reference = run({"simulate", model, "-m", "kane", "--t-end", "1"});
  ASSERT_EQ(reference.status, 0) << reference.err;
  const auto expected = final_row(reference.out);
  for (const char* method : {"lagrange", "gauss", "udwadia-kalaba", "hamilton", "boltzmann-hamel", "gibbs-appell"}) {
    auto r = run({"simulate", model, "-m", method, "--t-end", "1"});
    ASSERT_EQ(r.status, 0) << method << ": " << r.err;
    EXPECT_NE(r.err.find("max constraint violation"), std::string::npos) << r.err;
    const auto q = final_row(r.out);
    for (std::size_t i = 0; i < 5; ++i)  // x, y, theta, phi, spin
      EXPECT_NEAR(q[i], expected[i], 1e-8) << method << " coordinate " << i;
  }
}

// Coulomb friction on the wire (Udwadia & Kalaba Example 1) is work a nonideal constraint does:
// only Udwadia–Kalaba's equations carry it. Thrown up the wire at 1/cos θ, the bead decelerates at
// g(sin θ + μ cos θ), stops and slides back at g(sin θ − μ cos θ): x(2) by hand. Every other method
// refuses the model (exit 2, naming the constraint) instead of dropping the friction.
TEST(UdwadiaKalaba_Ex1_BeadOnWire, FrictionStopsTheBeadAndOtherMethodsRefuseIt) {
  const auto model = example("bead_on_wire.yaml");
  auto r = run({"simulate", model});
  ASSERT_EQ(r.status, 0) << r.err;
  const double theta = M_PI / 6, mu = 0.3, g = 9.81;
  const double s0 = 0.5 / std::cos(theta), v0 = 1 / std::cos(theta);
  const double up = g * (std::sin(theta) + mu * std::cos(theta)), down = g * (std::sin(theta) - mu * std::cos(theta));
  const double stop = v0 / up, s_stop = s0 + v0 * stop / 2;
  const double x2 = (s_stop - down * (2 - stop) * (2 - stop) / 2) * std::cos(theta);
  EXPECT_NEAR(final_row(r.out)[0], x2, 1e-8);
  for (const char* method : {"lagrange", "kane", "gauss", "hamilton"}) {
    auto refused = run({"simulate", model, "-m", method});
    EXPECT_EQ(refused.status, 2) << method;
    EXPECT_NE(refused.err.find("constraint 'wire': is nonideal (it does work)"), std::string::npos) << refused.err;
  }
}
