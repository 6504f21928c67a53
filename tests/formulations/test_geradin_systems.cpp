// Géradin & Rixen §1.2–1.6 examples and problems built as physical systems (particles, springs,
// rotating frames, constraints), derived by Lagrange's equations and by Kane's method and checked
// against the reference equations Géradin & Rixen derive for them.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using seeds::d;
using formulations::EquationsOfMotion;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

// Both formulations' M and F equal the reference (M_ref u̇ = F_ref) at random values of every symbol.
void expect_equations(const model::System& s, const GiNaC::matrix& M_ref, const GiNaC::matrix& F_ref) {
  for (const auto& eom : {formulations::lagrange(s), formulations::kane(s)}) {
    ASSERT_EQ(eom.p(), M_ref.rows()) << eom.method;
    for (unsigned i = 0; i < M_ref.rows(); ++i) {
      for (unsigned j = 0; j < M_ref.cols(); ++j)
        EXPECT_TRUE(test::numerically_equal(eom.mass_matrix(i, j), M_ref(i, j))) << eom.method << " M" << i << j;
      EXPECT_TRUE(test::numerically_equal(eom.forcing(i, 0), F_ref(i, 0))) << eom.method << " F" << i;
    }
  }
}

}  // namespace

// Géradin E1.3 (L272–305): pendulum by virtual work, u1 along gravity ("down"), u2 horizontal.
// δu1 = −ℓ sin θ δθ, δu2 = ℓ cos θ δθ; result m ℓ² θ̈ + m g ℓ sin θ = 0 (E1.3.b).
TEST(Geradin_E1_3_PendulumVirtualWork, VirtualDisplacementsAndEquation) {
  model::System s("pendulum");
  auto m = s.add_parameter("m"), l = s.add_parameter("l"), g = s.add_parameter("g");
  auto th = s.add_coordinate("theta");
  auto N = s.inertial_frame();  // n1 down, n2 horizontal
  auto P = s.add_point(s.origin().locate_new("P", l * cos(th) * N.x() + l * sin(th) * N.y()));
  s.add_particle({"bob", P, m});
  s.set_gravity(g * N.x());
  auto v = kin::partial_velocities(P.velocity_in(N), {sym::derivative_of(th)});
  EXPECT_TRUE(test::numerically_equal(v[0], kin::Vector(N, -l * sin(th), l * cos(th), 0), N));
  expect_equations(s, GiNaC::matrix(1, 1, GiNaC::lst{m * l * l}), GiNaC::matrix(1, 1, GiNaC::lst{-m * g * l * sin(th)}));
}

// Géradin E1.4 (L307–334): double pendulum, θ1 absolute, θ2 relative to rod 1 (E1.4.a–d).
TEST(Geradin_E1_4_DoublePendulum, PositionsInRelativeAngles) {
  model::System s("double pendulum");
  auto l1 = s.add_parameter("l1"), l2 = s.add_parameter("l2");
  auto t1 = s.add_coordinate("theta1"), t2 = s.add_coordinate("theta2");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), t1));
  auto B = s.add_frame(A.orient_new_axis("B", A.z(), t2));
  auto P1 = s.add_point(s.origin().locate_new("P1", l1 * A.x()));
  auto P2 = s.add_point(P1.locate_new("P2", l2 * B.x()));
  auto r1 = P1.position_from(s.origin()).components_in(N), r2 = P2.position_from(s.origin()).components_in(N);
  EXPECT_TRUE(test::numerically_equal(r1(0, 0), l1 * cos(t1)));
  EXPECT_TRUE(test::numerically_equal(r1(1, 0), l1 * sin(t1)));
  EXPECT_TRUE(test::numerically_equal(r2(0, 0), l1 * cos(t1) + l2 * cos(t1 + t2)));
  EXPECT_TRUE(test::numerically_equal(r2(1, 0), l1 * sin(t1) + l2 * sin(t1 + t2)));
}

// Géradin P1.2 (L1214–1242): mass on the parabola y = x²/ℓ − 4ℓ, zero-length spring to the origin,
// gravity −y: m (1 + 4x²/ℓ²) ẍ + (4 m x/ℓ²) ẋ² + k x (2x²/ℓ² − 7) + 2 m g x/ℓ = 0 (P1.2.f).
TEST(Geradin_P1_2_MassOnParabola, LagrangeAndKane) {
  model::System s("mass on a parabola");
  auto m = s.add_parameter("m", 1.0), l = s.add_parameter("l", 0.8), k = s.add_parameter("k", 3.0);
  auto g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x");
  auto N = s.inertial_frame();
  auto P = s.add_point(s.origin().locate_new("P", x * N.x() + (x * x / l - 4 * l) * N.y()));
  s.add_particle({"mass", P, m});
  s.set_gravity(-g * N.y());
  s.add_spring({"spring", s.origin(), P, k, 0, std::nullopt});
  expect_equations(s, GiNaC::matrix(1, 1, GiNaC::lst{m * (1 + 4 * x * x / (l * l))}),
                   GiNaC::matrix(1, 1, GiNaC::lst{-(4 * m * x / (l * l)) * pow(d(x), 2) -
                                                  k * x * (2 * x * x / (l * l) - 7) - 2 * m * g * x / l}));
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});
}

// Géradin P1.3 (L1244–1299), explicit equations [derived, verified in seed-004]:
//   M(θ) = [[(m1+m2)ℓ1² + m2ℓ2² + 2m2ℓ1ℓ2 c2, m2ℓ2² + m2ℓ1ℓ2 c2], [m2ℓ2² + m2ℓ1ℓ2 c2, m2ℓ2²]],
//   F1 = m2ℓ1ℓ2(2θ̇1θ̇2 + θ̇2²) s2 − (m1+m2) g ℓ1 s1 − m2 g ℓ2 sin(θ1+θ2),
//   F2 = −m2ℓ1ℓ2 θ̇1² s2 − m2 g ℓ2 sin(θ1+θ2);
// linearized at θ = 0 with m1 = 1, m2 = 2, ℓ1 = 1, ℓ2 = 0.5: M0 = [[5.5, 1.5], [1.5, 0.5]],
// K0 = −∂F/∂θ = [[39.24, 9.81], [9.81, 9.81]].
TEST(Geradin_P1_3_DoublePendulumRelativeAngles, EquationsAndLinearization) {
  auto s = seeds::double_pendulum_relative(1, 2, 1, 0.5);
  auto sy = [&](const char* n) {
    for (const auto& p : s.parameters())
      if (p.symbol.get_name() == n) return p.symbol;
    throw std::runtime_error(n);
  };
  ex m1 = sy("m1"), m2 = sy("m2"), l1 = sy("l1"), l2 = sy("l2"), g = sy("g");
  ex t1 = s.coordinates()[0], t2 = s.coordinates()[1];
  ex c2 = cos(t2), s2 = sin(t2);
  GiNaC::matrix M(2, 2, GiNaC::lst{(m1 + m2) * l1 * l1 + m2 * l2 * l2 + 2 * m2 * l1 * l2 * c2,
                                   m2 * l2 * l2 + m2 * l1 * l2 * c2, m2 * l2 * l2 + m2 * l1 * l2 * c2, m2 * l2 * l2});
  GiNaC::matrix F(2, 1, GiNaC::lst{m2 * l1 * l2 * (2 * d(t1) * d(t2) + pow(d(t2), 2)) * s2 -
                                       (m1 + m2) * g * l1 * sin(t1) - m2 * g * l2 * sin(t1 + t2),
                                   -m2 * l1 * l2 * pow(d(t1), 2) * s2 - m2 * g * l2 * sin(t1 + t2)});
  expect_equations(s, M, F);
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});

  auto L = formulations::lagrange(s);
  GiNaC::exmap at_rest = s.parameter_values();
  for (const auto& q : s.coordinates()) at_rest[q] = 0, at_rest[d(q)] = 0;
  Eigen::MatrixXd M0 = sym::evaluate(L.mass_matrix, at_rest);
  Eigen::MatrixXd K0 = -sym::evaluate(sym::jacobian(L.forcing, s.coordinates()), at_rest);
  Eigen::Matrix2d M0_ref, K0_ref;
  M0_ref << 5.5, 1.5, 1.5, 0.5;
  K0_ref << 39.24, 9.81, 9.81, 9.81;
  EXPECT_LT((M0 - M0_ref).norm(), 1e-12);
  EXPECT_LT((K0 - K0_ref).norm(), 1e-12);
}

// Géradin P1.4 (L1301–1333): m1 slides on a bar at angle α to the vertical (y down), m2 hangs from
// it on a link ℓ at θ; spring k, free length d0, from m1 to the fixed point (0, −e) (P1.4.c):
//   (m1+m2) s̈ + m2 ℓ θ̈ sin(α−θ) − m2 ℓ θ̇² cos(α−θ) − (m1+m2) g cos α + k (d − d0)(s + e cos α)/d = 0,
//   m2 ℓ² θ̈ + m2 ℓ sin(α−θ) s̈ + m2 g ℓ sin θ = 0  (P1.4.e), d² = e² + s² + 2 s e cos α.
TEST(Geradin_P1_4_GuidedDoublePendulum, LagrangeAndKane) {
  auto s = seeds::guided_double_pendulum();
  auto p = [&](const char* name) { return seeds::parameter(s, name); };
  ex m1 = p("m1"), m2 = p("m2"), l = p("l"), al = p("alpha"), k = p("k"), d0 = p("d0"), e = p("e"), g = p("g");
  ex sc = s.coordinates()[0], th = s.coordinates()[1];
  ex dist = GiNaC::sqrt(e * e + sc * sc + 2 * sc * e * cos(al));
  GiNaC::matrix M(2, 2, GiNaC::lst{m1 + m2, m2 * l * sin(al - th), m2 * l * sin(al - th), m2 * l * l});
  GiNaC::matrix F(2, 1, GiNaC::lst{m2 * l * pow(d(th), 2) * cos(al - th) + (m1 + m2) * g * cos(al) -
                                       k * (dist - d0) * (sc + e * cos(al)) / dist,
                                   -m2 * g * l * sin(th)});
  expect_equations(s, M, F);
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});
}

// Géradin P1.5 (L1335–1426): Lagrange multiplier of the bar with L + λ f (1.82):
// λ = −e m1 m2 (Ω² + θ̇²)/(m1 sin²θ + m2 cos²θ) with d1 = e cos θ, d2 = e sin θ — always negative
// (the bar is in traction); for m1 = m2 = m it is λ = −m e (Ω² + θ̇²) (P1.5.m, [OCR] P1.5.k/l
// corrected). The minimal-coordinate equation e²(m1 s² + m2 c²) θ̈ + e²(m1 − m2) s c (θ̇² + Ω²) = 0
// gives the same accelerations.
TEST(Geradin_P1_5_GroovesOnRotatingWheel, MultiplierIsBarForce) {
  for (auto [m1, m2] : {std::pair{1.0, 1.0}, std::pair{1.0, 2.5}}) {
    auto s = seeds::grooves_on_wheel(m1, m2);
    auto L = formulations::lagrange(s);
    ASSERT_EQ(L.m(), 1u);
    const double e = 0.8, W = 1.7;
    for (double th : {0.3, 1.1, 2.5})
      for (double thd : {0.0, -0.9, 2.0}) {
        Eigen::Vector2d q(e * std::cos(th), e * std::sin(th)), qd(-e * std::sin(th) * thd, e * std::cos(th) * thd);
        auto a = formulations::solve(L, State{0.3, q, qd}, s.parameter_values());
        double den = m1 * std::sin(th) * std::sin(th) + m2 * std::cos(th) * std::cos(th);
        EXPECT_TRUE(test::close(a.lambda(0), -e * m1 * m2 * (W * W + thd * thd) / den, 1e-10));
        double thdd = -(m1 - m2) * std::sin(th) * std::cos(th) * (thd * thd + W * W) / den;
        // d̈1 = −e (c θ̇² + s θ̈), d̈2 = e (−s θ̇² + c θ̈)
        EXPECT_TRUE(test::close(a.udot(0), -e * (std::cos(th) * thd * thd + std::sin(th) * thdd), 1e-10));
        EXPECT_TRUE(test::close(a.udot(1), e * (-std::sin(th) * thd * thd + std::cos(th) * thdd), 1e-10));
      }
    test::expect_same_accelerations(s, {L, formulations::kane(s)});
  }
}

// Géradin E1.5 built physically: m ℓ² θ̈ + m g ℓ sin θ = 0 by both methods.
TEST(Geradin_E1_5_Pendulum, BuiltPhysicallyBothMethods) {
  auto s = seeds::pendulum();
  ex m = seeds::parameter(s, "m"), l = seeds::parameter(s, "l"), g = seeds::parameter(s, "g"), th = s.coordinates()[0];
  expect_equations(s, GiNaC::matrix(1, 1, GiNaC::lst{m * l * l}), GiNaC::matrix(1, 1, GiNaC::lst{-m * g * l * sin(th)}));
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});
}

// Géradin E1.6 built physically: the support moves horizontally with s(t) = a t²/2 (u2 direction);
// m ℓ² θ̈ + m a ℓ cos θ + m g ℓ sin θ = 0 (OCR-corrected, seed-004 E1.6).
TEST(Geradin_E1_6_AcceleratedSupport, BuiltPhysicallyBothMethods) {
  model::System s("pendulum on an accelerated support");
  auto m = s.add_parameter("m", 1.2), l = s.add_parameter("l", 0.7), g = s.add_parameter("g", 9.81);
  auto a = s.add_parameter("a", 2.0);
  auto th = s.add_coordinate("theta");
  const auto t = sym::time();
  auto N = s.inertial_frame();  // n1 down (gravity), n2 horizontal
  auto S = s.add_point(s.origin().locate_new("S", a * t * t / 2 * N.y()));
  auto P = s.add_point(S.locate_new("P", l * cos(th) * N.x() + l * sin(th) * N.y()));
  s.add_particle({"bob", P, m});
  s.set_gravity(g * N.x());
  expect_equations(s, GiNaC::matrix(1, 1, GiNaC::lst{m * l * l}),
                   GiNaC::matrix(1, 1, GiNaC::lst{-m * a * l * cos(th) - m * g * l * sin(th)}));
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});
}

// Géradin E1.8 built physically: the mass in a frame turning at Ω, springs as the potential
// ½ k1 x² + ½ k2 y², the damper as D = ½ c1 ẋ²:
//   m ẍ − 2mΩ ẏ − mΩ² x + c1 ẋ + k1 x = 0,   m ÿ + 2mΩ ẋ − mΩ² y + k2 y = 0.
TEST(Geradin_E1_8_RotatingWheel, BuiltPhysicallyBothMethods) {
  auto s = seeds::rotating_wheel();
  auto m = seeds::parameter(s, "m"), W = seeds::parameter(s, "Omega"), k1 = seeds::parameter(s, "k1");
  auto k2 = seeds::parameter(s, "k2"), c1 = seeds::parameter(s, "c1");
  auto x = s.coordinates()[0], y = s.coordinates()[1];
  expect_equations(s, GiNaC::matrix(2, 2, GiNaC::lst{m, 0, 0, m}),
                   GiNaC::matrix(2, 1, GiNaC::lst{2 * m * W * d(y) + m * W * W * x - c1 * d(x) - k1 * x,
                                                  -2 * m * W * d(x) + m * W * W * y - k2 * y}));
  test::expect_same_accelerations(s, {formulations::lagrange(s), formulations::kane(s)});
}

// Géradin E1.10 built physically: a particle at (u1, u2) from the rest position (u1 down) with the
// rod constraint sqrt((ℓ + u1)² + u2²) − ℓ = 0; Lagrange's multiplier λ = −m(ℓθ̇² + g cos θ), and
// Kane (dependent speed chosen automatically) agrees at 20 random consistent states.
TEST(Geradin_E1_10_CartesianPendulum, BuiltPhysicallyBothMethods) {
  model::System s("Cartesian pendulum");
  auto m = s.add_parameter("m", 1.3), l = s.add_parameter("l", 0.8), g = s.add_parameter("g", 9.81);
  auto u1 = s.add_coordinate("u1"), u2 = s.add_coordinate("u2");
  auto N = s.inertial_frame();
  s.add_particle({"bob", s.add_point(s.origin().locate_new("P", (l + u1) * N.x() + u2 * N.y())), m});
  s.set_gravity(g * N.x());
  s.add_constraint({"rod", model::ConstraintLevel::Configuration, GiNaC::sqrt(pow(l + u1, 2) + u2 * u2) - l, {}});
  auto L = formulations::lagrange(s);
  for (double theta : {0.4, -1.1, 2.5}) {
    const double thetad = 1.7, mv = 1.3, lv = 0.8, gv = 9.81;
    State x{0, Eigen::Vector2d(lv * std::cos(theta) - lv, lv * std::sin(theta)),
            Eigen::Vector2d(-lv * std::sin(theta) * thetad, lv * std::cos(theta) * thetad)};
    auto a = formulations::solve(L, x, s.parameter_values());
    EXPECT_TRUE(test::close(a.lambda(0), -mv * (lv * thetad * thetad + gv * std::cos(theta)), 1e-10));
  }
  test::expect_same_accelerations(s, {L, formulations::kane(s)});
}
