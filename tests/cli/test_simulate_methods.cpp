// `adyn simulate -m METHOD` on a model that declares generalized speeds (Greenwood 4.11's rolling
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

// The coordinates x, y, theta, phi, spin in the last row of a trajectory CSV.
std::vector<double> final_coordinates(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  std::istringstream row(last);
  std::vector<double> values;
  for (std::string cell; std::getline(row, cell, ',');) values.push_back(std::stod(cell));
  return {values.begin() + 1, values.begin() + 6};
}

}  // namespace

TEST(Greenwood_4_11_RollingDisk, EveryMethodSimulatesTheModelWithDeclaredSpeeds) {
  const auto model = example("greenwood_4_11_rolling_disk.yaml");
  auto reference = run({"simulate", model, "-m", "kane", "--t-end", "1"});
  ASSERT_EQ(reference.status, 0) << reference.err;
  const auto expected = final_coordinates(reference.out);
  for (const char* method : {"lagrange", "gauss", "udwadia-kalaba", "hamilton", "boltzmann-hamel", "gibbs-appell"}) {
    auto r = run({"simulate", model, "-m", method, "--t-end", "1"});
    ASSERT_EQ(r.status, 0) << method << ": " << r.err;
    EXPECT_NE(r.err.find("max constraint violation"), std::string::npos) << r.err;
    const auto q = final_coordinates(r.out);
    for (std::size_t i = 0; i < q.size(); ++i) EXPECT_NEAR(q[i], expected[i], 1e-8) << method << " coordinate " << i;
  }
}
