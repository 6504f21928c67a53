// Angeles E3 (differential gear) and E7 (two-wheel axle), Kane's notes E1 (pendulum with a plate)
// and E32 (two-link mechanism): systems built from bodies, particles, torques and constraints,
// derived by Lagrange (with multipliers where constrained) and Kane (dependent speeds), checked
// against the equations Angeles (1983) and Kane's notes (1979) give for them.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using seeds::d;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;
using model::ConstraintLevel;

// Angeles E3 golden values (seed-000 §7), m_A = 1, m_B = 0.5, a = 0.2, b = 0.1, τ = (1, 0.5, 2):
// with the printed T (B's transverse central moment ½ m_B b²) (θ̈1, θ̈2) = (66, 46); thin-disk
// physics (¼ m_B b²) (67.1428571429, 47.1428571429). [E] The printed final equations have the m_A
// coefficient 1 instead of 2 and would give (99.0196, 65.6863); the corrected ones are tested.
TEST(Angeles_E3_DifferentialGear, GoldenAccelerationsBothInertias) {
  for (auto [transverse, g1, g2] : {std::tuple{0.5, 66.0, 46.0}, std::tuple{0.25, 67.1428571429, 47.1428571429}}) {
    auto s = seeds::differential_gear(transverse);
    auto params = s.parameter_values();
    formulations::KaneOptions options;
    options.dependent_speeds = {sym::derivative_of(s.coordinates()[2]), sym::derivative_of(s.coordinates()[3])};
    auto K = formulations::kane(s, options);
    auto L = formulations::lagrange(s);
    ASSERT_EQ(K.p(), 2u);
    ASSERT_EQ(L.m(), 2u);
    // Reduced mass matrix (Angeles E3 [V]): 4 M = [[2 m_A a² + ½ m_B (3a² + 4κ b²) ...]] — checked
    // through the accelerations; generalized active force φ = (τ1 + ½τ3, τ2 + ½τ3) at rest.
    for (double w1 : {0.0, 1.3})
      for (double w2 : {0.0, -0.4}) {
        Eigen::Vector4d q(0.1, 0.2, 0.3, 0.4);
        const double a = 0.2, b = 0.1;
        Eigen::Vector4d qd(w1, w2, a / (2 * b) * (w2 - w1), (w1 + w2) / 2);
        auto k = formulations::solve(K, State{0, q, qd.head(2)}, params);
        EXPECT_TRUE(test::close(k.udot(0), g1, 1e-9));
        EXPECT_TRUE(test::close(k.udot(1), g2, 1e-9));
        auto l = formulations::solve(L, State{0, q, qd}, params);
        EXPECT_TRUE(test::close(l.udot(0), g1, 1e-9));
        EXPECT_TRUE(test::close(l.udot(1), g2, 1e-9));
      }
    test::expect_same_accelerations(s, {L, K});
  }
}

// Angeles E7 (L1473–1593): [NH, NH, H] with integral q5 = α(q4 − q3), DOF 2; reduced mass matrix
// ½ m a² [[3 + α², −α²], [−α², 3 + α²]] (α = a/ℓ) and q̈3 = q̈4 = 0: both wheels spin at constant
// rates ([E] the printed closed form is wrong; the EOM are right).
TEST(Angeles_E7_TwoWheelAxle, ClassificationAndEquations) {
  auto s = seeds::two_wheel_axle();
  auto c = analysis::classify_constraints(s);
  ASSERT_EQ(c.constraints.size(), 3u);
  EXPECT_FALSE(c.constraints[0].holonomic);
  EXPECT_FALSE(c.constraints[1].holonomic);
  EXPECT_TRUE(c.constraints[2].holonomic);
  ex a = s.parameters()[1].symbol, l = s.parameters()[2].symbol, m = s.parameters()[0].symbol;
  const auto& q = s.coordinates();
  ASSERT_TRUE(c.constraints[2].integral);
  // The integral is q5 − α(q4 − q3) up to a constant factor: its gradient is parallel.
  GiNaC::matrix grad = sym::jacobian(sym::column({*c.constraints[2].integral}), q);
  for (int i = 0; i < 5; ++i)
    EXPECT_TRUE(test::numerically_equal(grad(0, i) * 1, grad(0, 4) * sym::jacobian(sym::column({q[4] - a / l * (q[3] - q[2])}), q)(0, i)));
  EXPECT_EQ(c.velocity_dof, 2);
  EXPECT_FALSE(c.holonomic_system);

  formulations::KaneOptions options;
  options.dependent_speeds = {d(q[0]), d(q[1]), d(q[4])};
  auto K = formulations::kane(s, options);
  ASSERT_EQ(K.p(), 2u);
  ex al = a / l;
  GiNaC::matrix M_ref(2, 2, GiNaC::lst{3 + al * al, -al * al, -al * al, 3 + al * al});
  for (unsigned i = 0; i < 2; ++i)
    for (unsigned j = 0; j < 2; ++j)
      EXPECT_TRUE(sym::is_zero_trig(K.mass_matrix(i, j) - m * a * a / 2 * M_ref(i, j))) << K.mass_matrix(i, j);
  auto L = formulations::lagrange(s);
  std::mt19937 rng(5);
  for (int k = 0; k < 5; ++k) {
    auto x = analysis::random_consistent_state(s, rng);
    auto qdd = formulations::coordinate_accelerations(L, test::state_for(L, s, x), s.parameter_values());
    EXPECT_NEAR(qdd(2), 0, 1e-10);
    EXPECT_NEAR(qdd(3), 0, 1e-10);
  }
  test::expect_same_accelerations(s, {L, K});
}

// Kane's notes E1 (L304–373), equations (1)–(2):
//   (I + B_1 c2² + B_2 s2²) q̈1 + 2J s2 c2 q̇1 q̇2 + K s1 = 0,   B_3 q̈2 − J s2 c2 q̇1² = 0,
//   I = m_A L_A² + m_B L_B² + A_1, J = B_2 − B_1, K = (m_A L_A + m_B L_B) g.
TEST(Kane_E1_PendulumWithPlate, EquationsOfMotion) {
  auto s = seeds::pendulum_with_plate();
  const auto& p = s.parameters();
  ex mA = p[0].symbol, LA = p[1].symbol, A1 = p[2].symbol, mB = p[3].symbol, LB = p[4].symbol, B1 = p[5].symbol,
     B2 = p[6].symbol, B3 = p[7].symbol, g = p[8].symbol;
  ex q1 = s.coordinates()[0], q2 = s.coordinates()[1];
  ex I = mA * LA * LA + mB * LB * LB + A1, J = B2 - B1, K = (mA * LA + mB * LB) * g;
  GiNaC::matrix M_ref(2, 2, GiNaC::lst{I + B1 * pow(cos(q2), 2) + B2 * pow(sin(q2), 2), 0, 0, B3});
  GiNaC::matrix F_ref(2, 1, GiNaC::lst{-2 * J * sin(q2) * cos(q2) * d(q1) * d(q2) - K * sin(q1),
                                       J * sin(q2) * cos(q2) * pow(d(q1), 2)});
  for (const auto& eom : {formulations::lagrange(s), formulations::kane(s)})
    for (unsigned i = 0; i < 2; ++i) {
      for (unsigned j = 0; j < 2; ++j) EXPECT_TRUE(sym::is_zero_trig(eom.mass_matrix(i, j) - M_ref(i, j))) << eom.method;
      EXPECT_TRUE(sym::is_zero_trig(eom.forcing(i, 0) - F_ref(i, 0))) << eom.method << ": " << eom.forcing(i, 0);
    }
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});
}

// Kane's notes E32 (L1970–2004, L2082–2098), q2 dependent, k = c1 − s1 c2/s2:
//   F_1 = −m1 g L s1 + P L k (gravity on m2 does no work),
//   Kane's equation −m1 L² q̈1 − m2 ẍ L k + F_1 = 0 with ẍ = L (k q̈1 + k′ q̇1²),
//   k′ = −s1 − c1 c2/s2 − s1²/s2 − s1² c2²/s2³  ([C] the printed F_1* has m1 L q̈1; it is m1 L² q̈1).
// Statics at L = 1, h = 1.2, q1 = 0.5, m1 = 1, g = 9.81: q2 = 1.242514, P = 6.584418.
TEST(Kane_E32_TwoLink, GeneralizedActiveForceStaticsAndEquation) {
  const double Ps = 6.584418;
  auto s = seeds::two_link(Ps);
  formulations::KaneOptions options;
  options.dependent_speeds = {d(s.coordinates()[1])};
  auto K = formulations::kane(s, options);
  ASSERT_EQ(K.p(), 1u);
  Eigen::Vector2d q(0.5, std::acos(1.2 - std::cos(0.5)));
  EXPECT_NEAR(q(1), 1.242514, 1e-6);
  EXPECT_NO_THROW(analysis::check_state(s, {0, q, Eigen::Vector2d::Zero()}));
  auto at_rest = formulations::solve(K, State{0, q, Eigen::VectorXd::Zero(1)}, s.parameter_values());
  EXPECT_NEAR(at_rest.udot(0), 0, 1e-5);  // P holds the mechanism (P given to 7 digits)

  const double m1 = 1.0, m2 = 0.7, L = 1.0, g = 9.81, P = 2.3;
  auto moving = seeds::two_link(P);
  formulations::KaneOptions moving_options;
  moving_options.dependent_speeds = {d(moving.coordinates()[1])};
  auto Km = formulations::kane(moving, moving_options);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> angle(0.2, 1.2), rate(-2, 2);
  for (int k = 0; k < 20; ++k) {
    double a1 = angle(rng), a2 = std::acos(1.2 / L - std::cos(a1)), w = rate(rng);
    double s1 = std::sin(a1), c1 = std::cos(a1), s2 = std::sin(a2), c2 = std::cos(a2);
    double kk = c1 - s1 * c2 / s2, kp = -s1 - c1 * c2 / s2 - s1 * s1 / s2 - s1 * s1 * c2 * c2 / (s2 * s2 * s2);
    double F1 = -m1 * g * L * s1 + P * L * kk;
    double q1dd = (F1 - m2 * L * L * kk * kp * w * w) / (m1 * L * L + m2 * L * L * kk * kk);
    auto x = formulations::solve(Km, State{0, Eigen::Vector2d(a1, a2), Eigen::VectorXd::Constant(1, w)},
                                 moving.parameter_values());
    EXPECT_TRUE(test::close(x.udot(0), q1dd, 1e-10)) << "q1 = " << a1;
  }
  test::expect_same_accelerations(moving, {formulations::lagrange(moving), Km});
}
