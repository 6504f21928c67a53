// Frames, angular velocity and angular acceleration from Kane's notes (Kane, Dynamics, ME 231A,
// Stanford 1979): vector derivatives in two frames (E2, E3), ω from the
// definition (E9), Euler chains and the addition theorem (E10), the transport theorem (E11),
// body-fixed 1-2-3 angles on a spinning frame (E12), ^Bω^A = −^Aω^B and α in either frame (E13),
// angular accelerations through auxiliary frames (E15, E16); and from Angeles (seed-000) the ZYZ
// Euler-angle rotation matrix (E0b).
//
// Line numbers (L…) refer to the lines of the seed texts (the OCR of Kane's notes and of Angeles
// 1983) where the example is printed. "Brute force" below means differentiating components in the derivative's own frame,
// which does not use the library's angular velocities or the transport theorem.
#include <gtest/gtest.h>

#include <random>

#include "adyn/error.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::test::numerically_equal;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

// ---- helpers -------------------------------------------------------------------------------

// a − b vanishes identically as a rational function of sines and cosines.
::testing::AssertionResult trig_equal(const ex& a, const ex& b) {
  if (sym::is_zero_trig(a - b)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "not identically equal:\n  lhs: " << a << "\n  rhs: " << b;
}

::testing::AssertionResult trig_equal(const Mat& a, const Mat& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return ::testing::AssertionFailure() << "shape mismatch";
  for (unsigned i = 0; i < a.rows(); ++i)
    for (unsigned j = 0; j < a.cols(); ++j) {
      auto r = trig_equal(a(i, j), b(i, j));
      if (!r) return r << "\n  (entry " << i << "," << j << ")";
    }
  return ::testing::AssertionSuccess();
}

// Component-wise identity of two vectors in frame F.
::testing::AssertionResult trig_equal(const Vector& a, const Vector& b, const ReferenceFrame& F) {
  auto r = trig_equal(a.components_in(F), b.components_in(F));
  if (!r) return r << "\n  (components in frame " << F.name() << ")";
  return r;
}

// ^F dv/dt by brute force: the time derivatives of v's components in F (Kane's definition,
// L413–512), independent of angular velocities and of the transport theorem.
Vector brute_dt(const Vector& v, const ReferenceFrame& F) {
  return Vector(F, sym::time_derivative(v.components_in(F)));
}

Mat subs_entries(const Mat& m, const GiNaC::exmap& values) {
  return sym::map_entries(m, [&](const ex& e) { return e.subs(values); });
}

Mat column(const ex& a, const ex& b, const ex& c) { return Mat(3, 1, GiNaC::lst{a, b, c}); }

Mat identity3() { return GiNaC::ex_to<Mat>(GiNaC::unit_matrix(3)); }

ex d(const ex& x, int order = 1) { return sym::derivative_of(x, order); }

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

// ---- E12, E13: body-fixed 1-2-3 angles relative to a spinning frame -----------------------------

namespace {

// A turns in R about a3 = r3 through Ωt; B is oriented in A by body-fixed 1-2-3 angles θ1, θ2, θ3
// (through auxiliary frames I, J, K: θ1 about i1 = a1, θ2 about j2, θ3 about k3 = m3; K = B).
// m_i is B's basis.
struct SpinningFrame123 {
  std::vector<GiNaC::symbol> th = sym::dynamic_symbols("theta", 3);
  GiNaC::symbol Omega = sym::parameter("Omega");
  ReferenceFrame R{"R"};
  ReferenceFrame A = R.orient_new_axis("A", R.z(), Omega * sym::time());
  ReferenceFrame I = A.orient_new_axis("I", A.x(), th[0]);
  ReferenceFrame J = I.orient_new_axis("J", I.y(), th[1]);
  ReferenceFrame K = J.orient_new_axis("K", J.z(), th[2]);
  ReferenceFrame B = A.orient_new_body_fixed("B", "123", {th[0], th[1], th[2]});
  ex c1 = cos(th[0]), c2 = cos(th[1]), c3 = cos(th[2]);
  ex s1 = sin(th[0]), s2 = sin(th[1]), s3 = sin(th[2]);
  ex thd(int i) const { return d(th[i]); }
  // a3 in m components (seed-003.md E12).
  Mat a3_in_B() const { return column(s1 * s3 - c1 * s2 * c3, s1 * c3 + c1 * s2 * s3, c1 * c2); }
  // ^Rω^B in m components: ω1, ω2, ω3 (seed-003.md E12, cleaned result [V]).
  Mat omega_in_B() const {
    return column(thd(0) * c2 * c3 + thd(1) * s3 + Omega * (s1 * s3 - c1 * s2 * c3),
                  -thd(0) * c2 * s3 + thd(1) * c3 + Omega * (s1 * c3 + c1 * s2 * s3),  //
                  thd(0) * s2 + thd(2) + Omega * c1 * c2);
  }
};

}  // namespace

// Kane's notes E12, L873–926 (seed-003.md "### E12."): the spin table (L877–890) with n_i = r_i:
// n1 = cos Ωt a1 − sin Ωt a2, n2 = sin Ωt a1 + cos Ωt a2, n3 = a3 ([?] in the research: which
// triad is R's; this reading is the one consistent with ^Rω^A = Ω a3, printed "^Kω^A = Ω a3" at L900); and
// the DCM rows m_i in a components ([C] the OCR's first row is garbled).
TEST(Kane_E12_SpinningFrame123, DirectionCosines) {
  SpinningFrame123 s;
  ex Wt = s.Omega * sym::time();
  EXPECT_TRUE(trig_equal(s.R.x(), Vector(s.A, cos(Wt), -sin(Wt), 0), s.A));
  EXPECT_TRUE(trig_equal(s.R.y(), Vector(s.A, sin(Wt), cos(Wt), 0), s.A));
  EXPECT_TRUE(trig_equal(s.R.z(), s.A.z(), s.A));
  EXPECT_TRUE(trig_equal(s.A.angular_velocity_in(s.R), s.Omega * s.A.z(), s.A));

  const ex &c1 = s.c1, &c2 = s.c2, &c3 = s.c3, &s1 = s.s1, &s2 = s.s2, &s3 = s.s3;
  Mat rows(3, 3, GiNaC::lst{c2 * c3, s1 * s2 * c3 + s3 * c1, s1 * s3 - c1 * s2 * c3,     // m1
                            -c2 * s3, c1 * c3 - s1 * s2 * s3, s1 * c3 + c1 * s2 * s3,    // m2
                            s2, -s1 * c2, c1 * c2});                                     // m3
  EXPECT_TRUE(trig_equal(s.B.dcm(s.A), rows));  // ^B C ^A: row i = m_i in A
  EXPECT_TRUE(trig_equal(s.K.dcm(s.A), rows));  // the chain of simple rotations
  EXPECT_TRUE(trig_equal(s.K.dcm(s.B), identity3()));  // K and B coincide (^Kω^B = 0)
  EXPECT_TRUE(trig_equal(s.A.z().components_in(s.B), s.a3_in_B()));
}

// Kane's notes E12, L873–926: ^Rω^B = Ω a3 + θ̇1 i1 + θ̇2 j2 + θ̇3 k3 (L896–912), with the cleaned
// components ω1, ω2, ω3 of seed-003.md E12 [V]; addition theorem = definition (the DCM ^R C ^B
// depends on t explicitly).
TEST(Kane_E12_SpinningFrame123, AngularVelocityComponents) {
  SpinningFrame123 s;
  Vector addition_sum = s.Omega * s.A.z() + s.thd(0) * s.I.x() + s.thd(1) * s.J.y() + s.thd(2) * s.K.z();
  EXPECT_TRUE(trig_equal(addition_sum.components_in(s.B), s.omega_in_B()));
  EXPECT_TRUE(trig_equal(s.B.angular_velocity_in(s.R).components_in(s.B), s.omega_in_B()));
  EXPECT_TRUE(trig_equal(s.K.angular_velocity_in(s.R).components_in(s.K), s.omega_in_B()));
  EXPECT_TRUE(trig_equal(s.K.angular_velocity_in(s.B), Vector(), s.B));
  Vector definition = angular_velocity_from_definition(s.B, s.R);
  EXPECT_TRUE(trig_equal(definition.components_in(s.B), s.omega_in_B()));
  EXPECT_TRUE(trig_equal(definition, s.B.angular_velocity_in(s.R), s.R));
  EXPECT_TRUE(numerically_equal(definition, s.B.angular_velocity_in(s.R), s.R));
  // Linear in θ̇ (partial angular velocities), nonlinear in θ (L914–926).
  auto partials = partial_velocities(s.B.angular_velocity_in(s.R), sym::derivatives_of(s.th));
  EXPECT_TRUE(trig_equal(partials[0].components_in(s.B), column(s.c2 * s.c3, -s.c2 * s.s3, s.s2)));
  EXPECT_TRUE(trig_equal(partials[1].components_in(s.B), column(s.s3, s.c3, 0)));
  EXPECT_TRUE(trig_equal(partials[2].components_in(s.B), column(0, 0, 1)));
  EXPECT_TRUE(trig_equal(velocity_remainder(s.B.angular_velocity_in(s.R), sym::derivatives_of(s.th))
                             .components_in(s.B),
                         s.a3_in_B().mul_scalar(s.Omega)));
}

// Kane's notes E12, L920–926 ("now solve for θ̇_i"): with ω̄ = ω − Ω a3, the kinematic differential
// equations of seed-003.md E12: θ̇1 = (ω̄1 c3 − ω̄2 s3)/c2, θ̇2 = ω̄1 s3 + ω̄2 c3,
// θ̇3 = ω̄3 − s2(ω̄1 c3 − ω̄2 s3)/c2, singular at c2 = 0.
TEST(Kane_E12_SpinningFrame123, KinematicDifferentialEquations) {
  SpinningFrame123 s;
  auto inverse = [&](const Mat& wb) {
    ex a = wb(0, 0) * s.c3 - wb(1, 0) * s.s3;
    return column(a / s.c2, wb(0, 0) * s.s3 + wb(1, 0) * s.c3, wb(2, 0) - s.s2 * a / s.c2);
  };
  // ω̄ = ^Aω^B.
  Vector wbar = s.B.angular_velocity_in(s.R) - s.Omega * s.A.z();
  EXPECT_TRUE(trig_equal(wbar, s.B.angular_velocity_in(s.A), s.B));
  Mat wbar_B = wbar.components_in(s.B);
  EXPECT_TRUE(trig_equal(inverse(wbar_B), sym::column(sym::derivatives_of(s.th))));
  // The library's inverse map at arbitrary ω̄.
  GiNaC::symbol w1 = sym::parameter("wb1"), w2 = sym::parameter("wb2"), w3 = sym::parameter("wb3");
  Mat generic = column(w1, w2, w3);
  EXPECT_TRUE(trig_equal(s.B.orientation().rates_from_angular_velocity(generic), inverse(generic)));
  // Singular at c2 = 0, regular elsewhere.
  EXPECT_TRUE(trig_equal(s.B.orientation().singularity_function(), s.c2));
  GiNaC::exmap regular{{s.th[0], 0.4}, {s.th[1], 0.3}, {s.th[2], -1.1}};
  GiNaC::exmap locked{{s.th[0], 0.4}, {s.th[1], GiNaC::Pi / 2}, {s.th[2], -1.1}};
  EXPECT_NO_THROW(s.B.orientation().check_regular(regular, "B"));
  EXPECT_THROW(s.B.orientation().check_regular(locked, "B"), SingularityError);
}

// Kane's notes E13, L928–946 (seed-003.md "### E13."): ^Bω^A = −^Aω^B, proved from the two
// transport relations ^A dv/dt = ^B dv/dt + ^Aω^B × v and ^B dv/dt = ^A dv/dt + ^Bω^A × v; here for
// R and B of E12.
TEST(Kane_E13_InverseAngularVelocity, OppositeOfTheDirectOne) {
  SpinningFrame123 s;
  Vector w_RB = s.B.angular_velocity_in(s.R), w_BR = s.R.angular_velocity_in(s.B);
  EXPECT_TRUE(trig_equal(w_BR, -w_RB, s.B));
  // From the definition in both directions (independent of the addition theorem).
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(s.R, s.B), -angular_velocity_from_definition(s.B, s.R),
                         s.R));
  auto x = sym::dynamic_symbols("y", 3);
  Vector v(s.B, x[0] * s.s1, x[1] * s.th[2], x[2] + s.c2);
  Vector dA = brute_dt(v, s.R), dB = brute_dt(v, s.B);
  EXPECT_TRUE(trig_equal(dA, dB + w_RB.cross(v), s.R));
  EXPECT_TRUE(trig_equal(dB, dA + w_BR.cross(v), s.B));
  EXPECT_TRUE(trig_equal((w_RB + w_BR).cross(v), Vector(), s.B));
}

// Kane's notes E13, L935–946: ^A d(^Aω^B)/dt = ^B d(^Aω^B)/dt (ω × ω = 0), so α can be found in
// either frame; and "accelerations do not satisfy the addition theorem": ^Rα^B ≠ ^Rα^A + ^Aα^B.
TEST(Kane_E13_InverseAngularVelocity, AngularAccelerationInEitherFrame) {
  SpinningFrame123 s;
  Vector w = s.B.angular_velocity_in(s.R);
  Vector alpha_R = brute_dt(w, s.R), alpha_B = brute_dt(w, s.B);
  EXPECT_TRUE(trig_equal(alpha_R, alpha_B, s.B));
  EXPECT_TRUE(trig_equal(s.B.angular_acceleration_in(s.R), alpha_R, s.B));
  EXPECT_TRUE(trig_equal(w.dt(s.B), alpha_R, s.B));

  Vector sum = s.A.angular_acceleration_in(s.R) + s.B.angular_acceleration_in(s.A);
  EXPECT_FALSE(numerically_equal(s.B.angular_acceleration_in(s.R), sum, s.B));
  // The missing term (transport theorem, not printed in the notes): ^Rω^A × ^Aω^B = Ω a3 × ω̄.
  Vector missing = s.A.angular_velocity_in(s.R).cross(s.B.angular_velocity_in(s.A));
  EXPECT_TRUE(trig_equal(s.B.angular_acceleration_in(s.R), sum + missing, s.B));
}

// ---- E15, E16: angular acceleration through auxiliary frames ------------------------------------

// Kane's notes E15 (problem 2f), L989–1002 (seed-003.md "### E15."): L → D (φ about m2, fixed in L
// and D) → B (θ about m3, fixed in D and B), so m_i is D's basis. ^Lω^B = φ̇ m2 + θ̇ m3,
// ^L dm3/dt = ^Lω^D × m3 = ^Lω^B × m3 = φ̇ m1, and ^Lα^B = φ̇θ̇ m1 + φ̈ m2 + θ̈ m3 ([V]; the notes stop
// one line short).
TEST(Kane_E15_AngularAcceleration, UnitVectorDerivatives) {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  ReferenceFrame L("L");
  ReferenceFrame D = L.orient_new_axis("D", L.y(), phi);
  ReferenceFrame B = D.orient_new_axis("B", D.z(), theta);
  Vector m1 = D.x(), m2 = D.y(), m3 = D.z();
  ex phd = d(phi), thd = d(theta);

  EXPECT_TRUE(trig_equal(m2, L.y(), L));   // m2 fixed in L
  EXPECT_TRUE(trig_equal(m3, B.z(), B));   // m3 fixed in B
  Vector omega = phd * m2 + thd * m3;
  EXPECT_TRUE(trig_equal(B.angular_velocity_in(L), omega, D));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(B, L), omega, D));
  EXPECT_TRUE(trig_equal(brute_dt(m2, L), Vector(), L));
  Vector dm3 = brute_dt(m3, L);
  EXPECT_TRUE(trig_equal(dm3, phd * m1, D));
  EXPECT_TRUE(trig_equal(dm3, D.angular_velocity_in(L).cross(m3), D));
  EXPECT_TRUE(trig_equal(dm3, B.angular_velocity_in(L).cross(m3), D));

  Vector alpha = phd * thd * m1 + d(phi, 2) * m2 + d(theta, 2) * m3;
  EXPECT_TRUE(trig_equal(B.angular_acceleration_in(L), alpha, D));
  EXPECT_TRUE(trig_equal(brute_dt(B.angular_velocity_in(L), L), alpha, D));
  // The notes' expansion: φ̈ m2 + θ̈ m3 + θ̇ ^L dm3/dt.
  EXPECT_TRUE(trig_equal(d(phi, 2) * m2 + d(theta, 2) * m3 + thd * dm3, alpha, D));
}

// Kane's notes E16 (problem 2g), L1004–1025 (seed-003.md "### E16."): R → I (φ about m2, fixed in
// R and I) → J (θ about −m1, fixed in I and J) → D (ψ about m3, fixed in J and D).
// ^Rω^D = φ̇ m2 − θ̇ m1 + ψ̇ m3, ^R dm1/dt = ^Rω^I × m1, ^R dm3/dt = (φ̇ m2 − θ̇ m1) × m3 and
// ^Rα^D = φ̈ m2 − θ̈ m1 − θ̇ ^R dm1/dt + ψ̈ m3 + ψ̇ ^R dm3/dt ([C] the printed "d/dt φ̇ m1" is garbled).
TEST(Kane_E16_AuxiliaryFrames, AngularVelocityAndAcceleration) {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  GiNaC::symbol psi = sym::dynamic_symbol("psi");
  ReferenceFrame R("R");
  ReferenceFrame I = R.orient_new_axis("I", R.y(), phi);
  ReferenceFrame J = I.orient_new_axis("J", -I.x(), theta);
  ReferenceFrame D = J.orient_new_axis("D", J.z(), psi);
  Vector m1 = I.x(), m2 = I.y(), m3 = J.z();
  ex phd = d(phi), thd = d(theta), psd = d(psi);

  EXPECT_TRUE(trig_equal(m2, R.y(), R));  // fixed in R and I
  EXPECT_TRUE(trig_equal(m1, J.x(), J));  // fixed in I and J
  EXPECT_TRUE(trig_equal(m3, D.z(), D));  // fixed in J and D
  EXPECT_TRUE(trig_equal(I.angular_velocity_in(R), phd * m2, I));
  EXPECT_TRUE(trig_equal(J.angular_velocity_in(I), -thd * m1, J));
  EXPECT_TRUE(trig_equal(D.angular_velocity_in(J), psd * m3, D));

  Vector omega = phd * m2 - thd * m1 + psd * m3;
  EXPECT_TRUE(trig_equal(D.angular_velocity_in(R), omega, R));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(D, R), omega, D));
  EXPECT_TRUE(numerically_equal(angular_velocity_from_definition(D, R), D.angular_velocity_in(R), R));

  Vector dm1 = brute_dt(m1, R), dm3 = brute_dt(m3, R);
  EXPECT_TRUE(trig_equal(dm1, I.angular_velocity_in(R).cross(m1), R));
  EXPECT_TRUE(trig_equal(dm1, phd * m2.cross(m1), R));
  EXPECT_TRUE(trig_equal(dm3, (phd * m2 - thd * m1).cross(m3), R));
  EXPECT_TRUE(trig_equal(dm3, J.angular_velocity_in(R).cross(m3), R));

  Vector alpha = d(phi, 2) * m2 - d(theta, 2) * m1 - thd * dm1 + d(psi, 2) * m3 + psd * dm3;
  EXPECT_TRUE(trig_equal(D.angular_acceleration_in(R), alpha, R));
  EXPECT_TRUE(trig_equal(brute_dt(D.angular_velocity_in(R), R), alpha, R));
  EXPECT_TRUE(numerically_equal(D.angular_acceleration_in(R), alpha, D));

  // The chain is the body-fixed 2-1-3 sequence with the middle angle negated (seed-003.md A3).
  ReferenceFrame D213 = R.orient_new_body_fixed("D213", "213", {phi, -theta, psi});
  EXPECT_TRUE(trig_equal(D213.dcm(R), D.dcm(R)));
  EXPECT_TRUE(trig_equal(D213.angular_velocity_in(R), omega, D213));
}

// ---- Angeles E0b: the ZYZ Euler-angle rotation matrix -------------------------------------------

namespace {

struct ZYZ {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  GiNaC::symbol psi = sym::dynamic_symbol("psi");
  std::vector<GiNaC::symbol> q{phi, theta, psi};
  ReferenceFrame A{"A"};
  ReferenceFrame B = A.orient_new_body_fixed("B", "ZYZ", {phi, theta, psi});
  // Q as printed (seed-000.md §1.5 "ZYZ Euler angles, Fig. 1.5.2"; OCR cleaned there).
  Mat Q() const {
    ex cf = cos(phi), sf = sin(phi), ct = cos(theta), st = sin(theta), cp = cos(psi), sp = sin(psi);
    return Mat(3, 3, GiNaC::lst{ct * cf * cp - sf * sp, -ct * cf * sp - sf * cp, st * cf,  //
                                ct * sf * cp + cf * sp, -ct * sf * sp + cf * cp, st * sf,  //
                                -st * cp, st * sp, ct});
  }
};

// ω_i = ½ ε_ijk Ω_kj.
Mat vect_by_epsilon(const Mat& W) {
  Mat w(3, 1);
  for (unsigned i = 0; i < 3; ++i) {
    ex sum = 0;
    for (unsigned j = 0; j < 3; ++j)
      for (unsigned k = 0; k < 3; ++k) {
        int eps = (i == j || j == k || i == k) ? 0 : ((j == (i + 1) % 3) ? 1 : -1);
        if (eps != 0) sum += eps * W(k, j);
      }
    w(i, 0) = sum / 2;
  }
  return w;
}

}  // namespace

// Angeles E0b (seed-000 L250–275; seed-000.md "### E0b" and §1.5): the printed Q equals
// Rz(φ) Ry(θ) Rz(ψ) [V], the library's body-fixed ZYZ ^A C ^B; Q is proper orthogonal.
TEST(Angeles_E0b_ZYZRotation, RotationMatrix) {
  ZYZ s;
  Mat Q = s.Q();
  EXPECT_TRUE(trig_equal(s.A.dcm(s.B), Q));
  Mat product = elementary_rotation(2, s.phi).mul(elementary_rotation(1, s.theta)).mul(elementary_rotation(2, s.psi));
  EXPECT_TRUE(trig_equal(product, Q));
  EXPECT_TRUE(trig_equal(Q.transpose().mul(Q), identity3()));
  EXPECT_TRUE(trig_equal(Q.mul(Q.transpose()), identity3()));
  EXPECT_TRUE(trig_equal(Q.determinant(), 1));
  // Columns of Q are B's basis in A: the body z axis is (sθcφ, sθsφ, cθ).
  EXPECT_TRUE(trig_equal(s.B.z().components_in(s.A), column(sin(s.theta) * cos(s.phi),
                                                            sin(s.theta) * sin(s.phi), cos(s.theta))));
}

// Angeles E0b, (1.5.3)–(1.5.6) and (1.5.10) (seed-000 L255–320): Ω = Q̇ Qᵀ is skew, ω = vect(Ω)
// (ω_i = ½ ε_ijk Ω_kj) is ^Aω^B in A components, which equals the definition route;
// ∂Ω/∂q̇ = (∂Q/∂q) Qᵀ, and vect of each slice is the partial angular velocity ∂ω/∂q̇_k.
TEST(Angeles_E0b_ZYZRotation, AngularVelocityMatrixAndPartials) {
  ZYZ s;
  Mat Q = s.Q(), Qd = sym::time_derivative(Q);
  Mat Omega = Qd.mul(Q.transpose());
  EXPECT_TRUE(trig_equal(Omega.add(Omega.transpose()), Mat(3, 3)));
  Mat w = vect_by_epsilon(Omega);
  EXPECT_TRUE(trig_equal(w, vect(Omega)));
  Vector omega = s.B.angular_velocity_in(s.A);
  EXPECT_TRUE(trig_equal(omega.components_in(s.A), w));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(s.B, s.A), omega, s.A));
  EXPECT_TRUE(numerically_equal(angular_velocity_from_definition(s.B, s.A), omega, s.A));

  auto qd = sym::derivatives_of(s.q);
  auto partials = partial_velocities(omega, qd, "angular velocity");
  for (unsigned k = 0; k < 3; ++k) {
    Mat dQ = sym::map_entries(Q, [&](const ex& e) { return e.diff(s.q[k]); });
    Mat slice = dQ.mul(Q.transpose());                                             // (1.5.6)
    Mat dOmega = sym::map_entries(Omega, [&](const ex& e) { return e.diff(qd[k]); });
    EXPECT_TRUE(trig_equal(dOmega, slice)) << "k = " << k;
    EXPECT_TRUE(trig_equal(partials[k].components_in(s.A), vect(slice))) << "k = " << k;
  }
  // Known partials: ω = φ̇ a3 + θ̇ (Rz(φ) e2) + ψ̇ b3.
  EXPECT_TRUE(trig_equal(partials[0].components_in(s.A), column(0, 0, 1)));
  EXPECT_TRUE(trig_equal(partials[1].components_in(s.A), column(-sin(s.phi), cos(s.phi), 0)));
  EXPECT_TRUE(trig_equal(partials[2].components_in(s.A), Q.mul(column(0, 0, 1))));
}

// Angeles E0b (seed-000.md "### E0b", tests): the angular-acceleration matrix Q̈ Qᵀ = Ω̇ + Ω²,
// with vect(Ω̇) = ^Aα^B in A components.
TEST(Angeles_E0b_ZYZRotation, AngularAccelerationMatrix) {
  ZYZ s;
  Mat Q = s.Q(), Qd = sym::time_derivative(Q), Qdd = sym::time_derivative(Qd);
  Mat Omega = Qd.mul(Q.transpose());
  Mat Omega_d = sym::time_derivative(Omega);
  EXPECT_TRUE(trig_equal(Qdd.mul(Q.transpose()), Omega_d.add(Omega.mul(Omega))));
  EXPECT_TRUE(trig_equal(s.B.angular_acceleration_in(s.A).components_in(s.A), vect(Omega_d)));
  EXPECT_TRUE(numerically_equal(s.B.angular_acceleration_in(s.A).components_in(s.A), vect(Omega_d)));
}
