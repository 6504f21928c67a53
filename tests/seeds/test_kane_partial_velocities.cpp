// Partial velocities from Kane's notes (seed-003): ω_t and virtual velocities of the sliding rod
// (E8), nonholonomic partials (E23), generalized speeds (E24), virtual displacements (E25) and the
// landing-gear partial angular velocities (E26).
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::test::component_equations;
using adyn::test::numerically_equal;
using adyn::test::solve_linear;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

// Kane E8: a rod of length L with one end E_h on the horizontal line of j1 (at q1 from O) and the
// other, E_v, on the vertical K (at A = sqrt(L² − q1²)). The plane J of j1 and K spins about K at
// the constant rate Ω; the rod frame turns about j2 = K × j1 by acos(q1/L), so its x axis points
// from E_v to E_h.
struct SlidingRod {
  GiNaC::symbol q1 = sym::dynamic_symbol("q1"), L = sym::parameter("L"), Omega = sym::parameter("Omega");
  ex q1d = sym::derivative_of(q1);
  ex A = GiNaC::sqrt(pow(L, 2) - pow(q1, 2));
  ReferenceFrame R{"R"};
  ReferenceFrame J = R.orient_new_axis("J", R.z(), Omega * sym::time());
  ReferenceFrame Rod = J.orient_new_axis("Rod", J.y(), GiNaC::acos(q1 / L));
  Vector j1 = J.x(), j2 = J.y(), K = J.z();
  Point O{"O"};
  Point Eh = O.locate_new("E_h", q1 * j1);
  Point Ev = O.locate_new("E_v", A * K);
  std::vector<GiNaC::symbol> speeds{sym::derivative_of(q1)};

  SlidingRod() {
    O.fix_in(R);
    O.fix_in(J);
  }
  // [v]_J at L = 3 (so that the sampled q1, in [−1.3, 1.7], keeps |q1| < L) and `values`. The
  // substitution goes into the components in J, since the rod's orientation depends on L.
  GiNaC::matrix in_J(const Vector& v, GiNaC::exmap values = {}) const {
    values[L] = 3;
    return GiNaC::ex_to<GiNaC::matrix>(v.components_in(J).subs(values));
  }
  ::testing::AssertionResult same(const Vector& a, const Vector& b) const {
    return numerically_equal(in_J(a), in_J(b));
  }
  ::testing::AssertionResult same(const ex& a, const ex& b) const {
    return numerically_equal(a.subs(L == 3), b.subs(L == 3));
  }
};

}  // namespace

TEST(Kane_E8_SlidingRod, RodFrameJoinsTheEnds) {
  SlidingRod s;
  EXPECT_TRUE(s.same(s.Eh.position_from(s.Ev), s.L * s.Rod.x()));
}

TEST(Kane_E8_SlidingRod, PartialAngularVelocityAndRemainder) {
  SlidingRod s;
  Vector omega = s.Rod.angular_velocity_in(s.R);
  // ω = −(q̇1/A) j2 + Ω K [C: the notes write q̇1/(L sqrt(1 − q1²)) for q̇1/(L sqrt(1 − q1²/L²))].
  EXPECT_TRUE(s.same(omega, -s.q1d / s.A * s.j2 + s.Omega * s.K));
  EXPECT_TRUE(s.same(partial_velocities(omega, s.speeds)[0], -s.j2 / s.A));  // ω_1
  EXPECT_TRUE(s.same(velocity_remainder(omega, s.speeds), s.Omega * s.K));   // ω_t
  // The plane fixed: ω = −(q̇1/A) j2.
  EXPECT_TRUE(numerically_equal(s.in_J(omega, {{s.Omega, 0}}), s.in_J(-s.q1d / s.A * s.j2)));
}

TEST(Kane_E8_SlidingRod, EndVelocitiesAndTheirPartials) {
  SlidingRod s;
  Vector vh = s.Eh.velocity_in(s.R), vv = s.Ev.velocity_in(s.R);
  // [C] ^R v^{E_v} = −(q1 q̇1/A) K: the notes' factor 2 in −2 q1 q̇1 was not cancelled.
  EXPECT_TRUE(s.same(vv, -s.q1 * s.q1d / s.A * s.K));
  EXPECT_TRUE(s.same(vh, s.q1d * s.j1 + s.Omega * s.q1 * s.j2));  // Ω positive about K
  EXPECT_TRUE(numerically_equal(s.in_J(vh, {{s.Omega, 0}}), s.in_J(s.q1d * s.j1)));
  // Rigid rod: the two-point theorem carries E_v's velocity to E_h.
  s.Eh.fix_in(s.Rod);
  s.Ev.fix_in(s.Rod);
  EXPECT_TRUE(s.same(velocity_two_point(s.Eh, s.Ev, s.R, s.Rod), vh));
  EXPECT_TRUE(s.same(partial_velocities(vh, s.speeds)[0], s.j1));
  EXPECT_TRUE(s.same(velocity_remainder(vh, s.speeds), s.Omega * s.q1 * s.j2));
  EXPECT_TRUE(s.same(partial_velocities(vv, s.speeds)[0], -s.q1 / s.A * s.K));
  EXPECT_TRUE(velocity_remainder(vv, s.speeds).is_zero());
}

TEST(Kane_E8_SlidingRod, CompatibleVirtualVelocities) {
  // v̂ = v_1 q̂1 (v_t excluded). 2 j1 is a virtual velocity of E_h (q̂1 = 2); the compatible one
  // of E_v is −2 q1/A K, and −3 q1 K (q̂1 = 3A) is not compatible with 2 j1.
  SlidingRod s;
  Vector vh1 = partial_velocities(s.Eh.velocity_in(s.R), s.speeds)[0];
  Vector vv1 = partial_velocities(s.Ev.velocity_in(s.R), s.speeds)[0];
  EXPECT_TRUE(s.same(vh1 * 2, 2 * s.j1));
  EXPECT_TRUE(s.same(vv1 * 2, -2 * s.q1 / s.A * s.K));
  GiNaC::symbol q_hat("q1_hat");
  ex q_hat_from_Ev = solve_linear({(vv1 * q_hat).dot(s.K) + 3 * s.q1}, {q_hat}).at(q_hat);
  EXPECT_TRUE(s.same(q_hat_from_Ev, 3 * s.A));
  EXPECT_FALSE(s.same(q_hat_from_Ev, 2));
}

namespace {

// Kane E23: particles P1 = (q1, q2) and P2 = P1 + L e on the plane, e = c3 mx + s3 my along P1P2,
// n⊥ = −s3 mx + c3 my; the knife edge at P2 forbids velocity along n⊥.
struct KnifeEdge {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 3);
  std::vector<GiNaC::symbol> qd = sym::derivatives_of(q);
  GiNaC::symbol L = sym::parameter("L");
  ReferenceFrame N{"N"};
  ReferenceFrame E = N.orient_new_axis("E", N.z(), q[2]);
  Vector e = E.x(), n_perp = E.y();
  Point O{"O"};
  Point P1 = O.locate_new("P1", q[0] * N.x() + q[1] * N.y());
  Point P2 = P1.locate_new("P2", L * e);

  KnifeEdge() { O.fix_in(N); }
  ex knife_edge() const { return P2.velocity_in(N).dot(n_perp); }
  // ṽ^{P2}: q̇_dependent eliminated by the knife-edge constraint.
  Vector v2_without(const GiNaC::symbol& dependent) const {
    return P2.velocity_in(N).subs(solve_linear({knife_edge()}, {dependent}));
  }
};

}  // namespace

TEST(Kane_E23_KnifeEdge, HolonomicPartialVelocities) {
  KnifeEdge s;
  Vector v1_expected = s.qd[0] * s.N.x() + s.qd[1] * s.N.y();
  EXPECT_TRUE(numerically_equal(s.P1.velocity_in(s.N), v1_expected, s.N));
  EXPECT_TRUE(numerically_equal(s.P2.velocity_in(s.N), v1_expected + s.L * s.qd[2] * s.n_perp, s.N));
  auto v1 = partial_velocities(s.P1.velocity_in(s.N), s.qd);
  auto v2 = partial_velocities(s.P2.velocity_in(s.N), s.qd);
  EXPECT_TRUE(numerically_equal(v1[0], s.N.x(), s.N));
  EXPECT_TRUE(numerically_equal(v1[1], s.N.y(), s.N));
  EXPECT_TRUE(v1[2].is_zero());
  EXPECT_TRUE(numerically_equal(v2[0], s.N.x(), s.N));
  EXPECT_TRUE(numerically_equal(v2[1], s.N.y(), s.N));
  EXPECT_TRUE(numerically_equal(v2[2], s.L * s.n_perp, s.N));
}

TEST(Kane_E23_KnifeEdge, NonholonomicPartialVelocities) {
  KnifeEdge s;
  ex s3 = sin(s.q[2]), c3 = cos(s.q[2]);
  // −q̇1 s3 + q̇2 c3 + L q̇3 = 0: one constraint, linear in q̇, so n − m = 3 − 1 = 2 DOF.
  EXPECT_TRUE(numerically_equal(s.knife_edge(), -s.qd[0] * s3 + s.qd[1] * c3 + s.L * s.qd[2]));
  EXPECT_EQ(s.qd.size() - sym::jacobian(sym::column(std::vector<ex>{s.knife_edge()}), s.qd).rank(), 2u);
  EXPECT_TRUE(numerically_equal(solve_linear({s.knife_edge()}, {s.qd[2]}).at(s.qd[2]),
                                (s.qd[0] * s3 - s.qd[1] * c3) / s.L));
  Vector v2 = s.v2_without(s.qd[2]);
  auto partials = partial_velocities(v2, s.qd);
  EXPECT_TRUE(numerically_equal(partials[0], s.N.x() + s3 * s.n_perp, s.N));
  EXPECT_TRUE(numerically_equal(partials[0], c3 * s.e, s.N));
  EXPECT_TRUE(numerically_equal(partials[1], s.N.y() - c3 * s.n_perp, s.N));
  EXPECT_TRUE(numerically_equal(partials[1], s3 * s.e, s.N));
  EXPECT_TRUE(partials[2].is_zero());
  auto p1 = partial_velocities(s.P1.velocity_in(s.N), {s.qd[0], s.qd[1]});
  EXPECT_TRUE(numerically_equal(p1[0], s.N.x(), s.N));
  EXPECT_TRUE(numerically_equal(p1[1], s.N.y(), s.N));
}

TEST(Kane_E23_KnifeEdge, PartialsParallelToP1P2WhicheverSpeedIsEliminated) {
  // The elimination is not unique; whichever q̇ is eliminated, P2's partials are along e.
  KnifeEdge s;
  for (int dependent = 0; dependent < 3; ++dependent) {
    Vector v2 = s.v2_without(s.qd[dependent]);
    for (const auto& vr : partial_velocities(v2, s.qd))
      EXPECT_TRUE(numerically_equal(vr.cross(s.e), Vector(), s.N)) << "eliminating q" << dependent + 1 << "_d";
  }
}

namespace {

// Kane E24: P1 slides along my (q1), P2 slides from P1 along mx (q2), a rod of length L pinned at
// P2 makes the angle q3 with mx (frame M, m1 along the rod); P is its tip.
struct PlanarLinkage {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 3);
  std::vector<GiNaC::symbol> qd = sym::derivatives_of(q);
  std::vector<GiNaC::symbol> u = sym::dynamic_symbols("u", 3);
  GiNaC::symbol L = sym::parameter("L");
  ex s3 = sin(q[2]), c3 = cos(q[2]);
  ReferenceFrame N{"N"};
  ReferenceFrame M = N.orient_new_axis("M", N.z(), q[2]);
  Vector m1 = M.x(), m2 = M.y();
  Point O{"O"};
  Point P1 = O.locate_new("P1", q[0] * N.y());
  Point P2 = P1.locate_new("P2", q[1] * N.x());
  Point P = P2.locate_new("P", L * m1);

  PlanarLinkage() { O.fix_in(N); }
  // u1 = q̇1 s3 + q̇2 c3, u2 = q̇1 c3 − q̇2 s3 + L q̇3, u3 = q̇3: the components of v^P in M.
  std::vector<ex> speed_definitions() const {
    return {qd[0] * s3 + qd[1] * c3, qd[0] * c3 - qd[1] * s3 + L * qd[2], qd[2]};
  }
  // q̇ as functions of u (the kinematic differential equations), by inverting u = Y q̇.
  GiNaC::exmap rates() const {
    auto defs = speed_definitions();
    return solve_linear({u[0] - defs[0], u[1] - defs[1], u[2] - defs[2]}, qd);
  }
};

// u_r = d f/dt for some f(q) iff ∂Y_rs/∂q_k = ∂Y_rk/∂q_s for all s, k (mixed partials).
bool integrable(const GiNaC::matrix& Y, unsigned r, const std::vector<GiNaC::symbol>& q) {
  for (unsigned s = 0; s < q.size(); ++s)
    for (unsigned k = 0; k < q.size(); ++k)
      if (!(Y(r, s).diff(q[k]) - Y(r, k).diff(q[s])).expand().is_zero()) return false;
  return true;
}

}  // namespace

TEST(Kane_E24_PlanarLinkage, VelocityAccelerationAndPartials) {
  PlanarLinkage s;
  ex qd1 = s.qd[0], qd2 = s.qd[1], qd3 = s.qd[2];
  Vector v = s.P.velocity_in(s.N);
  EXPECT_TRUE(numerically_equal(v, qd1 * s.N.y() + qd2 * s.N.x() + s.L * qd3 * s.m2, s.M));
  Vector in_M = (qd1 * s.s3 + qd2 * s.c3) * s.m1 + (qd1 * s.c3 - qd2 * s.s3 + s.L * qd3) * s.m2;
  EXPECT_TRUE(numerically_equal(v, in_M, s.M));
  // [C] The first rendition (L1385) has a spurious −2 q̇2 q̇3 s3 in the m1 component.
  auto qdd = sym::derivatives_of(s.q, 2);
  Vector a = (qdd[0] * s.s3 + qdd[1] * s.c3 - s.L * pow(qd3, 2)) * s.m1 +
             (qdd[0] * s.c3 - qdd[1] * s.s3 + s.L * qdd[2]) * s.m2;
  EXPECT_TRUE(numerically_equal(s.P.acceleration_in(s.N), a, s.M));
  auto partials = partial_velocities(v, s.qd);
  EXPECT_TRUE(numerically_equal(partials[0], s.s3 * s.m1 + s.c3 * s.m2, s.M));
  EXPECT_TRUE(numerically_equal(partials[1], s.c3 * s.m1 - s.s3 * s.m2, s.M));
  EXPECT_TRUE(numerically_equal(partials[2], s.L * s.m2, s.M));
}

TEST(Kane_E24_PlanarLinkage, GeneralizedSpeedsSimplifyVelocityAndAcceleration) {
  PlanarLinkage s;
  auto rates = s.rates();
  ex w = s.u[1] - s.L * s.u[2];
  EXPECT_TRUE(numerically_equal(rates.at(s.qd[0]), s.u[0] * s.s3 + w * s.c3));
  EXPECT_TRUE(numerically_equal(rates.at(s.qd[1]), s.u[0] * s.c3 - w * s.s3));
  EXPECT_TRUE(numerically_equal(rates.at(s.qd[2]), s.u[2]));

  Vector v = s.P.velocity_in(s.N).subs(rates);
  EXPECT_TRUE(numerically_equal(v, s.u[0] * s.m1 + s.u[1] * s.m2, s.M));
  auto partials = partial_velocities(v, s.u);
  EXPECT_TRUE(numerically_equal(partials[0], s.m1, s.M));
  EXPECT_TRUE(numerically_equal(partials[1], s.m2, s.M));
  EXPECT_TRUE(numerically_equal(partials[2], Vector(), s.M));
  // Differentiate v(q, u) in N, then rewrite the q̇ that appear in terms of u.
  auto ud = sym::derivatives_of(s.u);
  Vector a = v.dt(s.N).subs(rates);
  EXPECT_TRUE(numerically_equal(a, (ud[0] - s.u[1] * s.u[2]) * s.m1 + (ud[1] + s.u[0] * s.u[2]) * s.m2, s.M));
}

TEST(Kane_E24_PlanarLinkage, GeneralizedSpeedU1IsNotIntegrable) {
  // u1 = s3 q̇1 + c3 q̇2: ∂Y11/∂q3 = c3 ≠ 0 = ∂Y13/∂q1, so u1 is no derivative of an f(q).
  PlanarLinkage s;
  auto Y = sym::jacobian(sym::column(s.speed_definitions()), s.qd);
  EXPECT_TRUE((Y(0, 0).diff(s.q[2]) - cos(s.q[2])).is_zero());
  EXPECT_TRUE(Y(0, 2).diff(s.q[0]).is_zero());
  EXPECT_FALSE(integrable(Y, 0, s.q));
  EXPECT_FALSE(integrable(Y, 1, s.q));
  EXPECT_TRUE(integrable(Y, 2, s.q));  // u3 = q̇3
}

namespace {

// Kane E25: B turns about m3 through O by q2; P slides along m1 (fixed in B) at q1 from O.
struct SlidingOnRotatingLine {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 2);
  std::vector<GiNaC::symbol> qd = sym::derivatives_of(q);
  ReferenceFrame N{"N"};
  ReferenceFrame B = N.orient_new_axis("B", N.z(), q[1]);
  Point O{"O"};
  Point P = O.locate_new("P", q[0] * B.x());

  SlidingOnRotatingLine() { O.fix_in(N); }
  std::vector<Vector> v_partials() const { return partial_velocities(P.velocity_in(N), qd); }
  std::vector<Vector> w_partials() const { return partial_velocities(B.angular_velocity_in(N), qd); }
  // Given P's virtual displacement (or virtual or actual velocity) δp = Σ v_r x_r, the
  // compatible x_r, and the virtual rotation Σ ω_r x_r of B (at q1 = 1 ft).
  Vector compatible_rotation(const Vector& displacement) const {
    std::vector<GiNaC::symbol> x{GiNaC::symbol("x1"), GiNaC::symbol("x2")};
    auto v = v_partials(), w = w_partials();
    Vector residual = v[0] * x[0] + v[1] * x[1] - displacement;
    auto solution = solve_linear(component_equations(residual.subs({{q[0], 1}}), B), x);
    return (w[0] * x[0] + w[1] * x[1]).subs(solution);
  }
};

}  // namespace

TEST(Kane_E25_VirtualDisplacement, PartialVelocities) {
  SlidingOnRotatingLine s;
  // [C] v^P = q̇1 m1 + q1 q̇2 m2 (the OCR drops the factor q1).
  EXPECT_TRUE(numerically_equal(s.P.velocity_in(s.N), s.qd[0] * s.B.x() + s.q[0] * s.qd[1] * s.B.y(), s.B));
  EXPECT_TRUE(numerically_equal(s.B.angular_velocity_in(s.N), s.qd[1] * s.B.z(), s.B));
  auto v = s.v_partials(), w = s.w_partials();
  EXPECT_TRUE(numerically_equal(v[0], s.B.x(), s.B));
  EXPECT_TRUE(numerically_equal(v[1], s.q[0] * s.B.y(), s.B));
  EXPECT_TRUE(w[0].is_zero());
  EXPECT_TRUE(numerically_equal(w[1], s.B.z(), s.B));
}

TEST(Kane_E25_VirtualDisplacement, VirtualRotations) {
  SlidingOnRotatingLine s;
  Vector prescribed = 3 * s.B.x() + 4 * s.B.y();
  // A virtual displacement δp = 3m1 + 4m2 ft: δq1 = 3, δq2 = 4, δα = 4 m3 rad; likewise an actual
  // or virtual velocity 3m1 + 4m2 ft/s gives ω = ω̂ = 4 m3 rad/s (v_t = 0 here).
  EXPECT_TRUE(numerically_equal(s.compatible_rotation(prescribed), 4 * s.B.z(), s.B));
  // A general virtual displacement ε1 m1 + ε2 m2 gives δα = ε2 m3 exactly.
  GiNaC::symbol e1("epsilon1"), e2("epsilon2");
  EXPECT_TRUE(numerically_equal(s.compatible_rotation(e1 * s.B.x() + e2 * s.B.y()), e2 * s.B.z(), s.B));
}

TEST(Kane_E25_VirtualDisplacement, ActualRotations) {
  // Actual finite displacements need the inverse kinematics q2 = atan2(p·m2, p·m1), taken in the
  // initial basis (q2 = 0), with P initially at q1 = 1 ft.
  SlidingOnRotatingLine s;
  GiNaC::symbol e1("epsilon1"), e2("epsilon2");
  GiNaC::exmap start{{s.q[0], 1}, {s.q[1], 0}};
  auto p = (s.P.position_from(s.O) + e1 * s.B.x() + e2 * s.B.y()).components_in(s.N);
  ex rotation = GiNaC::atan2(p(1, 0).subs(start), p(0, 0).subs(start));
  // Δp = 3m1 + 4m2 takes P from (1, 0) to (4, 4): Δα = π/4.
  EXPECT_NEAR(sym::evaluate(rotation, {{e1, 3}, {e2, 4}}), M_PI / 4, 1e-14);
  // Δα = atan(ε2/(1 + ε1)) m3 -> ε2 m3 to first order [C: the OCR has ε2 m2].
  GiNaC::exmap zero{{e1, 0}, {e2, 0}};
  EXPECT_TRUE(rotation.diff(e2).subs(zero).is_equal(1));
  EXPECT_TRUE(rotation.diff(e1).subs(zero).is_zero());
}

namespace {

// Kane E26, the landing gear. R: the ground, m3 up. A: heading φ with a3 = m3, a1 = −sφ m1 + cφ m2;
// it carries the axle (along a2, midpoint P at height r) and the arm PQ = a a1. Wheels W1, W2
// (radius r, centres P ± c a2) spin about a2. B turns about the hinge axis a3 at Q by θ
// (b1 = cθ a1 + sθ a2) and carries W3 (centre Q + b b1), spinning about b2.
struct LandingGear {
  GiNaC::symbol x = sym::dynamic_symbol("x"), y = sym::dynamic_symbol("y"), phi = sym::dynamic_symbol("phi");
  GiNaC::symbol theta = sym::dynamic_symbol("theta");
  std::vector<GiNaC::symbol> spin = sym::dynamic_symbols("beta", 3);
  GiNaC::symbol r = sym::parameter("r"), a = sym::parameter("a"), b = sym::parameter("b"), c = sym::parameter("c");
  std::vector<GiNaC::symbol> u{sym::parameter("u1"), sym::parameter("u2")};
  ReferenceFrame R{"R"};
  ReferenceFrame A = R.orient_new_axis("A", R.z(), phi + GiNaC::Pi / 2);
  ReferenceFrame B = A.orient_new_axis("B", A.z(), theta);
  ReferenceFrame W1 = A.orient_new_axis("W1", A.y(), spin[0]);
  ReferenceFrame W2 = A.orient_new_axis("W2", A.y(), spin[1]);
  ReferenceFrame W3 = B.orient_new_axis("W3", B.y(), spin[2]);
  Point O{"O"};
  Point P = O.locate_new("P", x * R.x() + y * R.y() + r * R.z());
  Point Q = P.locate_new("Q", a * A.x());

  LandingGear() { O.fix_in(R); }
  // The 7 speeds ẋ, ẏ, φ̇, θ̇, Ω1, Ω2, Ω3.
  std::vector<GiNaC::symbol> speeds() const {
    return sym::derivatives_of({x, y, phi, theta, spin[0], spin[1], spin[2]});
  }
  // ^R v of the point of `wheel` touching the ground (the wheel's centre is at `centre`).
  Vector contact_velocity(Point centre, const ReferenceFrame& wheel) const {
    Point contact = centre.locate_new("contact", -r * R.z());
    centre.fix_in(wheel);
    contact.fix_in(wheel);
    return velocity_two_point(contact, centre, R, wheel);
  }
  // Rolling of the three wheels (9 component equations, rank 5) and u_i = ^R v^Q · a_i, solved for
  // the 7 speeds in terms of u1, u2 at the hinge angle `hinge` (θ itself when left symbolic).
  GiNaC::exmap speeds_in_terms_of_u(const ex& hinge) const {
    std::vector<ex> equations;
    auto rolling = [&](const Vector& v) {
      for (const auto& e : component_equations(v, A)) equations.push_back(e.subs(theta == hinge));
    };
    rolling(contact_velocity(P.locate_new("C1", c * A.y()), W1));
    rolling(contact_velocity(P.locate_new("C2", -c * A.y()), W2));
    rolling(contact_velocity(Q.locate_new("C3", b * B.x()), W3));
    Vector vQ = Q.velocity_in(R);
    equations.push_back((u[0] - vQ.dot(A.x())).subs(theta == hinge));
    equations.push_back((u[1] - vQ.dot(A.y())).subs(theta == hinge));
    return solve_linear(equations, speeds());
  }
  // Partial angular velocities of `body` with respect to u1, u2, in A components at θ = hinge.
  std::vector<GiNaC::matrix> partials(const ReferenceFrame& body, const GiNaC::exmap& solution, const ex& hinge) const {
    std::vector<GiNaC::matrix> out;
    for (const auto& w : partial_velocities(body.angular_velocity_in(R).subs(solution), u))
      out.push_back(GiNaC::ex_to<GiNaC::matrix>(w.components_in(A).subs(GiNaC::exmap{{theta, hinge}})));
    return out;
  }
  GiNaC::matrix in_A(const Vector& v) const { return v.components_in(A); }
};

}  // namespace

TEST(Kane_E26_LandingGear, HeadingConvention) {
  // [C] The cleaned (5)-(6), m1 = −sφ a1 + cφ a2 and m2 = cφ a1 + sφ a2, make (a1, a2, a3 = m3)
  // left-handed (determinant −1). The right-handed A with ^Rω^A = φ̇ a3 and a1 = −sφ m1 + cφ m2
  // has a2 = −cφ m1 − sφ m2, so v^P·a2 = −ẋcφ − ẏsφ as the OCR printed (it is set to 0 anyway,
  // and no partial angular velocity depends on φ).
  LandingGear s;
  ex sp = sin(s.phi), cp = cos(s.phi);
  GiNaC::matrix as_cleaned{{-sp, cp}, {cp, sp}};
  EXPECT_TRUE(numerically_equal(as_cleaned.determinant(), -1));
  EXPECT_TRUE(numerically_equal(s.A.x(), -sp * s.R.x() + cp * s.R.y(), s.R));
  EXPECT_TRUE(numerically_equal(s.A.y(), -cp * s.R.x() - sp * s.R.y(), s.R));
  EXPECT_TRUE(numerically_equal(s.A.angular_velocity_in(s.R), sym::derivative_of(s.phi) * s.A.z(), s.A));  // (2)
}

TEST(Kane_E26_LandingGear, PartialAngularVelocitiesAtThetaPi) {
  // The table at θ = 180°: ω^A_1 = 0, ω^A_2 = a3/a; ω^B_1 = 0, ω^B_2 = a3/b;
  // ω^{W1}_1 = a2/r, ω^{W1}_2 = a3/a − (c/(r a)) a2.
  LandingGear s;
  ex pi = GiNaC::Pi;
  auto solution = s.speeds_in_terms_of_u(pi);
  auto wA = s.partials(s.A, solution, pi), wB = s.partials(s.B, solution, pi), wW1 = s.partials(s.W1, solution, pi);
  Vector a2 = s.A.y(), a3 = s.A.z();
  EXPECT_TRUE(numerically_equal(wA[0], s.in_A(Vector())));
  EXPECT_TRUE(numerically_equal(wA[1], s.in_A(a3 / s.a)));
  EXPECT_TRUE(numerically_equal(wB[0], s.in_A(Vector())));
  EXPECT_TRUE(numerically_equal(wB[1], s.in_A(a3 / s.b)));
  EXPECT_TRUE(numerically_equal(wW1[0], s.in_A(a2 / s.r)));
  EXPECT_TRUE(numerically_equal(wW1[1], s.in_A(a3 / s.a - s.c / (s.r * s.a) * a2)));
  // θ̇ = (a − b) u2/(ab) (15′); Ω1 = (a u1 − c u2)/(r a) (20′).
  auto rates = s.speeds();
  EXPECT_TRUE(numerically_equal(solution.at(rates[3]), (s.a - s.b) * s.u[1] / (s.a * s.b)));
  EXPECT_TRUE(numerically_equal(solution.at(rates[4]), (s.a * s.u[0] - s.c * s.u[1]) / (s.r * s.a)));
}

TEST(Kane_E26_LandingGear, GeneralHingeAngle) {
  // [V] extension: ^Rω^B = [(u1 sθ − u2 cθ)/b] a3, θ̇ = (u1 sθ − u2 cθ)/b − u2/a,
  // Ω3 = (u1 cθ + u2 sθ)/r; ω^A and ω^{W1} do not depend on θ.
  LandingGear s;
  auto solution = s.speeds_in_terms_of_u(s.theta);
  ex st = sin(s.theta), ct = cos(s.theta);
  ex turn_B = (s.u[0] * st - s.u[1] * ct) / s.b;
  EXPECT_TRUE(numerically_equal(s.in_A(s.B.angular_velocity_in(s.R).subs(solution)), s.in_A(turn_B * s.A.z())));
  auto rates = s.speeds();
  EXPECT_TRUE(numerically_equal(solution.at(rates[3]), turn_B - s.u[1] / s.a));
  EXPECT_TRUE(numerically_equal(solution.at(rates[6]), (s.u[0] * ct + s.u[1] * st) / s.r));
  auto wA = s.partials(s.A, solution, s.theta), wW1 = s.partials(s.W1, solution, s.theta);
  EXPECT_TRUE(numerically_equal(wA[1], s.in_A(s.A.z() / s.a)));
  EXPECT_TRUE(numerically_equal(wW1[1], s.in_A(s.A.z() / s.a - s.c / (s.r * s.a) * s.A.y())));
  EXPECT_TRUE(numerically_equal(wW1[0], s.in_A(s.A.y() / s.r)));
}
