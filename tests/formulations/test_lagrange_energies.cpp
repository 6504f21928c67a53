// Lagrange's equations from given energies (Géradin & Rixen ch. 1), with and without multipliers.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/lagrange.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::LagrangianForm;
using GiNaC::cos;
using GiNaC::sin;

namespace {

GiNaC::symbol rate(const GiNaC::symbol& q, int order = 1) { return sym::derivative_of(q, order); }

}  // namespace

// Géradin E1.5: m ℓ² θ̈ + m g ℓ sin θ = 0.
TEST(Geradin_E1_5_Pendulum, LagrangeEquation) {
  auto m = sym::parameter("m"), l = sym::parameter("l"), g = sym::parameter("g");
  auto th = sym::dynamic_symbol("theta");
  LagrangianForm form{{th}, m * l * l * GiNaC::pow(rate(th), 2) / 2, m * g * l * (1 - cos(th)), 0, {}};
  auto eom = formulations::lagrange(form);
  EXPECT_TRUE(test::numerically_equal(eom.mass_matrix(0, 0), m * l * l));
  EXPECT_TRUE(test::numerically_equal(eom.forcing(0, 0), -m * g * l * sin(th)));
}

// Géradin E1.6 (OCR-corrected terms): m ℓ² θ̈ + m a ℓ cos θ + m g ℓ sin θ = 0, and the split
// T2 = ½ m ℓ² θ̇², T1 = m a t ℓ cos θ θ̇, T0 = ½ m a² t².
TEST(Geradin_E1_6_AcceleratedSupport, RheonomicLagrangeEquation) {
  auto m = sym::parameter("m"), l = sym::parameter("l"), g = sym::parameter("g"), a = sym::parameter("a");
  auto th = sym::dynamic_symbol("theta");
  const auto t = sym::time();
  // Velocity of the bob: u1 = ℓ cos θ − ℓ, u2 = ℓ sin θ + a t²/2.
  GiNaC::ex u1d = sym::time_derivative(l * cos(th) - l), u2d = sym::time_derivative(l * sin(th) + a * t * t / 2);
  GiNaC::ex T = m * (u1d * u1d + u2d * u2d) / 2;
  auto eom = formulations::lagrange({{th}, T, m * g * l * (1 - cos(th)), 0, {}});
  EXPECT_TRUE(test::numerically_equal(eom.mass_matrix(0, 0), m * l * l));
  EXPECT_TRUE(test::numerically_equal(eom.forcing(0, 0), -m * a * l * cos(th) - m * g * l * sin(th)));
  auto split = formulations::split_kinetic_energy(T, {th});
  EXPECT_TRUE(test::numerically_equal(split.T2, m * l * l * GiNaC::pow(rate(th), 2) / 2));
  EXPECT_TRUE(test::numerically_equal(split.T1, m * a * t * l * cos(th) * rate(th)));
  EXPECT_TRUE(test::numerically_equal(split.T0, m * a * a * t * t / 2));
}

// Géradin E1.8: mass on springs and a damper in a wheel spinning at Ω:
//   m ẍ − 2mΩ ẏ − mΩ² x + c1 ẋ + k1 x = 0,   m ÿ + 2mΩ ẋ − mΩ² y + k2 y = 0,
// T1 = mΩ(x ẏ − ẋ y) with gyroscopic matrix G = [[0, −2mΩ], [2mΩ, 0]].
TEST(Geradin_E1_8_RotatingWheel, GyroscopicEquations) {
  auto m = sym::parameter("m"), I = sym::parameter("I"), Om = sym::parameter("Omega");
  auto k1 = sym::parameter("k1"), k2 = sym::parameter("k2"), c1 = sym::parameter("c1");
  auto x = sym::dynamic_symbol("x"), y = sym::dynamic_symbol("y");
  GiNaC::ex T = m * (GiNaC::pow(rate(x) - Om * y, 2) + GiNaC::pow(rate(y) + Om * x, 2)) / 2 + I * Om * Om / 2;
  GiNaC::ex V = (k1 * x * x + k2 * y * y) / 2, D = c1 * rate(x) * rate(x) / 2;
  auto eom = formulations::lagrange({{x, y}, T, V, D, {}});
  EXPECT_TRUE(test::numerically_equal(eom.mass_matrix, GiNaC::matrix(2, 2, GiNaC::lst{m, 0, 0, m})));
  EXPECT_TRUE(test::numerically_equal(eom.forcing(0, 0), 2 * m * Om * rate(y) + m * Om * Om * x - c1 * rate(x) - k1 * x));
  EXPECT_TRUE(test::numerically_equal(eom.forcing(1, 0), -2 * m * Om * rate(x) + m * Om * Om * y - k2 * y));
  auto split = formulations::split_kinetic_energy(T, {x, y});
  EXPECT_TRUE(test::numerically_equal(split.T1, m * Om * (x * rate(y) - rate(x) * y)));
  EXPECT_TRUE(test::numerically_equal(split.T0, m * Om * Om * (x * x + y * y) / 2 + I * Om * Om / 2));
  auto G = formulations::gyroscopic_matrix(split.T1, {x, y});
  EXPECT_TRUE(test::numerically_equal(G, GiNaC::matrix(2, 2, GiNaC::lst{0, -2 * m * Om, 2 * m * Om, 0})));
}

// Géradin E1.10: Cartesian pendulum (u1 along gravity) with the constraint
// sqrt((ℓ + u1)² + u2²) − ℓ = 0; the multiplier is λ = −m(ℓ θ̇² + g cos θ) ([derived] in the notes).
TEST(Geradin_E1_10_CartesianPendulum, MultiplierIsRodTension) {
  const double m = 1.3, l = 0.8, g = 9.81;
  auto u1 = sym::dynamic_symbol("u1"), u2 = sym::dynamic_symbol("u2");
  GiNaC::ex T = m * (rate(u1) * rate(u1) + rate(u2) * rate(u2)) / 2, V = -m * g * u1;
  model::Constraint rod{"rod", model::ConstraintLevel::Configuration,
                        GiNaC::sqrt(GiNaC::pow(l + u1, 2) + u2 * u2) - l, {}};
  auto eom = formulations::lagrange({{u1, u2}, T, V, 0, {}}, {rod});
  ASSERT_EQ(eom.m(), 1u);
  for (double theta : {0.0, 0.4, -1.1, 2.5})
    for (double thetad : {0.0, 1.7, -0.6}) {
      formulations::State s;
      s.q = Eigen::Vector2d(l * std::cos(theta) - l, l * std::sin(theta));
      s.u = Eigen::Vector2d(-l * std::sin(theta) * thetad, l * std::cos(theta) * thetad);
      auto a = formulations::solve(eom, s, {});
      EXPECT_TRUE(test::close(a.lambda(0), -m * (l * thetad * thetad + g * std::cos(theta)), 1e-10));
      // The bob moves on the circle: θ̈ = −(g/ℓ) sin θ, so ü2 = ℓ(cos θ θ̈ − sin θ θ̇²).
      double thetadd = -g / l * std::sin(theta);
      EXPECT_TRUE(test::close(a.udot(1), l * (std::cos(theta) * thetadd - std::sin(theta) * thetad * thetad), 1e-10));
    }
}

TEST(Lagrange, SingularMassMatrixIsReported) {
  auto x = sym::dynamic_symbol("x"), y = sym::dynamic_symbol("y");
  auto eom = formulations::lagrange({{x, y}, GiNaC::pow(rate(x) + rate(y), 2) / 2, 0, 0, {}});
  formulations::State s{0, Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 0)};
  EXPECT_THROW(formulations::solve(eom, s, {}), SingularityError);
}
