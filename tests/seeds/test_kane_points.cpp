// Point kinematics from Kane's notes (seed-003): the one-point theorems (E17), rolling (E18,
// E19), accelerations from W² (E21) and curvilinear coordinates (E22).
#include <gtest/gtest.h>

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
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

// Kane E17: B1 (the weight) turns in B2 about m2 by φ; the arm B0 is hinged to B1 at P1 about m3
// (fixed in B1 and B0) by θ; P1 is at r m3 from O on the rotation axis; the sleeve P0 slides
// along m0 (fixed in B0, ⊥ m3) at z from P1.
struct RotatingWeight {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  GiNaC::symbol z = sym::dynamic_symbol("z"), r = sym::parameter("r");
  ReferenceFrame B2{"B2"};
  ReferenceFrame B1 = B2.orient_new_axis("B1", B2.y(), phi);
  ReferenceFrame B0 = B1.orient_new_axis("B0", B1.z(), theta);
  Vector m0 = B0.x(), m2 = B1.y(), m3 = B1.z();
  Point O{"O"};
  Point P1 = O.locate_new("P1", r * m3);
  Point P0 = P1.locate_new("P0", z * m0);

  RotatingWeight() {
    O.fix_in(B2);
    O.fix_in(B1);
    P1.fix_in(B1);
    P1.fix_in(B0);
  }
  ex phid() const { return sym::derivative_of(phi); }
  ex thetad() const { return sym::derivative_of(theta); }
  ex zd() const { return sym::derivative_of(z); }
  // ^{B1}v^{P0} = ż m0 + θ̇ z m3 × m0 (i).
  Vector v_in_B1() const { return zd() * m0 + thetad() * z * m3.cross(m0); }
};

}  // namespace

TEST(Kane_E17_OnePointTheorems, VelocitiesInTheArmAndTheWeight) {
  RotatingWeight s;
  EXPECT_TRUE(numerically_equal(s.P0.velocity_in(s.B0), s.zd() * s.m0, s.B0));                     // (a)
  EXPECT_TRUE(numerically_equal(s.P0.acceleration_in(s.B0), sym::derivative_of(s.z, 2) * s.m0, s.B0));  // (b)
  EXPECT_TRUE(numerically_equal(velocity_one_point(s.P0, s.P1, s.B1, s.B0), s.v_in_B1(), s.B1));
  // ^{B2}v^{P0} = ż m0 + θ̇ z m3 × m0 + φ̇ m2 × (r m3 + z m0) [C: the OCR reads φ̇(r m1 + z m2 × m0)].
  Vector v_B2 = s.v_in_B1() + s.phid() * s.m2.cross(s.r * s.m3 + s.z * s.m0);
  EXPECT_TRUE(numerically_equal(velocity_one_point(s.P0, s.O, s.B2, s.B1), v_B2, s.B2));
  EXPECT_TRUE(numerically_equal(s.P0.position_from(s.O).dt(s.B2), v_B2, s.B2));
}

TEST(Kane_E17_OnePointTheorems, AccelerationInTheWeight) {
  // ^{B1}a^{P0} = z̈ m0 + (θ̈ z + 2θ̇ ż) m3 × m0 − θ̇² z m0.
  RotatingWeight s;
  ex thetadd = sym::derivative_of(s.theta, 2);
  Vector expected = sym::derivative_of(s.z, 2) * s.m0 + (thetadd * s.z + 2 * s.thetad() * s.zd()) * s.m3.cross(s.m0) -
                    pow(s.thetad(), 2) * s.z * s.m0;
  EXPECT_TRUE(numerically_equal(acceleration_one_point(s.P0, s.P1, s.B1, s.B0), expected, s.B1));
  // Transport acceleration of B̄0: θ̈ z m3 × m0 − θ̇² z m0 (a circle of radius z about P1) (l, p).
  Vector transport = thetadd * s.z * s.m3.cross(s.m0) - pow(s.thetad(), 2) * s.z * s.m0;
  EXPECT_TRUE(numerically_equal(acceleration_two_point(s.P0, s.P1, s.B1, s.B0), transport, s.B1));
}

TEST(Kane_E17_OnePointTheorems, AccelerationInTheReferenceFrameWithCoriolis) {
  // [C] The notes omit the Coriolis term 2φ̇ m2 × ^{B1}v^{P0} of the B1 -> B2 step; the complete
  // ^{B2}a^{P0} = ^{B1}a^{P0} + ^{B2}a^{B̄1} + 2 ^{B2}ω^{B1} × ^{B1}v^{P0} equals brute-force
  // differentiation of r^{P0/O} in B2.
  RotatingWeight s;
  Vector brute = s.P0.position_from(s.O).dt(s.B2).dt(s.B2);
  Vector theorem = acceleration_one_point(s.P0, s.O, s.B2, s.B1);
  EXPECT_TRUE(numerically_equal(theorem, brute, s.B2));

  Vector rho = s.r * s.m3 + s.z * s.m0;
  Vector as_printed = acceleration_one_point(s.P0, s.P1, s.B1, s.B0) +
                      sym::derivative_of(s.phi, 2) * s.m2.cross(rho) +
                      pow(s.phid(), 2) * s.m2.cross(s.m2.cross(rho));
  Vector coriolis = 2 * s.phid() * s.m2.cross(s.v_in_B1());
  EXPECT_TRUE(numerically_equal(as_printed + coriolis, brute, s.B2));
  EXPECT_FALSE(numerically_equal(as_printed, brute, s.B2));
}

namespace {

// Kane E18: a thin disk D of radius r rolls on the horizontal plane of R. Heading φ about the
// vertical k; the upright frame U has u1 horizontal in the disk plane, u2 = k, u3 the normal;
// M is U leaned by θ about −u1 (so k = cosθ m2 + sinθ m3); D spins about m3 by ψ.
struct RollingDisk {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  GiNaC::symbol psi = sym::dynamic_symbol("psi"), r = sym::parameter("r");
  ReferenceFrame R{"R"};
  ReferenceFrame A = R.orient_new_axis("A", R.z(), phi);
  ReferenceFrame U = A.orient_new_axis("U", A.x(), GiNaC::Pi / 2);
  ReferenceFrame M = U.orient_new_axis("M", -U.x(), theta);
  ReferenceFrame D = M.orient_new_axis("D", M.z(), psi);
  Vector m1 = M.x(), m2 = M.y(), m3 = M.z();
  Point centre{"D*"};
  Point contact = centre.locate_new("D^", -r * m2);  // the point of D touching the plane

  RollingDisk() {
    centre.fix_in(D);
    contact.fix_in(D);
    centre.set_velocity(R, r * omega().cross(m2));  // rolling: ^R v^{D̂} = 0
  }
  Vector omega() const { return D.angular_velocity_in(R); }
};

}  // namespace

TEST(Kane_E18_RollingDisk, AngularVelocityAndRolling) {
  RollingDisk s;
  ex thd = sym::derivative_of(s.theta), phd = sym::derivative_of(s.phi), psd = sym::derivative_of(s.psi);
  Vector omega = -thd * s.m1 + phd * cos(s.theta) * s.m2 + (psd + phd * sin(s.theta)) * s.m3;
  EXPECT_TRUE(numerically_equal(s.omega(), omega, s.M));
  EXPECT_TRUE(numerically_equal(s.M.angular_velocity_in(s.R), omega - psd * s.m3, s.M));
  EXPECT_TRUE(numerically_equal(s.R.z(), cos(s.theta) * s.m2 + sin(s.theta) * s.m3, s.M));
  EXPECT_TRUE(numerically_equal(velocity_two_point(s.contact, s.centre, s.R, s.D), Vector(), s.M));
}

TEST(Kane_E18_RollingDisk, ContactPointAcceleration) {
  RollingDisk s;
  Vector omega = s.omega(), alpha = s.D.angular_acceleration_in(s.R);
  // ^R a^{D*} = r α × m2 + r ω × (^Rω^M × m2) (m2 is fixed in M).
  Vector a_centre = s.r * alpha.cross(s.m2) + s.r * omega.cross(s.M.angular_velocity_in(s.R).cross(s.m2));
  EXPECT_TRUE(numerically_equal(s.centre.acceleration_in(s.R), a_centre, s.M));
  // a^{D̂} = a^{D*} − r α × m2 − r ω × (ω × m2) = r ψ̇ ω × m1.
  ex psd = sym::derivative_of(s.psi);
  Vector a_contact = acceleration_two_point(s.contact, s.centre, s.R, s.D);
  EXPECT_TRUE(numerically_equal(a_contact, s.r * psd * omega.cross(s.m1), s.M));
  // |a| = r|ψ̇| [(φ̇ cosθ)² + (ψ̇ + φ̇ sinθ)²]^{1/2}.
  ex phd = sym::derivative_of(s.phi);
  ex magnitude = s.r * GiNaC::abs(psd) *
                 GiNaC::sqrt(pow(phd * cos(s.theta), 2) + pow(psd + phd * sin(s.theta), 2));
  EXPECT_TRUE(numerically_equal(a_contact.magnitude(), GiNaC::abs(magnitude)));
}

namespace {

// Kane E19: a sphere S (radius r, centre P moving along m3 at speed v) rolls on surfaces fixed in
// R at A = P − r m1 and B = P − r m2, and on body C at D = P + r m0, m0 = cosθ m1 + sinθ m2.
// C turns about an axis parallel to m2 through K = P + b m1 (fixed in R); ^Rω^S = Σ ω_i m_i.
struct BallDrive {
  GiNaC::symbol r = sym::parameter("r"), v = sym::parameter("v"), b = sym::parameter("b");
  GiNaC::symbol theta = sym::parameter("theta"), beta = sym::dynamic_symbol("beta");
  GiNaC::symbol w1 = sym::parameter("omega1"), w2 = sym::parameter("omega2"), w3 = sym::parameter("omega3");
  GiNaC::symbol wC = sym::derivative_of(beta);  // ^Rω^C = ω^C m2 (2)
  ReferenceFrame R{"R"};
  ReferenceFrame C = R.orient_new_axis("C", R.y(), beta);
  Vector m0 = cos(theta) * R.x() + sin(theta) * R.y();  // (9)
  Vector omega_S = Vector(R, w1, w2, w3);               // (3)
  Point K{"K"};
  Point P = K.locate_new("P", -b * R.x());
  Point D_of_C = P.locate_new("D_C", r * m0);

  BallDrive() {
    K.fix_in(R);
    K.fix_in(C);
    D_of_C.fix_in(C);
    P.set_velocity(R, v * R.z());  // (1)
  }
  // Velocity of the material point of S at r^{X/P} = rho.
  Vector sphere_point_velocity(const Vector& rho) const { return P.velocity_in(R) + omega_S.cross(rho); }
};

}  // namespace

TEST(Kane_E19_BallDrive, RollingWithoutSpinFixesTheGeometry) {
  BallDrive s;
  ex sn = sin(s.theta), cs = cos(s.theta);
  std::vector<ex> equations;
  auto append = [&](const std::vector<ex>& e) { equations.insert(equations.end(), e.begin(), e.end()); };
  append(component_equations(s.sphere_point_velocity(-s.r * s.R.x()), s.R));  // rolling at A (4)
  append(component_equations(s.sphere_point_velocity(-s.r * s.R.y()), s.R));  // rolling at B (5)
  Vector spin_C = s.omega_S - s.C.angular_velocity_in(s.R);                    // ^Cω^S (8)
  equations.push_back(spin_C.dot(s.m0));                                        // no spin at D (7)
  auto omegas = solve_linear(equations, {s.w1, s.w2, s.w3, s.wC});

  EXPECT_TRUE(numerically_equal(omegas.at(s.w1), s.v / s.r));   // (14)
  EXPECT_TRUE(numerically_equal(omegas.at(s.w2), -s.v / s.r));  // (15)
  EXPECT_TRUE(omegas.at(s.w3).is_zero());
  ex omega_C = omegas.at(s.wC);
  EXPECT_TRUE(numerically_equal(omega_C, s.v * (cs - sn) / (s.r * sn)));  // from (13)

  // Rolling at D (6) then fixes b, hence a = b − r cosθ (the distance of D from C's axis).
  Vector slip_D = s.sphere_point_velocity(s.r * s.m0) - velocity_two_point(s.D_of_C, s.K, s.R, s.C);
  auto slip = component_equations(slip_D.subs(omegas), s.R);
  auto geometry = solve_linear({slip[2]}, {s.b});
  ex a = geometry.at(s.b) - s.r * cs;
  EXPECT_TRUE(numerically_equal(a * omega_C, s.v * (1 + sn + cs)));  // (12)
  EXPECT_TRUE(numerically_equal(a, s.r * sn * (1 + sn + cs) / (cs - sn)));         // (18)
  EXPECT_TRUE(numerically_equal(geometry.at(s.b), s.r * (1 + sn) / (cs - sn)));  // (19)
  EXPECT_TRUE(slip[0].is_zero());
  EXPECT_TRUE(slip[1].is_zero());
}

namespace {

// Kane E21: spherical coordinates, p = q1 m1 with q2 the polar angle and q3 the azimuth. E turns
// about a3 by q3; N turns about e2 by q2, so n3 = m1 (radial), n1 = m2 (increasing q2),
// n2 = m3 (increasing q3).
struct Spherical {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 3);
  std::vector<GiNaC::symbol> qd = sym::derivatives_of(q);
  ReferenceFrame R{"R"};
  ReferenceFrame E = R.orient_new_axis("E", R.z(), q[2]);
  ReferenceFrame N = E.orient_new_axis("N", E.y(), q[1]);
  Vector m1 = N.z(), m2 = N.x(), m3 = N.y();
  Point O{"O"};
  Point P = O.locate_new("P", q[0] * m1);

  Spherical() { O.fix_in(R); }
  ex s2() const { return sin(q[1]); }
};

// ½[d/dt ∂W²/∂q̇_r − ∂W²/∂q_r].
ex lagrange_form(const ex& W2, const GiNaC::symbol& q, const GiNaC::symbol& qd) {
  return (sym::time_derivative(W2.diff(qd)) - W2.diff(q)) / 2;
}

}  // namespace

TEST(Kane_E21_SphericalCoordinates, VelocityPartialsAndWSquared) {
  Spherical s;
  Vector v = s.P.velocity_in(s.R);
  // ^Rω^N × m1 = q̇2 m2 + q̇3 s2 m3 [C: the OCR writes s2 = sin q1; it is sin q2].
  Vector turn = s.qd[1] * s.m2 + s.qd[2] * s.s2() * s.m3;
  EXPECT_TRUE(numerically_equal(s.N.angular_velocity_in(s.R).cross(s.m1), turn, s.N));
  EXPECT_TRUE(numerically_equal(v, s.qd[0] * s.m1 + s.q[0] * turn, s.N));  // (6)
  auto partials = partial_velocities(v, s.qd);  // (7)
  EXPECT_TRUE(numerically_equal(partials[0], s.m1, s.N));
  EXPECT_TRUE(numerically_equal(partials[1], s.q[0] * s.m2, s.N));
  EXPECT_TRUE(numerically_equal(partials[2], s.q[0] * s.s2() * s.m3, s.N));
  ex W2 = pow(s.qd[0], 2) + pow(s.q[0] * s.qd[1], 2) + pow(s.q[0] * s.s2() * s.qd[2], 2);  // (10)
  EXPECT_TRUE(numerically_equal(v.dot(v), W2));
}

TEST(Kane_E21_SphericalCoordinates, AccelerationComponentsFromWSquared) {
  Spherical s;
  Vector v = s.P.velocity_in(s.R), a = s.P.acceleration_in(s.R);
  ex W2 = v.dot(v);
  auto partials = partial_velocities(v, s.qd);
  for (int r = 0; r < 3; ++r)  // v_r · a = ½[d/dt ∂W²/∂q̇_r − ∂W²/∂q_r]
    EXPECT_TRUE(numerically_equal(partials[r].dot(a), lagrange_form(W2, s.q[r], s.qd[r]))) << "r = " << r + 1;

  // [C] Corrected forms: q1 (not q̇1) in (12), (14); d/dt(q1² q̇2) in a2.
  ex q1 = s.q[0], s2 = s.s2(), c2 = cos(s.q[1]);
  ex a1 = sym::derivative_of(q1, 2) - q1 * pow(s.qd[1], 2) - q1 * pow(s2 * s.qd[2], 2);  // (14)
  ex a2 = sym::time_derivative(pow(q1, 2) * s.qd[1]) / q1 - q1 * s2 * c2 * pow(s.qd[2], 2);
  ex a3 = sym::time_derivative(pow(q1 * s2, 2) * s.qd[2]) / (q1 * s2);
  EXPECT_TRUE(numerically_equal(a.dot(s.m1), a1));
  EXPECT_TRUE(numerically_equal(a.dot(s.m2), a2));
  EXPECT_TRUE(numerically_equal(a.dot(s.m3), a3));
}

TEST(Kane_E22_CylindricalCoordinates, ScaleFactorsAndOrthogonality) {
  // p = q1 cos q2 a1 + q1 sin q2 a2 + q3 a3; ∂p/∂q_r = f_r m_r with f = (1, q1, 1).
  auto q = sym::dynamic_symbols("q", 3);
  ReferenceFrame A("A");
  Vector p(A, q[0] * cos(q[1]), q[0] * sin(q[1]), q[2]);
  const std::vector<ex> f{1, q[0], 1};
  ReferenceFrame M = A.orient_new_axis("M", A.z(), q[1]);  // m_r: the cylindrical unit vectors
  std::vector<Vector> m;
  for (int r = 0; r < 3; ++r) {
    Vector dp = p.diff(q[r], A);
    EXPECT_TRUE(numerically_equal(dp.dot(dp), pow(f[r], 2))) << "r = " << r + 1;
    m.push_back(dp / f[r]);
    EXPECT_TRUE(numerically_equal(m[r], M.basis(r), A)) << "r = " << r + 1;
  }
  // [m1, m2, m3] = m1 × m2 · m3 = 1 for all q, and the m_r are mutually perpendicular.
  EXPECT_TRUE(numerically_equal(m[0].cross(m[1]).dot(m[2]), 1));
  EXPECT_TRUE(numerically_equal(m[0].dot(m[1]), 0));
  EXPECT_TRUE(numerically_equal(m[1].dot(m[2]), 0));
  EXPECT_TRUE(numerically_equal(m[0].dot(m[2]), 0));
}
