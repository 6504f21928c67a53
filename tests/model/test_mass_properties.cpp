// Mass properties and the dynamical quantities built on them, by the summary-sheet checks of Kane's
// notes (seed-003, E41): the parallel-axis transfer, axis transformation, principal moments, Kane's
// inertia force and torque, kinetic energy and momenta; a rigid cluster of point masses, whose inertia
// is summed by the definition (mass_bodies.hpp), serves as the independent "exact" body throughout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "adyn/kinematics/dyadic.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/particle.hpp"
#include "adyn/model/rigid_body.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "mass_bodies.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::model::Particle;
using adyn::model::RigidBody;
using adyn::test::kane_generalized_inertia_forces;
using adyn::test::MovingFrame;
using adyn::test::numerically_equal;
using adyn::test::RigidCluster;
using adyn::test::symbolically_equal;
using adyn::test::SymbolicBody;
using GiNaC::ex;
using GiNaC::numeric;
using GiNaC::pow;

// ---------------------------------------------------------------------------------------------
// Kane E41: formula-level checks from the summary sheet.
// ---------------------------------------------------------------------------------------------

// seed-003 E41 "Parallel axes": I^{S/O} = I^{S/S*} + m[(p·p)U − pp]; a uniform rod of mass m and
// length ℓ about its end (p = ℓ/2 along the rod) has mℓ²/12 + mℓ²/4 = mℓ²/3 transversely.
TEST(Kane_E41_SummarySheet, ParallelAxisRodAboutItsEnd) {
  ReferenceFrame B{"B"};
  auto m = sym::parameter("m"), l = sym::parameter("l");
  Dyadic central = model::inertia_dyadic(B, 0, m * pow(l, 2) / 12, m * pow(l, 2) / 12);
  Dyadic end = model::inertia_about_point(central, m, (l / 2) * B.x());
  EXPECT_TRUE(symbolically_equal(model::inertia_component(end, B.y(), B.y()), m * pow(l, 2) / 3));
  EXPECT_TRUE(symbolically_equal(model::inertia_component(end, B.z(), B.z()), m * pow(l, 2) / 3));
  EXPECT_TRUE(symbolically_equal(model::inertia_component(end, B.x(), B.x()), 0));
  EXPECT_TRUE(symbolically_equal(model::inertia_component(end, B.x(), B.y()), 0));
  EXPECT_TRUE(symbolically_equal(model::inertia_component(end, B.y(), B.z()), 0));
}

// seed-003 E41 "Parallel axes" in components (summary sheet B):
// I_ab^{S/O} = I_ab^{S/S*} + m[p² δ_ab − (p·n_a)(p·n_b)], p from O to S*.
TEST(Kane_E41_SummarySheet, ParallelAxisTransfer) {
  ReferenceFrame N{"N"};
  auto m = sym::parameter("m");
  std::vector<ex> p{sym::parameter("p1"), sym::parameter("p2"), sym::parameter("p3")};
  std::vector<ex> e{sym::parameter("I11"), sym::parameter("I22"), sym::parameter("I33"),
                    sym::parameter("I12"), sym::parameter("I23"), sym::parameter("I31")};
  Dyadic central = model::inertia_dyadic(N, e[0], e[1], e[2], e[3], e[4], e[5]);
  Mat C = central.components_in(N);
  Mat IO = model::inertia_about_point(central, m, Vector(N, p[0], p[1], p[2])).components_in(N);
  ex p2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
  for (unsigned a = 0; a < 3; ++a)
    for (unsigned b = 0; b < 3; ++b)
      EXPECT_TRUE(symbolically_equal(IO(a, b), C(a, b) + m * ((a == b ? p2 : ex(0)) - p[a] * p[b])))
          << "entry " << a << "," << b;

  // The same transfer with p given partly in a rotated frame B (multi-frame vector).
  auto th = sym::parameter("theta");
  ReferenceFrame B = N.orient_new_axis("B", N.z(), th);
  Vector pB = p[0] * N.x() + p[1] * B.y() + p[2] * B.z();
  Mat pN = pB.components_in(N);
  Mat IO2 = model::inertia_about_point(central, m, pB).components_in(N);
  ex pp = pB.dot(pB);
  for (unsigned a = 0; a < 3; ++a)
    for (unsigned b = 0; b < 3; ++b)
      EXPECT_TRUE(numerically_equal(IO2(a, b), C(a, b) + m * ((a == b ? pp : ex(0)) - pN(a, 0) * pN(b, 0))))
          << "entry " << a << "," << b;
}

// seed-003 E41 "Axis transformation": I_ab = aᵀ [I_jk] b for unit vectors a, b given by components;
// summary sheet B, equivalent form I_ab = Σ m_i (n_a × p_i)·(n_b × p_i).
TEST(Kane_E41_SummarySheet, AxisTransformationOfInertiaComponents) {
  ReferenceFrame N{"N"};
  std::vector<ex> e{sym::parameter("I11"), sym::parameter("I22"), sym::parameter("I33"),
                    sym::parameter("I12"), sym::parameter("I23"), sym::parameter("I31")};
  Dyadic I = model::inertia_dyadic(N, e[0], e[1], e[2], e[3], e[4], e[5]);
  Mat Ic = I.components_in(N);
  std::vector<ex> a{sym::parameter("a1"), sym::parameter("a2"), sym::parameter("a3")};
  std::vector<ex> b{sym::parameter("b1"), sym::parameter("b2"), sym::parameter("b3")};
  ex expected = 0;
  for (unsigned j = 0; j < 3; ++j)
    for (unsigned k = 0; k < 3; ++k) expected += a[j] * Ic(j, k) * b[k];
  EXPECT_TRUE(symbolically_equal(
      model::inertia_component(I, Vector(N, a[0], a[1], a[2]), Vector(N, b[0], b[1], b[2])), expected));

  // Unit vectors: n_a = (3, 4, 0)/5 and n_b = (0, 3, −4)/5 in N with I = diag(1, 2, 3) + products.
  Dyadic In = model::inertia_dyadic(N, 1, 2, 3, numeric(1, 2), numeric(-1, 4), numeric(1, 3));
  Vector na(N, numeric(3, 5), numeric(4, 5), 0), nb(N, 0, numeric(3, 5), numeric(-4, 5));
  // By hand: aᵀ [I] = (3/5·1 + 4/5·1/2, 3/5·1/2 + 4/5·2, 3/5·1/3 + 4/5·(−1/4)) = (1, 19/10, 0), and
  // (1, 19/10, 0)·(0, 3/5, −4/5) = 57/50.
  EXPECT_TRUE(symbolically_equal(model::inertia_component(In, na, nb), numeric(57, 50)));

  // Equivalent form for a set of particles, with I about O summed by the library's transfer of a
  // zero central inertia.
  std::vector<ex> masses{numeric(1), numeric(2), numeric(3)};
  std::vector<Vector> pos;
  Dyadic Ip;
  for (std::size_t i = 0; i < masses.size(); ++i) {
    std::string idx = std::to_string(i + 1);
    pos.push_back(Vector(N, sym::parameter("x" + idx), sym::parameter("y" + idx), sym::parameter("z" + idx)));
    Ip += model::inertia_about_point(Dyadic(), masses[i], pos.back());
  }
  Vector va(N, a[0], a[1], a[2]), vb(N, b[0], b[1], b[2]);
  ex sum = 0;
  for (std::size_t i = 0; i < masses.size(); ++i) sum += masses[i] * va.cross(pos[i]).dot(vb.cross(pos[i]));
  EXPECT_TRUE(symbolically_equal(model::inertia_component(Ip, va, vb), sum));
}

// seed-003 E41 "Laminate principal moments": I = (I_a + I_b)/2 ± sqrt(((I_a − I_b)/2)² + I_ab²);
// I_a = 3, I_b = 1, I_ab = 1 give 2 ± √2 (the normal, I_a + I_b = 4, is the third principal axis).
TEST(Kane_E41_SummarySheet, LaminatePrincipalMoments) {
  ReferenceFrame F{"F"};
  auto p = model::principal_axes(model::inertia_dyadic(F, 3, 1, 4, 1), F);
  EXPECT_NEAR(p.moments(0), 2 - std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(p.moments(1), 2 + std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(p.moments(2), 4, 1e-12);
  EXPECT_NEAR(std::abs(p.axes(2, 2)), 1, 1e-12);  // the normal f3 is principal

  // The closed form at random in-plane values.
  auto Ia = sym::parameter("Ia"), Ib = sym::parameter("Ib"), Iab = sym::parameter("Iab");
  Dyadic I = model::inertia_dyadic(F, Ia, Ib, Ia + Ib, Iab);
  std::mt19937 rng(2024);
  for (int k = 0; k < 5; ++k) {
    auto values = adyn::test::random_values({Ia, Ib, Iab}, rng, 0.2, 3.0);
    double a = sym::evaluate(Ia, values), b = sym::evaluate(Ib, values), ab = sym::evaluate(Iab, values);
    double root = std::sqrt((a - b) * (a - b) / 4 + ab * ab);
    std::vector<double> expected{(a + b) / 2 - root, (a + b) / 2 + root, a + b};
    std::sort(expected.begin(), expected.end());
    auto q = model::principal_axes(I, F, values);
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(q.moments(i), expected[static_cast<std::size_t>(i)], 1e-10);
  }
}

// seed-003 E41 "Inertia torque with principal moments" (summary sheet B): with
// I = Σ I_i n_i n_i and n_i fixed in B (so α_i = ω̇_i),
// T* = Σ [ω_j ω_k (I_j − I_k) − α_i I_i] n_i (i, j, k cyclic) = −I·α − ω × I·ω.
TEST(Kane_E41_SummarySheet, InertiaTorqueInPrincipalAxes) {
  MovingFrame s;
  auto I1 = sym::parameter("I1"), I2 = sym::parameter("I2"), I3 = sym::parameter("I3"), m = sym::parameter("m");
  Point G{"G"};
  G.fix_in(s.N);
  RigidBody body("B", G, s.B, m, model::inertia_dyadic(s.B, I1, I2, I3));
  Mat w = s.omega().components_in(s.B), al = s.alpha().components_in(s.B);
  for (unsigned i = 0; i < 3; ++i) EXPECT_TRUE(numerically_equal(al(i, 0), sym::time_derivative(w(i, 0))));
  Vector expected(s.B, w(1, 0) * w(2, 0) * (I2 - I3) - al(0, 0) * I1, w(2, 0) * w(0, 0) * (I3 - I1) - al(1, 0) * I2,
                  w(0, 0) * w(1, 0) * (I1 - I2) - al(2, 0) * I3);
  EXPECT_TRUE(numerically_equal(model::inertia_torque(body, s.N), expected, s.B));
  EXPECT_TRUE(numerically_equal(model::inertia_torque(body, s.N), expected, s.N));
}

// seed-003 E41 "Inertia torque" for a general (non-principal) I: T* = −I·α − ω × I·ω = (I·ω) × ω − I·α,
// and the inertia force R* = −m a*.
TEST(Kane_E41_SummarySheet, InertiaForceAndTorqueGeneralInertia) {
  SymbolicBody s;
  Vector w = s.omega(), al = s.alpha();
  EXPECT_TRUE(numerically_equal(model::inertia_torque(s.body, s.N), s.I.dot(w).cross(w) - s.I.dot(al), s.B));
  EXPECT_TRUE(numerically_equal(model::inertia_force(s.body, s.N), -s.m * s.G.acceleration_in(s.N), s.N));
}

// seed-003 E41 "Simple rotation": ω = ω n_a gives T* = ω² I_a × n_a − ω̇ I_a (I_a = I·n_a) and
// n_a·T* = −ω̇ I_aa.
TEST(Kane_E41_SummarySheet, InertiaTorqueSimpleRotation) {
  ReferenceFrame N{"N"};
  auto th = sym::dynamic_symbol("theta");
  ReferenceFrame B = N.orient_new_axis("B", N.z(), th);
  auto m = sym::parameter("m");
  auto Izz = sym::parameter("Izz");
  Dyadic I = model::inertia_dyadic(B, sym::parameter("Ixx"), sym::parameter("Iyy"), Izz, sym::parameter("Ixy"),
                                   sym::parameter("Iyz"), sym::parameter("Izx"));
  Point G{"G"};
  G.fix_in(N);
  RigidBody body("disk", G, B, m, I);
  ex wd = sym::derivative_of(th), wdd = sym::derivative_of(th, 2);
  Vector na = N.z();
  Vector Ia = I.dot(na);
  Vector T = model::inertia_torque(body, N);
  EXPECT_TRUE(numerically_equal(T, pow(wd, 2) * Ia.cross(na) - wdd * Ia, B));
  EXPECT_TRUE(symbolically_equal(na.dot(T), -wdd * model::inertia_component(I, na, na)));
  EXPECT_TRUE(symbolically_equal(na.dot(T), -wdd * Izz));  // I_aa = Izz for n_a = n3 = b3
}

// seed-003 E41 "KE with a fixed point": ω·I^{B*/O}·ω = m[(R·R)(ω·ω) − (R·ω)²] = m|ω × R|², and the
// kinetic energy of a body turning about O fixed in N and B is ½ ω·I^{B/O}·ω with
// I^{B/O} = I^{B/B*} + I^{B*/O}.
TEST(Kane_E41_SummarySheet, KineticEnergyWithAFixedPoint) {
  ReferenceFrame N{"N"};
  auto q = sym::dynamic_symbols("q", 3);
  ReferenceFrame B = N.orient_new_body_fixed("B", "313", {q[0], q[1], q[2]});
  Point O{"O"};
  O.fix_in(N);
  auto m = sym::parameter("m");
  Vector R = sym::parameter("R1") * B.x() + sym::parameter("R2") * B.y() + sym::parameter("R3") * B.z();
  Point G = O.locate_new("G", R);
  Dyadic central = model::inertia_dyadic(B, sym::parameter("Ixx"), sym::parameter("Iyy"), sym::parameter("Izz"),
                                         sym::parameter("Ixy"), sym::parameter("Iyz"), sym::parameter("Izx"));
  RigidBody body("top", G, B, m, central);
  Vector w = B.angular_velocity_in(N);

  ex IstarO = w.dot(model::inertia_about_point(Dyadic(), m, R).dot(w));
  EXPECT_TRUE(numerically_equal(IstarO, m * (R.dot(R) * w.dot(w) - pow(R.dot(w), 2))));
  EXPECT_TRUE(numerically_equal(IstarO, m * w.cross(R).dot(w.cross(R))));
  // Symbolically in B components (both sides are polynomials in the B components of ω).
  Vector wB = w.express(B);
  EXPECT_TRUE(symbolically_equal(wB.dot(model::inertia_about_point(Dyadic(), m, R).dot(wB)),
                                 m * wB.cross(R).dot(wB.cross(R))));

  ex T = model::kinetic_energy(body, N);
  EXPECT_TRUE(numerically_equal(T, w.dot(model::inertia_about_point(central, m, R).dot(w)) / 2));
}

// seed-003 E41 "Angular momentum about O": H^{S/O} = I^{S/S*}·ω + m R × v*; checked against the
// formula and against the particle sum Σ r_i × m_i v_i of a rigid cluster, about O fixed in N and
// about the moving point P; the linear momentum is Σ m_i v_i = m v*.
TEST(Kane_E41_SummarySheet, MomentaOfARigidCluster) {
  RigidCluster s;
  const RigidBody& body = *s.body;
  Vector w = s.omega();
  for (const Point* about : {&s.O, &s.P}) {
    Vector H, L;
    for (const auto& p : s.particles) {
      H += model::angular_momentum(p, *about, s.N);
      L += model::linear_momentum(p, s.N);
    }
    Vector formula = s.central.dot(w) + body.mass() * s.G.position_from(*about).cross(s.G.velocity_in(s.N));
    EXPECT_TRUE(numerically_equal(model::angular_momentum(body, *about, s.N), formula, s.N)) << about->name();
    EXPECT_TRUE(numerically_equal(model::angular_momentum(body, *about, s.N), H, s.N)) << about->name();
    EXPECT_TRUE(numerically_equal(model::linear_momentum(body, s.N), L, s.N));
  }
  EXPECT_TRUE(numerically_equal(model::linear_momentum(body, s.N), s.M * s.G.velocity_in(s.N), s.B));
}

// Summary sheet (seed-003 §"A. Generalized inertia forces" and "Angular momentum", used by E41's
// inertia-torque check): T* = −Σ m_i r_i × a_i (r_i from B*) and −^N dH^{S/S*}/dt = T*.
TEST(Kane_E41_SummarySheet, InertiaTorqueFromParticlesAndFromAngularMomentum) {
  RigidCluster s;
  const RigidBody& body = *s.body;
  Vector T = model::inertia_torque(body, s.N);
  Vector sum;
  for (std::size_t k = 0; k < s.particles.size(); ++k)
    sum -= s.masses[k] * s.points[k].position_from(s.G).cross(s.points[k].acceleration_in(s.N));
  EXPECT_TRUE(numerically_equal(T, sum, s.B));
  Vector H = model::angular_momentum(body, s.G, s.N);
  EXPECT_TRUE(numerically_equal(-H.dt(s.N), T, s.B));
  EXPECT_TRUE(numerically_equal(model::inertia_force(body, s.N), -s.M * s.G.acceleration_in(s.N), s.N));
}

// Summary sheet "Kinetic energy" K = ½ Σ m_i v_i² (seed-003, used by E41's Lagrange-vs-Kane check):
// the König form ½ m v*² + ½ ω·I·ω of the equivalent body equals the particle sum.
TEST(Kane_E41_SummarySheet, KineticEnergyOfARigidClusterKoenig) {
  RigidCluster s;
  ex T = 0;
  for (const auto& p : s.particles) T += model::kinetic_energy(p, s.N);
  EXPECT_TRUE(numerically_equal(model::kinetic_energy(*s.body, s.N), T));
  Vector w = s.omega(), v = s.G.velocity_in(s.N);
  EXPECT_TRUE(numerically_equal(model::kinetic_energy(*s.body, s.N), s.M * v.dot(v) / 2 + w.dot(s.central.dot(w)) / 2));
}

// seed-003 E41 "Lagrange vs Kane": for holonomic systems F_r* = ∂K/∂q_r − d/dt ∂K/∂q̇_r, with
// K = kinetic_energy(body) and Kane's closed form F_r* of E40 (u_r = q̇_r).
TEST(Kane_E41_SummarySheet, LagrangeFormOfGeneralizedInertiaForces) {
  SymbolicBody s;
  ex K = model::kinetic_energy(s.body, s.N);
  auto F = kane_generalized_inertia_forces(s, s.G, s.m, s.I);
  for (std::size_t r = 0; r < s.coords.size(); ++r) {
    ex lagrange = K.diff(s.coords[r]) - sym::time_derivative(K.diff(s.u[r]));
    EXPECT_TRUE(numerically_equal(F[r], lagrange)) << "r = " << r + 1;
  }
}
