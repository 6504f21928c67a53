// Linearization and eigenanalysis (issue 6, started): Géradin E1.8 (M, C, G, K − Ω²M and the
// characteristic roots) and P1.3/P1.8 (ω² of the double pendulum, relative and absolute angles).
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/linearization.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::ex;

namespace {

GiNaC::exmap at_rest(const model::System& s) {
  GiNaC::exmap at;
  for (const auto& q : s.coordinates()) at[q] = 0, at[sym::derivative_of(q)] = 0;
  return at;
}

}  // namespace

// Géradin E1.8 (E1.8.a): M = m I, C = diag(c1, 0), G = [[0, −2mΩ], [2mΩ, 0]], K* = K − Ω²M; with
// m = 1, k1 = 4, k2 = 9, c1 = 0 the roots of (m s² + k1 − mΩ²)(m s² + k2 − mΩ²) + 4m²Ω²s² = 0 are
// ±1.34948i, ±3.63028i at Ω = 1 (stable), ±0.490287 (and ±5.07350i) at Ω = 2.5 (unstable),
// 0 (double) and ±5.56776i at Ω = 3.
TEST(Geradin_E1_8_RotatingWheel, LinearizedMatricesAndRoots) {
  auto s = seeds::rotating_wheel();
  auto lin = analysis::linearize(formulations::lagrange(s), at_rest(s));
  ex m = seeds::parameter(s, "m"), W = seeds::parameter(s, "Omega"), k1 = seeds::parameter(s, "k1"),
     k2 = seeds::parameter(s, "k2"), c1 = seeds::parameter(s, "c1");
  EXPECT_TRUE(test::numerically_equal(lin.M, GiNaC::matrix(2, 2, GiNaC::lst{m, 0, 0, m})));
  EXPECT_TRUE(test::numerically_equal(lin.C, GiNaC::matrix(2, 2, GiNaC::lst{c1, 0, 0, 0})));
  EXPECT_TRUE(test::numerically_equal(lin.G, GiNaC::matrix(2, 2, GiNaC::lst{0, -2 * m * W, 2 * m * W, 0})));
  EXPECT_TRUE(test::numerically_equal(lin.K, GiNaC::matrix(2, 2, GiNaC::lst{k1 - m * W * W, 0, 0, k2 - m * W * W})));
  EXPECT_TRUE(test::numerically_equal(lin.N, GiNaC::matrix(2, 2, GiNaC::lst{0, 0, 0, 0})));

  auto params = s.parameter_values();
  params[c1] = 0;
  params[W] = 1.0;
  auto a = analysis::eigenanalysis(lin, params);
  ASSERT_EQ(a.frequencies.size(), 2u);
  EXPECT_NEAR(a.frequencies[0], 1.34948, 1e-5);
  EXPECT_NEAR(a.frequencies[1], 3.63028, 1e-5);
  EXPECT_TRUE(a.stable);
  EXPECT_FALSE(a.asymptotically_stable);
  params[W] = 2.5;
  a = analysis::eigenanalysis(lin, params);
  EXPECT_FALSE(a.stable);
  double largest = 0;
  for (Eigen::Index i = 0; i < a.eigenvalues.size(); ++i) largest = std::max(largest, a.eigenvalues(i).real());
  EXPECT_NEAR(largest, 0.490287, 1e-6);
  ASSERT_EQ(a.frequencies.size(), 1u);
  EXPECT_NEAR(a.frequencies[0], 5.07350, 1e-5);
  params[W] = 3.0;
  a = analysis::eigenanalysis(lin, params);
  ASSERT_EQ(a.frequencies.size(), 1u);
  EXPECT_NEAR(a.frequencies[0], 5.56776, 1e-5);
  // With damping the spinning wheel below the critical speed is asymptotically stable.
  params[c1] = 0.3;
  params[W] = 1.0;
  EXPECT_TRUE(analysis::eigenanalysis(lin, params).asymptotically_stable);
}

// Géradin P1.3 / P1.8: m1 = 1, m2 = 2, ℓ1 = 1, ℓ2 = 0.5, g = 9.81: ω² = 7.113062095 and 81.17693791,
// the same from relative (P1.3) and absolute (P1.8) angles.
TEST(Geradin_P1_3_DoublePendulumRelativeAngles, NaturalFrequenciesRelativeAndAbsolute) {
  auto relative = seeds::double_pendulum_relative(1, 2, 1, 0.5);
  auto absolute = seeds::double_pendulum();
  auto params_abs = absolute.parameter_values();
  params_abs[seeds::parameter(absolute, "m1")] = 1;
  params_abs[seeds::parameter(absolute, "m2")] = 2;
  params_abs[seeds::parameter(absolute, "l1")] = 1;
  params_abs[seeds::parameter(absolute, "l2")] = 0.5;
  for (auto [s, params] : {std::pair{&relative, relative.parameter_values()}, std::pair{&absolute, params_abs}}) {
    auto lin = analysis::linearize(formulations::lagrange(*s), at_rest(*s));
    auto a = analysis::eigenanalysis(lin, params);
    ASSERT_EQ(a.frequencies.size(), 2u) << s->name();
    EXPECT_NEAR(a.frequencies[0] * a.frequencies[0], 7.113062095, 1e-8) << s->name();
    EXPECT_NEAR(a.frequencies[1] * a.frequencies[1], 81.17693791, 1e-7) << s->name();
    EXPECT_TRUE(a.stable);
  }
}
