// Lagrange and Kane from a System: seed examples and the cross-check that both give the same q̈.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::sin;
using formulations::State;

namespace {

void expect_same_accelerations(const model::System& system) {
  test::expect_same_accelerations(system, {formulations::lagrange(system), formulations::kane(system)});
}

}  // namespace

TEST(LagrangeKane, DoublePendulumAgree) { expect_same_accelerations(seeds::double_pendulum()); }

// Angeles E4 golden values (seed-000 §7): m = 2, a = 1, k = 5, g = 9.81, φ = 0.4, θ̇ = 1.5, φ̇ = 0.3:
// θ̈ = −2.1287001780, φ̈ = −7.9232653048 (with the corrected spring sign [E]).
TEST(Angeles_E4_RotatingShaftBar, GoldenAccelerations) {
  auto s = seeds::shaft_with_bar(0.0);
  State x{0, Eigen::Vector2d(0.25, 0.4), Eigen::Vector2d(1.5, 0.3)};
  for (const auto& eom : {formulations::lagrange(s), formulations::kane(s)}) {
    auto a = formulations::solve(eom, x, s.parameter_values());
    EXPECT_TRUE(test::close(a.udot(0), -2.1287001780, 1e-9)) << eom.method;
    EXPECT_TRUE(test::close(a.udot(1), -7.9232653048, 1e-9)) << eom.method;
  }
  expect_same_accelerations(s);
}

// Angeles E5: τ = 0.7 gives θ̈ = 4.7952907730 ([C] the cos φ factor restored), φ̈ unchanged.
TEST(Angeles_E5_ShaftBarWithTorque, GoldenAccelerations) {
  auto s = seeds::shaft_with_bar(0.7);
  State x{0, Eigen::Vector2d(-1.0, 0.4), Eigen::Vector2d(1.5, 0.3)};
  for (const auto& eom : {formulations::lagrange(s), formulations::kane(s)}) {
    auto a = formulations::solve(eom, x, s.parameter_values());
    EXPECT_TRUE(test::close(a.udot(0), 4.7952907730, 1e-9)) << eom.method;
    EXPECT_TRUE(test::close(a.udot(1), -7.9232653048, 1e-9)) << eom.method;
  }
  expect_same_accelerations(s);
}

// Greenwood Example 4.12: bead on a circular wire turning about its vertical diameter at Ω(t);
// θ from the upward vertical. m r² θ̈ − m r² Ω² sin θ cos θ − m g r sin θ = 0; golden
// θ̈ = 14.61045048358042 at m = 1, r = 0.5, g = 9.81, θ = 0.7, θ̇ = 1.1, Ω = 2.
TEST(Greenwood_4_12_BeadOnRotatingWire, GoldenAcceleration) {
  auto s = seeds::bead_on_rotating_wire();
  State x{0, Eigen::VectorXd::Constant(1, 0.7), Eigen::VectorXd::Constant(1, 1.1)};
  for (const auto& eom : {formulations::lagrange(s), formulations::kane(s)}) {
    auto a = formulations::solve(eom, x, s.parameter_values());
    EXPECT_TRUE(test::close(a.udot(0), 14.61045048358042, 1e-12)) << eom.method;
  }
  expect_same_accelerations(s);
}

// Greenwood 4.13 golden values (seed-001 §4): m = 1, l = 1, Ω = 0.5, t = 0.8, v = 1, φ̇ = 0.6:
// v̇ = 0.3928511861651094, φ̈ = −1.166150551093578 — by Kane with quasi-velocities and by
// Lagrange with a multiplier.
TEST(Greenwood_4_13_RheonomicKnifeEdge, KaneAndLagrangeGolden) {
  auto ks = seeds::knife_edge(true);
  auto K = formulations::kane(ks);
  ASSERT_EQ(K.p(), 2u);
  ASSERT_EQ(K.dependent_speeds.size(), 1u);
  EXPECT_EQ(K.dependent_speeds[0].get_name(), "u3");
  State x{0.8, Eigen::Vector3d(0.2, -0.4, 0.9), Eigen::Vector2d(1.0, 0.6)};
  auto a = formulations::solve(K, x, ks.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), 0.3928511861651094, 1e-12));
  EXPECT_TRUE(test::close(a.udot(1), -1.166150551093578, 1e-12));

  auto ls = seeds::knife_edge(false);
  auto L = formulations::lagrange(ls);
  const double alpha = 0.9 + 0.5 * 0.8;
  State y{0.8, x.q, Eigen::Vector3d(std::cos(alpha), std::sin(alpha), 0.6)};  // v = 1 along the edge
  auto b = formulations::solve(L, y, ls.parameter_values());
  double vdot = b.udot(0) * std::cos(alpha) + b.udot(1) * std::sin(alpha) +
                (0.6 + 0.5) * (-std::sin(alpha) * y.u(0) + std::cos(alpha) * y.u(1));  // d/dt (ẋ cos α + ẏ sin α)
  EXPECT_TRUE(test::close(vdot, 0.3928511861651094, 1e-12));
  EXPECT_TRUE(test::close(b.udot(2), -1.166150551093578, 1e-12));
  test::expect_same_accelerations(ks, {formulations::lagrange(ks), K});
  test::expect_same_accelerations(ls, {L, formulations::kane(ls)});
}

TEST(Kane, DependentSpeedChoiceErrors) {
  auto s = seeds::knife_edge(true);
  formulations::KaneOptions bad;
  bad.dependent_speeds = {s.speeds()[1]};  // u2 = φ̇ does not appear in the constraint
  EXPECT_THROW(formulations::kane(s, bad), SingularityError);
  formulations::KaneOptions two;
  two.dependent_speeds = {s.speeds()[0], s.speeds()[2]};
  EXPECT_THROW(formulations::kane(s, two), ModelError);
}

// Lagrange's generalized forces are taken with respect to q̇ even when the system declares speeds
// (a cart with ẋ = 2u pushed by F: ẍ = F/m by every method).
TEST(LagrangeKane, ForcesOnSystemsWithDeclaredSpeeds) {
  model::System s("cart");
  auto m = s.add_parameter("m", 2.0), F = s.add_parameter("F", 3.0);
  auto x = s.add_coordinate("x");
  auto u = s.add_speed("u");
  s.set_coordinate_rate(x, 2 * u);
  auto P = s.add_point(s.origin().locate_new("P", x * s.inertial_frame().x()));
  s.add_particle({"cart", P, m});
  s.add_force({"push", P, F * s.inertial_frame().x()});
  State at{0, Eigen::VectorXd::Constant(1, 0.3), Eigen::VectorXd::Constant(1, 0.7)};
  auto qdd = formulations::coordinate_accelerations(formulations::lagrange(s), State{0, at.q, 2 * at.u}, s.parameter_values());
  EXPECT_TRUE(test::close(qdd(0), 1.5, 1e-14));
  EXPECT_TRUE(test::close(formulations::coordinate_accelerations(formulations::kane(s), at, s.parameter_values())(0), 1.5, 1e-14));
}
