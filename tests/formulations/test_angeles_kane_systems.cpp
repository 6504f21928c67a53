// Angeles E3 (differential gear) and E7 (two-wheel axle), Kane's notes E1 (pendulum with a plate)
// and E32 (two-link mechanism): systems built from bodies, particles, torques and constraints,
// derived by Lagrange (with multipliers where constrained) and Kane (dependent speeds), checked
// against ../shared/research/seed-000.md and seed-003.md.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "eom_support.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;
using model::ConstraintLevel;

namespace {

GiNaC::symbol d(const ex& q) { return sym::derivative_of(q); }

// Angeles E3: two disks A (mass m_A, radius a) turning by θ1, θ2 about AA' (n2); disk B (mass
// m_B, radius b, centre at a from O on OB) spinning by θ3 about OB, which turns by θ4 about AA';
// torques τ1, τ2, τ3 along n2 on the upper A, the lower A and B. Rolling at P and Q (Angeles E1,
// [C] second row (0, −a, b, a)). `transverse` = B's central transverse moment / (m_B b²).
model::System differential_gear(double transverse) {
  model::System s("differential gear");
  auto mA = s.add_parameter("m_A", 1.0), mB = s.add_parameter("m_B", 0.5);
  auto a = s.add_parameter("a", 0.2), b = s.add_parameter("b", 0.1);
  auto t1 = s.add_parameter("tau1", 1.0), t2 = s.add_parameter("tau2", 0.5), t3 = s.add_parameter("tau3", 2.0);
  auto th1 = s.add_coordinate("theta1"), th2 = s.add_coordinate("theta2"), th3 = s.add_coordinate("theta3"),
       th4 = s.add_coordinate("theta4");
  auto N = s.inertial_frame();
  auto AU = s.add_frame(N.orient_new_axis("AU", N.y(), th1));
  auto AL = s.add_frame(N.orient_new_axis("AL", N.y(), th2));
  auto C = s.add_frame(N.orient_new_axis("C", N.y(), th4));
  auto B = s.add_frame(C.orient_new_axis("B", C.x(), th3));
  auto disk_A = [&](const char* name, const kin::ReferenceFrame& F, double side) {
    auto P = s.add_point(s.origin().locate_new(std::string("centre of ") + name, side * N.y()));
    P.fix_in(N);
    s.add_body({name, P, F, mA, model::inertia_dyadic(F, mA * a * a / 4, mA * a * a / 2, mA * a * a / 4)});
  };
  disk_A("upper A", AU, 1);
  disk_A("lower A", AL, -1);
  auto Bc = s.add_point(s.origin().locate_new("centre of B", a * C.x()));
  ex kB = GiNaC::numeric(transverse) * mB * b * b;
  s.add_body({"B", Bc, B, mB, model::inertia_dyadic(B, mB * b * b / 2, kB, kB)});
  s.add_torque({"tau1", AU, t1 * N.y(), std::nullopt});
  s.add_torque({"tau2", AL, t2 * N.y(), std::nullopt});
  s.add_torque({"tau3", B, t3 * N.y(), std::nullopt});
  s.add_constraint({"P rolling", ConstraintLevel::Velocity, -a * d(th1) - b * d(th3) + a * d(th4), {}});
  s.add_constraint({"Q rolling", ConstraintLevel::Velocity, -a * d(th2) + b * d(th3) + a * d(th4), {}});
  return s;
}

}  // namespace

// Angeles E3 golden values (seed-000 §7), m_A = 1, m_B = 0.5, a = 0.2, b = 0.1, τ = (1, 0.5, 2):
// with the printed T (B's transverse central moment ½ m_B b²) (θ̈1, θ̈2) = (66, 46); thin-disk
// physics (¼ m_B b²) (67.1428571429, 47.1428571429). [E] The printed final equations have the m_A
// coefficient 1 instead of 2 and would give (99.0196, 65.6863); the corrected ones are tested.
TEST(Angeles_E3_DifferentialGear, GoldenAccelerationsBothInertias) {
  for (auto [transverse, g1, g2] : {std::tuple{0.5, 66.0, 46.0}, std::tuple{0.25, 67.1428571429, 47.1428571429}}) {
    auto s = differential_gear(transverse);
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

namespace {

// Angeles E7: two disks (mass m, radius a) on a massless axle AB of length ℓ; C the midpoint at
// (q1, q2), disk spins q3, q4 about the axle, heading q5. Constraints as in the text:
// 2q̇1 + a c5 (q̇3 + q̇4) = 0, 2q̇2 − a s5 (q̇3 + q̇4) = 0, q̇5 − (a/ℓ)(q̇4 − q̇3) = 0.
model::System two_wheel_axle() {
  model::System s("two-wheel axle");
  auto m = s.add_parameter("m", 1.2), a = s.add_parameter("a", 0.3), l = s.add_parameter("l", 1.0);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2"), q3 = s.add_coordinate("q3"),
       q4 = s.add_coordinate("q4"), q5 = s.add_coordinate("q5");
  auto N = s.inertial_frame();
  auto H = s.add_frame(N.orient_new_axis("H", N.z(), q5));
  auto DA = s.add_frame(H.orient_new_axis("DA", H.y(), q3));
  auto DB = s.add_frame(H.orient_new_axis("DB", H.y(), q4));
  auto C = s.add_point(s.origin().locate_new("C", q1 * N.x() + q2 * N.y() + a * N.z()));
  auto A = s.add_point(C.locate_new("A", l / 2 * H.y()));
  auto B = s.add_point(C.locate_new("B", -l / 2 * H.y()));
  s.add_body({"disk A", A, DA, m, model::inertia_dyadic(DA, m * a * a / 4, m * a * a / 2, m * a * a / 4)});
  s.add_body({"disk B", B, DB, m, model::inertia_dyadic(DB, m * a * a / 4, m * a * a / 2, m * a * a / 4)});
  s.add_constraint({"rolling 1", ConstraintLevel::Velocity, 2 * d(q1) + a * cos(q5) * (d(q3) + d(q4)), {}});
  s.add_constraint({"rolling 2", ConstraintLevel::Velocity, 2 * d(q2) - a * sin(q5) * (d(q3) + d(q4)), {}});
  s.add_constraint({"heading", ConstraintLevel::Velocity, d(q5) - a / l * (d(q4) - d(q3)), {}});
  return s;
}

}  // namespace

// Angeles E7 (L1473–1593): [NH, NH, H] with integral q5 = α(q4 − q3), DOF 2; reduced mass matrix
// ½ m a² [[3 + α², −α²], [−α², 3 + α²]] (α = a/ℓ) and q̈3 = q̈4 = 0: both wheels spin at constant
// rates ([E] the printed closed form is wrong; the EOM are right).
TEST(Angeles_E7_TwoWheelAxle, ClassificationAndEquations) {
  auto s = two_wheel_axle();
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
    auto x = test::random_consistent_state(s, rng);
    auto qdd = formulations::coordinate_accelerations(L, test::state_for(L, s, x), s.parameter_values());
    EXPECT_NEAR(qdd(2), 0, 1e-10);
    EXPECT_NEAR(qdd(3), 0, 1e-10);
  }
  test::expect_same_accelerations(s, {L, K});
}

namespace {

// Kane's notes E1: body A swings by q1 about the horizontal axis n3 through O (A* at L_A down the
// rod, central moment A_1 about the pivot direction); plate B turns by q2 relative to A about the
// rod (b3), B* at L_B down the rod, central principal moments B_1, B_2, B_3; gravity −g n2.
model::System pendulum_with_plate() {
  model::System s("rod-and-plate pendulum");
  auto mA = s.add_parameter("m_A", 1.1), LA = s.add_parameter("L_A", 0.6), A1 = s.add_parameter("A_1", 0.05);
  auto mB = s.add_parameter("m_B", 0.8), LB = s.add_parameter("L_B", 0.9);
  auto B1 = s.add_parameter("B_1", 0.09), B2 = s.add_parameter("B_2", 0.04), B3 = s.add_parameter("B_3", 0.05);
  auto g = s.add_parameter("g", 9.81);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), q1));
  kin::ReferenceFrame R("R");  // r1 = a3 (pivot axis), r2 = −a1, r3 = −a2 (down the rod)
  R.orient_dcm(A, GiNaC::matrix(3, 3, GiNaC::lst{0, -1, 0, 0, 0, -1, 1, 0, 0}));
  s.add_frame(R);
  auto B = s.add_frame(R.orient_new_axis("B", R.z(), q2));
  auto As = s.add_point(s.origin().locate_new("A*", -LA * A.y()));
  auto Bs = s.add_point(s.origin().locate_new("B*", -LB * A.y()));
  s.add_body({"A", As, A, mA, model::inertia_dyadic(A, A1 / 2, A1 / 2, A1)});
  s.add_body({"B", Bs, B, mB, model::inertia_dyadic(B, B1, B2, B3)});
  s.set_gravity(-g * N.y());
  return s;
}

}  // namespace

// Kane's notes E1 (L304–373), equations (1)–(2):
//   (I + B_1 c2² + B_2 s2²) q̈1 + 2J s2 c2 q̇1 q̇2 + K s1 = 0,   B_3 q̈2 − J s2 c2 q̇1² = 0,
//   I = m_A L_A² + m_B L_B² + A_1, J = B_2 − B_1, K = (m_A L_A + m_B L_B) g.
TEST(Kane_E1_PendulumWithPlate, EquationsOfMotion) {
  auto s = pendulum_with_plate();
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

namespace {

// Kane's notes E32: link 1 (length L) pivoted at O at q1 from the downward vertical, particle m1 at
// the joint; link 2 (length L) at q2, particle m2 at its end on a horizontal line at depth h:
// L(c1 + c2) = h. Horizontal force P on m2, gravity on both.
model::System two_link(double P_value) {
  model::System s("two-link mechanism");
  auto m1 = s.add_parameter("m1", 1.0), m2 = s.add_parameter("m2", 0.7), L = s.add_parameter("L", 1.0);
  auto h = s.add_parameter("h", 1.2), g = s.add_parameter("g", 9.81), P = s.add_parameter("P", P_value);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2");
  auto N = s.inertial_frame();
  auto P1 = s.add_point(s.origin().locate_new("P1", L * sin(q1) * N.x() - L * cos(q1) * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", L * sin(q2) * N.x() - L * cos(q2) * N.y()));
  s.add_particle({"m1", P1, m1});
  s.add_particle({"m2", P2, m2});
  s.set_gravity(-g * N.y());
  s.add_force({"P", P2, P * N.x()});
  s.add_constraint({"slider", ConstraintLevel::Configuration, L * (cos(q1) + cos(q2)) - h, {}});
  return s;
}

}  // namespace

// Kane's notes E32 (L1970–2004, L2082–2098), q2 dependent, k = c1 − s1 c2/s2:
//   F_1 = −m1 g L s1 + P L k (gravity on m2 does no work),
//   Kane's equation −m1 L² q̈1 − m2 ẍ L k + F_1 = 0 with ẍ = L (k q̈1 + k′ q̇1²),
//   k′ = −s1 − c1 c2/s2 − s1²/s2 − s1² c2²/s2³  ([C] the printed F_1* has m1 L q̈1; it is m1 L² q̈1).
// Statics at L = 1, h = 1.2, q1 = 0.5, m1 = 1, g = 9.81: q2 = 1.242514, P = 6.584418.
TEST(Kane_E32_TwoLink, GeneralizedActiveForceStaticsAndEquation) {
  const double Ps = 6.584418;
  auto s = two_link(Ps);
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
  auto moving = two_link(P);
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
