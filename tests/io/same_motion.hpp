#pragma once
// Two models of one mechanism give the same motion (tests of the joints section): Kane's u̇ of
// each at random states.
#include <gtest/gtest.h>

#include <random>

#include "adyn/formulations/kane.hpp"
#include "adyn/model/system.hpp"
#include "test_support.hpp"

namespace adyn::test {

inline Eigen::VectorXd udot(const model::System& s, const formulations::State& x) {
  return formulations::solve(formulations::kane(s), x, s.parameter_values()).udot;
}

inline Eigen::VectorXd random_vector(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<double> d(-1, 1);
  Eigen::VectorXd v(static_cast<Eigen::Index>(n));
  for (auto& x : v) x = d(rng);
  return v;
}

inline void expect_close(const Eigen::VectorXd& a, const Eigen::VectorXd& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (Eigen::Index i = 0; i < a.size(); ++i) EXPECT_TRUE(close(a(i), b(i), tol)) << "component " << i;
}

// The same coordinates, by name and order, and the same u̇ to 1e-12 at three random states.
inline void expect_same_motion(const model::System& a, const model::System& b, unsigned seed) {
  const auto n = a.coordinates().size();
  ASSERT_EQ(b.coordinates().size(), n);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(a.coordinates()[i].get_name(), b.coordinates()[i].get_name());
  std::mt19937 rng(seed);
  for (int k = 0; k < 3; ++k) {
    const formulations::State x{0, random_vector(n, rng), random_vector(n, rng)};
    expect_close(udot(a, x), udot(b, x), 1e-12);
  }
}

}  // namespace adyn::test
