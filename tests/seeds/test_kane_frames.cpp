// Frames, angular velocity and angular acceleration from Kane's notes (Kane, Dynamics, ME 231A,
// Stanford 1979): vector derivatives in two frames (E2, E3), ω from the definition (E9), Euler
// chains and the addition theorem (E10), the transport theorem (E11).
//
// Line numbers (L…) refer to the lines of the seed texts (the OCR of Kane's notes and of Angeles
// 1983) where the example is printed. "Brute force" means differentiating components in the
// derivative's own frame (frame_checks.hpp).
#include <gtest/gtest.h>

#include <random>

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "frame_checks.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using namespace adyn::test::frames;
using adyn::test::numerically_equal;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

// ---- E2, E3: the door -------------------------------------------------------------------------

// The door B hinged to A about a2 = b2 (angle q2), with the direction-cosine table of L438–441
// (rows b_i, columns a_j), and the point P at p = q1 b1 + h b2.
struct Door {
  GiNaC::symbol q1 = sym::dynamic_symbol("q1"), q2 = sym::dynamic_symbol("q2"), h = sym::parameter("h");
  ReferenceFrame A{"A"}, B{"B"};
  ex c2 = cos(q2), s2 = sin(q2);

  Door() { B.orient_dcm(A, table().transpose()); }  // ^A C ^B has the b_i (in A) as columns
  Mat table() const {
    return Mat(3, 3, GiNaC::lst{c2, 0, s2,     // b1
                                0, 1, 0,       // b2
                                -s2, 0, c2});  // b3
  }
  Vector p() const { return q1 * B.x() + h * B.y(); }
};

}  // namespace

// Kane's notes E2, L402–470 (seed-003.md "### E2."): the door's table and p expressed in A.
TEST(Kane_E2_Door, DirectionCosinesAndPositionInA) {
  Door s;
  EXPECT_TRUE(trig_equal(s.B.dcm(s.A), s.table()));  // ^B C ^A: row i = b_i in A
  // The same door as a simple rotation: the table is a rotation by q2 about −a2.
  ReferenceFrame B_axis = s.A.orient_new_axis("B_axis", -s.A.y(), s.q2);
  EXPECT_TRUE(trig_equal(B_axis.dcm(s.A), s.table()));
  // (2): p = q1 c2 a1 + h a2 + q1 s2 a3 in A.
  EXPECT_TRUE(trig_equal(s.p(), Vector(s.A, s.q1 * s.c2, s.h, s.q1 * s.s2), s.A));
}

// Kane's notes E2, L402–470: (3)–(6). [C] (5) is printed "= −q1 b3"; with the table it is +q1 b3
// (seed-003.md errata L453), so the corrected value is asserted and the printed one rejected.
TEST(Kane_E2_Door, PartialDerivativesInTwoFrames) {
  Door s;
  Vector p = s.p(), b1 = s.B.x(), b3 = s.B.z();
  // (3), (4): ^A∂p/∂q1 = c2 a1 + s2 a3 = b1 = ^B∂p/∂q1.
  EXPECT_TRUE(trig_equal(p.diff(s.q1, s.A), Vector(s.A, s.c2, 0, s.s2), s.A));
  EXPECT_TRUE(trig_equal(p.diff(s.q1, s.A), b1, s.B));
  EXPECT_TRUE(trig_equal(p.diff(s.q1, s.B), b1, s.B));
  // (5): ^A∂p/∂q2 = −q1 s2 a1 + q1 c2 a3 = +q1 b3.
  Vector dp2_A = p.diff(s.q2, s.A);
  EXPECT_TRUE(trig_equal(dp2_A, Vector(s.A, -s.q1 * s.s2, 0, s.q1 * s.c2), s.A));
  EXPECT_TRUE(trig_equal(dp2_A, s.q1 * b3, s.A));
  EXPECT_FALSE(numerically_equal(dp2_A, -s.q1 * b3, s.A));  // the printed sign
  // (6): ^B∂p/∂q2 = 0 (p does not depend on q2 in B).
  EXPECT_TRUE(trig_equal(p.diff(s.q2, s.B), Vector(), s.B));
}

// Kane's notes E2, L467–471: second partials in A commute, both equal b3 = −s2 a1 + c2 a3
// ([C] printed "−b3", seed-003.md errata L471).
TEST(Kane_E2_Door, MixedPartialsCommute) {
  Door s;
  Vector p = s.p();
  Vector d21 = p.diff(s.q1, s.A).diff(s.q2, s.A);
  Vector d12 = p.diff(s.q2, s.A).diff(s.q1, s.A);
  Vector b3_in_A(s.A, -s.s2, 0, s.c2);
  EXPECT_TRUE(trig_equal(d21, b3_in_A, s.A));
  EXPECT_TRUE(trig_equal(d12, b3_in_A, s.A));
  EXPECT_TRUE(trig_equal(s.B.z(), b3_in_A, s.A));
}

// Kane's notes E3, L483–512 (seed-003.md "### E3."): q1 = c cos ωt, q2 = ωt. (c) p as a function
// of q1, q2 and (d) p as a function of q1 and t both give ^A dp/dt = cω(−sin 2ωt a1 + cos 2ωt a3).
// [C] The printed factor "c2 ω" is the constant c ω (seed-003.md errata L502–510).
TEST(Kane_E3_Door, TotalDerivativeWithAndWithoutExplicitTime) {
  Door s;
  GiNaC::symbol c = sym::parameter("c"), w = sym::parameter("omega");
  const GiNaC::symbol& t = sym::time();
  GiNaC::exmap motion{{s.q1, c * cos(w * t)}, {d(s.q1), -c * w * sin(w * t)}, {s.q2, w * t}, {d(s.q2), w}};
  Mat expected = column(-c * w * sin(2 * w * t), 0, c * w * cos(2 * w * t));
  // The long form printed before simplification: cω[−2 sin ωt cos ωt a1 + (cos²ωt − sin²ωt) a3].
  Mat printed = column(c * w * (-2 * sin(w * t) * cos(w * t)), 0,
                       c * w * (pow(cos(w * t), 2) - pow(sin(w * t), 2)));
  EXPECT_TRUE(trig_equal(expected, printed));

  // (c): Σ ^A∂p/∂q_r q̇_r, and the library's ^A dp/dt (transport theorem on the B part).
  Vector chain = s.p().diff(s.q1, s.A) * d(s.q1) + s.p().diff(s.q2, s.A) * d(s.q2);
  EXPECT_TRUE(trig_equal(subs_entries(chain.components_in(s.A), motion), expected));
  EXPECT_TRUE(trig_equal(subs_entries(s.p().dt(s.A).components_in(s.A), motion), expected));

  // (d): p = q1 cos ωt a1 + h a2 + q1 sin ωt a3; dp/dt = ∂p/∂q1 q̇1 + ∂p/∂t.
  Vector p_t(s.A, s.q1 * cos(w * t), s.h, s.q1 * sin(w * t));
  Vector chain_t = p_t.diff(s.q1, s.A) * d(s.q1) + p_t.diff(t, s.A);
  EXPECT_TRUE(trig_equal(subs_entries(chain_t.components_in(s.A), motion), expected));
  EXPECT_TRUE(trig_equal(subs_entries(p_t.dt(s.A).components_in(s.A), motion), expected));

  // The same with the door turning by ωt explicitly (an orientation with explicit t).
  ReferenceFrame B_t = s.A.orient_new_axis("B_t", -s.A.y(), w * t);
  Vector p_door = s.q1 * B_t.x() + s.h * B_t.y();
  EXPECT_TRUE(trig_equal(subs_entries(p_door.dt(s.A).components_in(s.A), motion), expected));
  EXPECT_TRUE(trig_equal(B_t.angular_velocity_in(s.A), -w * s.A.y(), s.A));
}

// ---- E9: ω of the door from the definition ------------------------------------------------------

// Kane's notes E9, L749–770 (seed-003.md "### E9."): b1 = cθ a1 + sθ a2, b2 = −sθ a1 + cθ a2,
// b3 = a3; ^A ḃ1 = θ̇ b2, ^A ḃ2 = −θ̇ b1, ^A ḃ3 = 0; the three dot products 0, 0, θ̇; ^Aω^B = θ̇ b3.
TEST(Kane_E9_RotatingDoor, AngularVelocityFromTheDefinition) {
  GiNaC::symbol th = sym::dynamic_symbol("theta");
  ex c = cos(th), s = sin(th), thd = d(th);
  ReferenceFrame A("A"), B("B");
  B.orient_dcm(A, Mat(3, 3, GiNaC::lst{c, -s, 0, s, c, 0, 0, 0, 1}));  // columns b1, b2, b3 in A
  Vector b1 = B.x(), b2 = B.y(), b3 = B.z();
  EXPECT_TRUE(trig_equal(b1, Vector(A, c, s, 0), A));
  EXPECT_TRUE(trig_equal(b2, Vector(A, -s, c, 0), A));
  EXPECT_TRUE(trig_equal(b3, A.z(), A));

  Vector b1d = brute_dt(b1, A), b2d = brute_dt(b2, A), b3d = brute_dt(b3, A);
  EXPECT_TRUE(trig_equal(b1d, thd * b2, B));
  EXPECT_TRUE(trig_equal(b2d, -thd * b1, B));
  EXPECT_TRUE(trig_equal(b3d, Vector(), B));
  EXPECT_TRUE(trig_equal(b2d.dot(b3), 0));
  EXPECT_TRUE(trig_equal(b3d.dot(b1), 0));
  EXPECT_TRUE(trig_equal(b1d.dot(b2), thd));

  // ^Aω^B = (ḃ2·b3) b1 + (ḃ3·b1) b2 + (ḃ1·b2) b3 = θ̇ b3, by hand, from the library's definition
  // routine, from the orientation, and as the simple angular velocity about a3 (L770–790).
  Vector by_hand = b2d.dot(b3) * b1 + b3d.dot(b1) * b2 + b1d.dot(b2) * b3;
  EXPECT_TRUE(trig_equal(by_hand, thd * b3, B));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(B, A), thd * b3, B));
  EXPECT_TRUE(trig_equal(B.angular_velocity_in(A), thd * b3, B));
  EXPECT_TRUE(trig_equal(b1.dt(A), thd * b2, B));  // library derivative (transport theorem)
  ReferenceFrame B_simple = A.orient_new_axis("B_simple", A.z(), th);
  EXPECT_TRUE(trig_equal(B_simple.dcm(A), B.dcm(A)));
  EXPECT_TRUE(trig_equal(B_simple.angular_velocity_in(A), thd * A.z(), A));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(B_simple, A), B_simple.angular_velocity_in(A), B_simple));
}

// ---- E10, E11: the 3-1-3 chain ------------------------------------------------------------------

namespace {

// A → B (φ about a3 = b3) → C (θ about b1 = c1) → D (ψ about c3 = d3): body-fixed 3-1-3.
struct EulerChain313 {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  GiNaC::symbol psi = sym::dynamic_symbol("psi");
  ReferenceFrame A{"A"};
  ReferenceFrame B = A.orient_new_axis("B", A.z(), phi);
  ReferenceFrame C = B.orient_new_axis("C", B.x(), theta);
  ReferenceFrame D = C.orient_new_axis("D", C.z(), psi);
};

}  // namespace

// Kane's notes E10, L790–826 (seed-003.md "### E10."): ^Bω^A… [C] (superscripts scrambled in the
// OCR) ^Aω^B = φ̇ a3 = φ̇ b3, ^Bω^C = θ̇ b1 = θ̇ c1, ^Cω^D = ψ̇ c3 = ψ̇ d3 and
// ^Aω^D = φ̇ a3 + θ̇ b1 + ψ̇ c3; the addition theorem agrees with the definition.
TEST(Kane_E10_EulerChain, AdditionTheoremEqualsDefinition) {
  EulerChain313 s;
  ex phd = d(s.phi), thd = d(s.theta), psd = d(s.psi);
  EXPECT_TRUE(trig_equal(s.B.angular_velocity_in(s.A), phd * s.A.z(), s.B));
  EXPECT_TRUE(trig_equal(s.B.angular_velocity_in(s.A), phd * s.B.z(), s.B));
  EXPECT_TRUE(trig_equal(s.C.angular_velocity_in(s.B), thd * s.B.x(), s.C));
  EXPECT_TRUE(trig_equal(s.C.angular_velocity_in(s.B), thd * s.C.x(), s.C));
  EXPECT_TRUE(trig_equal(s.D.angular_velocity_in(s.C), psd * s.C.z(), s.D));
  EXPECT_TRUE(trig_equal(s.D.angular_velocity_in(s.C), psd * s.D.z(), s.D));

  Vector reference = phd * s.A.z() + thd * s.B.x() + psd * s.C.z();
  Vector addition = s.D.angular_velocity_in(s.A);
  Vector definition = angular_velocity_from_definition(s.D, s.A);
  EXPECT_TRUE(trig_equal(addition, reference, s.D));
  EXPECT_TRUE(trig_equal(definition, reference, s.D));
  EXPECT_TRUE(trig_equal(definition, addition, s.A));
  EXPECT_TRUE(numerically_equal(definition, addition, s.A));
}

// Kane's notes E10, L790–826: [V] ^Aω^D in D components (seed-003.md E10, standard, verified there):
// (φ̇ sθ sψ + θ̇ cψ) d1 + (φ̇ sθ cψ − θ̇ sψ) d2 + (φ̇ cθ + ψ̇) d3; the chain equals the body-fixed
// 3-1-3 orientation.
TEST(Kane_E10_EulerChain, ComponentsInTheBodyAndBodyFixed313) {
  EulerChain313 s;
  ex phd = d(s.phi), thd = d(s.theta), psd = d(s.psi);
  ex sth = sin(s.theta), cth = cos(s.theta), sps = sin(s.psi), cps = cos(s.psi);
  Mat expected = column(phd * sth * sps + thd * cps, phd * sth * cps - thd * sps, phd * cth + psd);
  EXPECT_TRUE(trig_equal(s.D.angular_velocity_in(s.A).components_in(s.D), expected));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(s.D, s.A).components_in(s.D), expected));

  ReferenceFrame E = s.A.orient_new_body_fixed("E", "313", {s.phi, s.theta, s.psi});
  EXPECT_TRUE(trig_equal(E.dcm(s.A), s.D.dcm(s.A)));
  EXPECT_TRUE(trig_equal(E.angular_velocity_in(s.A).components_in(E), expected));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(E, s.A).components_in(E), expected));
}

// Kane's notes E10, L811–827: auxiliary frames A → A1 (φ about K1) → A2 (θ about K4, negative
// sense) → B (ψ about K3) give ^Aω^B = ψ̇ K3 + φ̇ K1 − θ̇ K4. The figure with the lines L_i is
// missing, so the directions of K1 (fixed in A, A1), K4 (fixed in A1, A2) and K3 (fixed in A2, B)
// are not given; the relation holds for any, and is checked here with oblique unit vectors.
TEST(Kane_E10_EulerChain, AuxiliaryFramesWithNegativeSense) {
  EulerChain313 s;  // reuse its angles
  ReferenceFrame A("A");
  Vector K1(A, ex(1) / 3, ex(2) / 3, ex(2) / 3);
  ReferenceFrame A1 = A.orient_new_axis("A1", K1, s.phi);
  Vector K4(A1, ex(2) / 3, ex(-1) / 3, ex(2) / 3);
  ReferenceFrame A2 = A1.orient_new_axis("A2", -K4, s.theta);
  Vector K3(A2, 0, ex(3) / 5, ex(4) / 5);
  ReferenceFrame B = A2.orient_new_axis("B", K3, s.psi);
  // K1 is fixed in A1 and K4 in A2: the same vectors expressed in the next frame keep their
  // components (the axis of a simple rotation is fixed in both frames).
  EXPECT_TRUE(trig_equal(K1, Vector(A1, ex(1) / 3, ex(2) / 3, ex(2) / 3), A1));
  EXPECT_TRUE(trig_equal(K4, Vector(A2, ex(2) / 3, ex(-1) / 3, ex(2) / 3), A2));
  EXPECT_TRUE(trig_equal(A2.angular_velocity_in(A1), -d(s.theta) * K4, A2));
  Vector reference = d(s.psi) * K3 + d(s.phi) * K1 - d(s.theta) * K4;
  EXPECT_TRUE(numerically_equal(B.angular_velocity_in(A), reference, B));
  EXPECT_TRUE(numerically_equal(angular_velocity_from_definition(B, A), reference, B));
}

// Kane's notes E11, L830–869 (seed-003.md "### E11."): for β = Σ β_i b_i with constant β_i
// (here b_i = d_i of the E10 chain; the notes leave B's motion general), ḃ_i·b_i = 0, ḃ_i·b_j = −b_i·ḃ_j, and
// ^A dβ/dt = (α2β3 − α3β2) b1 + (α3β1 − α1β3) b2 + (α1β2 − α2β1) b3 = α × β with
// α1 = ḃ2·b3, α2 = ḃ3·b1, α3 = ḃ1·b2, α = ^Aω^B.
TEST(Kane_E11_TransportTheorem, VectorFixedInTheBody) {
  EulerChain313 s;
  const ReferenceFrame &A = s.A, &B = s.D;
  std::vector<GiNaC::symbol> beta{sym::parameter("beta1"), sym::parameter("beta2"), sym::parameter("beta3")};
  Vector b[3] = {B.x(), B.y(), B.z()};
  Vector bd[3] = {brute_dt(b[0], A), brute_dt(b[1], A), brute_dt(b[2], A)};
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(trig_equal(bd[i].dot(b[i]), 0)) << "i = " << i + 1;
    for (int j = 0; j < 3; ++j) EXPECT_TRUE(trig_equal(bd[i].dot(b[j]), -b[i].dot(bd[j]))) << i + 1 << j + 1;
  }
  ex a1 = bd[1].dot(b[2]), a2 = bd[2].dot(b[0]), a3 = bd[0].dot(b[1]);
  Vector beta_v = beta[0] * b[0] + beta[1] * b[1] + beta[2] * b[2];
  Vector by_components = (a2 * beta[2] - a3 * beta[1]) * b[0] + (a3 * beta[0] - a1 * beta[2]) * b[1] +
                         (a1 * beta[1] - a2 * beta[0]) * b[2];
  Vector brute = brute_dt(beta_v, A);
  EXPECT_TRUE(trig_equal(brute, by_components, B));
  Vector alpha = a1 * b[0] + a2 * b[1] + a3 * b[2];
  Vector omega = B.angular_velocity_in(A);
  EXPECT_TRUE(trig_equal(alpha, omega, B));  // α = ω by the definition
  EXPECT_TRUE(trig_equal(brute, omega.cross(beta_v), B));
  EXPECT_TRUE(trig_equal(beta_v.dt(A), omega.cross(beta_v), B));
  EXPECT_TRUE(trig_equal(beta_v.dt(B), Vector(), B));  // β is fixed in B
}

// Kane's notes E11, L830–869 and §1.5 (L826–830, "^A dV/dt = ^B dV/dt + ^Aω^B × V"): the
// transport theorem for vectors with time-dependent components in B (here D of the E10 chain),
// against brute-force differentiation in A. Components are random combinations of q, other
// dynamic variables and explicit t.
TEST(Kane_E11_TransportTheorem, RandomVectorsWithComponentsInTheBody) {
  EulerChain313 s;
  const ReferenceFrame &A = s.A, &B = s.D;
  auto x = sym::dynamic_symbols("x", 3);
  const ex t = sym::time();
  std::vector<ex> q{s.phi, s.theta, s.psi};
  std::mt19937 rng(2024);
  std::uniform_int_distribution<int> coef(-3, 3), pick(0, 2);
  Vector omega = B.angular_velocity_in(A);
  for (int trial = 0; trial < 4; ++trial) {
    Mat comps(3, 1);
    for (unsigned i = 0; i < 3; ++i)
      comps(i, 0) = coef(rng) * x[i] + coef(rng) * sin(q[pick(rng)]) * x[pick(rng)] +
                    coef(rng) * cos(q[pick(rng)]) * q[pick(rng)] + coef(rng) * t * x[pick(rng)] + coef(rng);
    Vector v(B, comps);
    Vector lhs = brute_dt(v, A);
    Vector rhs = brute_dt(v, B) + omega.cross(v);
    EXPECT_TRUE(trig_equal(lhs, rhs, A)) << "trial " << trial;
    EXPECT_TRUE(numerically_equal(lhs, rhs, A)) << "trial " << trial;
    EXPECT_TRUE(trig_equal(v.dt(A), lhs, B)) << "trial " << trial;  // the library's ^A d/dt
    EXPECT_TRUE(trig_equal(v.dt(B), Vector(B, sym::time_derivative(comps)), B)) << "trial " << trial;
  }
}
