// Frames turning relative to a spinning frame, from Kane's notes (Kane, Dynamics, ME 231A,
// Stanford 1979): body-fixed 1-2-3 angles on a spinning frame (E12), ^Bω^A = −^Aω^B and α in either
// frame (E13), angular accelerations through auxiliary frames (E15, E16).
//
// Line numbers (L…) refer to the lines of the seed texts (the OCR of Kane's notes and of Angeles
// 1983) where the example is printed. "Brute force" means differentiating components in the
// derivative's own frame (frame_checks.hpp).
#include <gtest/gtest.h>

#include "adyn/error.hpp"
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
using GiNaC::sin;

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
