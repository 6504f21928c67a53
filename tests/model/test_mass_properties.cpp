// Mass properties and the dynamical quantities built on them: inertia dyadics, the parallel-axis
// transfer, principal axes, kinetic energy, momenta, Kane's inertia force and torque, and the
// Gibbs–Appell acceleration energy S. Reference results come from Kane's notes (seed-003, E40 and
// the summary-sheet checks of E41) and from Greenwood (seed-001, (4.291)–(4.299)); a rigid cluster
// of point masses, whose inertia is summed here by the definition, serves as the independent
// "exact" body throughout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/kinematics/dyadic.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/particle.hpp"
#include "adyn/model/rigid_body.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::model::Particle;
using adyn::model::RigidBody;
using adyn::test::numerically_equal;
using adyn::test::thrown_message;
using GiNaC::ex;
using GiNaC::numeric;
using GiNaC::pow;

namespace {

/// a − b expands (or normalizes) to 0.
::testing::AssertionResult symbolically_equal(const ex& a, const ex& b) {
  ex d = (a - b).expand();
  if (d.is_zero() || d.normal().is_zero()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << a << " vs " << b << " (difference " << d << ")";
}

/// The inertia dyadic of a point mass m at ρ about the origin of ρ, by the definition
/// m[(ρ·ρ)U − ρρ] written out in F components (independent of model/inertia.cpp).
Dyadic point_mass_inertia(const ReferenceFrame& F, const ex& m, const Vector& rho) {
  Mat c = rho.components_in(F);
  ex rr = c(0, 0) * c(0, 0) + c(1, 0) * c(1, 0) + c(2, 0) * c(2, 0);
  Mat I(3, 3);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) I(i, j) = m * ((i == j ? rr : ex(0)) - c(i, 0) * c(j, 0));
  return Dyadic(F, I);
}

/// A body frame B with six-parameter motion reduced to five coordinates: B oriented in N by
/// body-fixed 1-2-3 angles q1..q3, its reference point P at x n1 + y n2 from O fixed in N. The
/// generalized speeds are u_r = q̇_r, so u̇_r = q̈_r.
struct MovingFrame {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 3);
  GiNaC::symbol x = sym::dynamic_symbol("x"), y = sym::dynamic_symbol("y");
  std::vector<GiNaC::symbol> coords{q[0], q[1], q[2], x, y};
  std::vector<GiNaC::symbol> u = sym::derivatives_of(coords, 1);
  std::vector<GiNaC::symbol> udot = sym::derivatives_of(coords, 2);
  ReferenceFrame N{"N"};
  ReferenceFrame B = N.orient_new_body_fixed("B", "123", {q[0], q[1], q[2]});
  Point O{"O"};
  Point P = O.locate_new("P", x * N.x() + y * N.y());

  MovingFrame() { O.fix_in(N); }
  Vector omega() const { return B.angular_velocity_in(N); }
  Vector alpha() const { return B.angular_acceleration_in(N); }
};

/// A rigid body with symbolic mass and a general symbolic central inertia (products included),
/// its mass centre G at a general offset c from P (so v* couples translation and rotation).
struct SymbolicBody : MovingFrame {
  GiNaC::symbol m = sym::parameter("m");
  GiNaC::symbol Ixx = sym::parameter("Ixx"), Iyy = sym::parameter("Iyy"), Izz = sym::parameter("Izz");
  GiNaC::symbol Ixy = sym::parameter("Ixy"), Iyz = sym::parameter("Iyz"), Izx = sym::parameter("Izx");
  GiNaC::symbol c1 = sym::parameter("c1"), c2 = sym::parameter("c2"), c3 = sym::parameter("c3");
  Point G = P.locate_new("G", c1 * B.x() + c2 * B.y() + c3 * B.z());
  Dyadic I = model::inertia_dyadic(B, Ixx, Iyy, Izz, Ixy, Iyz, Izx);
  RigidBody body{"B", G, B, m, I};
};

/// Four point masses (exact masses 1, 2, 3/2, 5/2) fixed in B at general symbolic positions
/// r_k = a_k b1 + b_k b2 + c_k b3 from P, and the equivalent rigid body: mass centre and central
/// inertia summed from the particles by the definitions.
struct RigidCluster : MovingFrame {
  std::vector<ex> masses{numeric(1), numeric(2), numeric(3, 2), numeric(5, 2)};
  std::vector<Vector> r;     // from P, fixed in B
  std::vector<Point> points;
  std::vector<Particle> particles;
  ex M = 0;
  Vector rG;                 // from P to the mass centre
  Point G{"G"};
  Dyadic central;
  std::optional<RigidBody> body;

  RigidCluster() {
    for (std::size_t k = 0; k < masses.size(); ++k) {
      std::string idx = std::to_string(k + 1);
      auto a = sym::parameter("a" + idx), b = sym::parameter("b" + idx), c = sym::parameter("c" + idx);
      r.push_back(a * B.x() + b * B.y() + c * B.z());
      points.push_back(P.locate_new("P" + idx, r.back()));
      particles.emplace_back("p" + idx, points.back(), masses[k]);
      M += masses[k];
    }
    for (std::size_t k = 0; k < masses.size(); ++k) rG += (masses[k] / M) * r[k];
    G.set_position(P, rG);
    for (std::size_t k = 0; k < masses.size(); ++k) central += point_mass_inertia(B, masses[k], r[k] - rG);
    body.emplace("cluster", G, B, M, central);
  }
  /// Σ ½ m_k a_k·a_k, the exact acceleration energy of the particles.
  ex particle_acceleration_energy() const {
    ex S = 0;
    for (const auto& p : particles) S += model::acceleration_energy(p, N);
    return S;
  }
};

/// Kane's closed form F_r* = v_r^{B*}·(−m a*) + ω_r·(−I·α − ω × I·ω), written out here.
std::vector<ex> kane_generalized_inertia_forces(const MovingFrame& s, const Point& G, const ex& m, const Dyadic& I) {
  Vector w = s.omega(), al = s.alpha();
  Vector Rstar = -m * G.acceleration_in(s.N);
  Vector Tstar = -(I.dot(al) + w.cross(I.dot(w)));
  auto vr = partial_velocities(G.velocity_in(s.N), s.u, "v*");
  auto wr = partial_velocities(w, s.u, "omega");
  std::vector<ex> F;
  for (std::size_t r = 0; r < s.u.size(); ++r) F.push_back(vr[r].dot(Rstar) + wr[r].dot(Tstar));
  return F;
}

}  // namespace

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

// ---------------------------------------------------------------------------------------------
// Kane E40: generalized inertia forces of a rigid body.
// ---------------------------------------------------------------------------------------------

// seed-003 E40 step 5: F_r* = v_r^{B*}·(−M a^{B*}) + ω_r·(−I·α − ω × I·ω) equals −∂S/∂u̇_r with S the
// Gibbs–Appell acceleration energy, and equals v_r*·R* + ω_r·T* from model::inertia_force/torque.
TEST(Kane_E40_SymbolicBody, GeneralizedInertiaForcesFromAccelerationEnergy) {
  SymbolicBody s;
  auto F = kane_generalized_inertia_forces(s, s.G, s.m, s.I);
  ex S = model::acceleration_energy(s.body, s.N);
  auto vr = partial_velocities(s.G.velocity_in(s.N), s.u, "v*");
  auto wr = partial_velocities(s.omega(), s.u, "omega");
  Vector Rstar = model::inertia_force(s.body, s.N), Tstar = model::inertia_torque(s.body, s.N);
  ASSERT_EQ(F.size(), 5u);
  for (std::size_t r = 0; r < s.u.size(); ++r) {
    EXPECT_TRUE(numerically_equal(F[r], -S.diff(s.udot[r]))) << "r = " << r + 1;
    EXPECT_TRUE(numerically_equal(F[r], vr[r].dot(Rstar) + wr[r].dot(Tstar))) << "r = " << r + 1;
  }
  // The translational speeds ẋ, ẏ see only −m a*·n_i: F_4* = −m a*·n1, F_5* = −m a*·n2.
  EXPECT_TRUE(numerically_equal(F[3], -s.m * s.G.acceleration_in(s.N).dot(s.N.x())));
  EXPECT_TRUE(numerically_equal(F[4], -s.m * s.G.acceleration_in(s.N).dot(s.N.y())));
}

// seed-003 E40 "Test": for a rigid body the particle sum F_r* = −Σ m_i v_r^{P_i}·a^{P_i} equals the
// closed form v_r*·(−M a*) + ω_r·(−I·α − ω × I·ω) (here a rigid cluster of four point masses).
TEST(Kane_E40_RigidCluster, ParticleSumEqualsClosedForm) {
  RigidCluster s;
  auto F = kane_generalized_inertia_forces(s, s.G, s.M, s.central);
  std::vector<ex> particle_sum(s.u.size(), 0);
  for (std::size_t k = 0; k < s.particles.size(); ++k) {
    auto vr = partial_velocities(s.points[k].velocity_in(s.N), s.u, s.points[k].name());
    Vector a = s.points[k].acceleration_in(s.N);
    for (std::size_t r = 0; r < s.u.size(); ++r) particle_sum[r] -= s.masses[k] * vr[r].dot(a);
  }
  ex S = model::acceleration_energy(*s.body, s.N);
  for (std::size_t r = 0; r < s.u.size(); ++r) {
    EXPECT_TRUE(numerically_equal(F[r], particle_sum[r])) << "r = " << r + 1;
    EXPECT_TRUE(numerically_equal(F[r], -S.diff(s.udot[r]))) << "r = " << r + 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Greenwood (4.291)–(4.299): the Gibbs–Appell function of a rigid body.
// ---------------------------------------------------------------------------------------------

// seed-001 Greenwood (4.292)/(4.298) with the mass centre as reference point: S of the body equals
// the exact Σ ½ m_k a_k² of a rigid cluster of point masses in every u̇-dependent term (∂S/∂u̇_r and
// ∂²S/∂u̇_r∂u̇_s agree); the u̇-free remainder is exactly ½ Σ m_k |ω × (ω × ρ_k)|², ρ_k from B*.
TEST(Greenwood_4_292_RigidCluster, AccelerationEnergyMatchesPointMasses) {
  RigidCluster s;
  ex S_body = model::acceleration_energy(*s.body, s.N);
  ex S_particles = s.particle_acceleration_energy();
  for (std::size_t r = 0; r < s.udot.size(); ++r) {
    ex dr_body = S_body.diff(s.udot[r]), dr_particles = S_particles.diff(s.udot[r]);
    EXPECT_TRUE(numerically_equal(dr_body, dr_particles)) << "dS/du" << r + 1;
    for (std::size_t c = r; c < s.udot.size(); ++c)
      EXPECT_TRUE(numerically_equal(dr_body.diff(s.udot[c]), dr_particles.diff(s.udot[c])))
          << "d2S/du" << r + 1 << "du" << c + 1;
  }
  // The second derivatives are the mass matrix 𝕄_rs = Σ m_k γ_kr·γ_ks (seed-001 §1.1).
  std::vector<std::vector<Vector>> gamma;
  for (const auto& pt : s.points) gamma.push_back(partial_velocities(pt.velocity_in(s.N), s.u, pt.name()));
  for (std::size_t r = 0; r < s.u.size(); ++r)
    for (std::size_t c = r; c < s.u.size(); ++c) {
      ex Mrs = 0;
      for (std::size_t k = 0; k < s.points.size(); ++k) Mrs += s.masses[k] * gamma[k][r].dot(gamma[k][c]);
      EXPECT_TRUE(numerically_equal(S_body.diff(s.udot[r]).diff(s.udot[c]), Mrs)) << r + 1 << "," << c + 1;
    }
  // The remainder carries no u̇.
  Vector w = s.omega();
  ex remainder = 0;
  for (std::size_t k = 0; k < s.points.size(); ++k) {
    Vector c = w.cross(w.cross(s.points[k].position_from(s.G)));
    remainder += s.masses[k] * c.dot(c) / 2;
  }
  EXPECT_TRUE(numerically_equal(S_particles - S_body, remainder));
  // S itself is not the particle value (the remainder is not zero in general).
  EXPECT_FALSE(numerically_equal(S_particles, S_body));
}

// seed-001 Greenwood (4.292)–(4.297) with an offset reference point P (ρ_c = r^{B*/P}, I_P about P):
// S_P = ½ M v̇_P² + ½ ω̇·I_P·ω̇ + (ω × I_P·ω)·ω̇ + M v̇_P·ρ̈_c, ρ̈_c = ω̇ × ρ_c + ω × (ω × ρ_c) (4.293),
// has the same u̇-gradient as the mass-centre S, and that gradient is the left side of (4.297):
// M (v̇_P + ρ̈_c)·γ_r + [I_P·ω̇ + ω × (I_P·ω) + M ρ_c × v̇_P]·β_r.
TEST(Greenwood_4_292_RigidCluster, OffsetReferencePoint) {
  RigidCluster s;
  Dyadic IP;
  for (std::size_t k = 0; k < s.particles.size(); ++k) IP += point_mass_inertia(s.B, s.masses[k], s.r[k]);
  Vector w = s.omega(), al = s.alpha(), aP = s.P.acceleration_in(s.N), rho = s.rG;
  Vector rho_dd = al.cross(rho) + w.cross(w.cross(rho));
  ex S_P = s.M * aP.dot(aP) / 2 + al.dot(IP.dot(al)) / 2 + w.cross(IP.dot(w)).dot(al) + s.M * aP.dot(rho_dd);
  ex S_body = model::acceleration_energy(*s.body, s.N);
  auto gamma = partial_velocities(s.P.velocity_in(s.N), s.u, "v_P");
  auto beta = partial_velocities(w, s.u, "omega");
  for (std::size_t r = 0; r < s.udot.size(); ++r) {
    ex dS = S_body.diff(s.udot[r]);
    EXPECT_TRUE(numerically_equal(S_P.diff(s.udot[r]), dS)) << "r = " << r + 1;
    ex lhs_4_297 = s.M * (aP + rho_dd).dot(gamma[r]) +
                   (IP.dot(al) + w.cross(IP.dot(w)) + s.M * rho.cross(aP)).dot(beta[r]);
    EXPECT_TRUE(numerically_equal(lhs_4_297, dS)) << "r = " << r + 1;
  }
}

// seed-001 Greenwood (4.299): S = ½ Σ (m v̇² + Ḣ·ω̇ + (ω × H)·ω̇) with H = I·ω about the mass centre
// equals (4.298), since Ḣ = I·ω̇ + ω × (I·ω) for I fixed in the body.
TEST(Greenwood_4_299_SymbolicBody, EquivalentFormWithAngularMomentum) {
  SymbolicBody s;
  Vector w = s.omega(), al = s.alpha(), a = s.G.acceleration_in(s.N);
  Vector H = model::angular_momentum(s.body, s.G, s.N);
  EXPECT_TRUE(numerically_equal(H, s.I.dot(w), s.B));
  ex S_4_299 = (s.m * a.dot(a) + H.dt(s.N).dot(al) + w.cross(H).dot(al)) / 2;
  EXPECT_TRUE(numerically_equal(model::acceleration_energy(s.body, s.N), S_4_299));
  // And (4.298) written out.
  ex S_4_298 = s.m * a.dot(a) / 2 + al.dot(s.I.dot(al)) / 2 + w.cross(s.I.dot(w)).dot(al);
  EXPECT_TRUE(numerically_equal(model::acceleration_energy(s.body, s.N), S_4_298));
}

// ---------------------------------------------------------------------------------------------
// Mass properties: transfer, principal axes, change of frame.
// ---------------------------------------------------------------------------------------------

TEST(MassProperties, InertiaAboutPointEqualsParticleSum) {
  // I^{S/O} = I^{S/S*} + m[(p·p)U − pp] with I^{S/S*} the cluster's central inertia and p = r^{S*/O}
  // equals Σ m_k[(r_k·r_k)U − r_k r_k] with r_k from O, symbolically in B components.
  RigidCluster s;
  Dyadic direct;
  for (std::size_t k = 0; k < s.particles.size(); ++k) direct += point_mass_inertia(s.B, s.masses[k], s.r[k]);
  Mat transferred = model::inertia_about_point(s.central, s.M, s.rG).components_in(s.B);
  Mat expected = direct.components_in(s.B);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j)
      EXPECT_TRUE(symbolically_equal(transferred(i, j), expected(i, j))) << "entry " << i << "," << j;
  // The central inertia is the minimum: I^{S/O} − I^{S/S*} is m[(p·p)U − pp], positive semidefinite
  // with eigenvalues 0, m p², m p².
  std::mt19937 rng(7);
  auto values = adyn::test::random_values({s.rG.components_in(s.B)(0, 0), s.rG.components_in(s.B)(1, 0),
                                           s.rG.components_in(s.B)(2, 0)},
                                          rng);
  auto diff = model::principal_axes(model::inertia_about_point(s.central, s.M, s.rG) - s.central, s.B, values);
  double p2 = sym::evaluate(s.rG.dot(s.rG), values), M = sym::evaluate(s.M, {});
  EXPECT_NEAR(diff.moments(0), 0, 1e-10);
  EXPECT_NEAR(diff.moments(1), M * p2, 1e-10 * std::max(1.0, M * p2));
  EXPECT_NEAR(diff.moments(2), M * p2, 1e-10 * std::max(1.0, M * p2));
}

TEST(MassProperties, PrincipalAxesDiagonalizeTheInertia) {
  // Axes orthonormal (right-handed not required), moments ascending, Aᵀ [I] A = diag(moments), and
  // I·n_k = λ_k n_k for the axis vectors (summary sheet B, "On a principal axis, I_a = λ n_a").
  RigidCluster s;
  std::mt19937 rng(99);
  Mat Ic = s.central.components_in(s.B);
  std::vector<ex> entries;
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) entries.push_back(Ic(i, j));
  for (int sample = 0; sample < 4; ++sample) {
    auto values = adyn::test::random_values(entries, rng);
    Eigen::Matrix3d m = sym::evaluate(Ic, values);
    auto p = model::principal_axes(s.central, s.B, values);
    EXPECT_LT((p.axes.transpose() * p.axes - Eigen::Matrix3d::Identity()).norm(), 1e-10);
    EXPECT_LE(p.moments(0), p.moments(1));
    EXPECT_LE(p.moments(1), p.moments(2));
    Eigen::Matrix3d D = p.axes.transpose() * m * p.axes;
    Eigen::Matrix3d expected = p.moments.asDiagonal();
    EXPECT_LT((D - expected).norm(), 1e-10 * std::max(1.0, m.norm()));
    EXPECT_NEAR(p.moments.sum(), m.trace(), 1e-10 * std::max(1.0, m.norm()));
    EXPECT_NEAR(p.moments.prod(), m.determinant(), 1e-9 * std::max(1.0, std::pow(m.norm(), 3)));
    Dyadic Inum = s.central.subs(values);
    for (int k = 0; k < 3; ++k) {
      Vector n(s.B, p.axes(0, k), p.axes(1, k), p.axes(2, k));
      Mat lhs = Inum.dot(n).components_in(s.B), rhs = (p.moments(k) * n).components_in(s.B);
      for (unsigned i = 0; i < 3; ++i)
        EXPECT_NEAR(sym::evaluate(lhs(i, 0), {}), sym::evaluate(rhs(i, 0), {}), 1e-10 * std::max(1.0, m.norm()));
    }
  }
  // A physical cluster (numeric positions) has moments obeying the triangle inequality.
  GiNaC::exmap fixed;
  for (std::size_t k = 0; k < s.r.size(); ++k) {
    Mat c = s.r[k].components_in(s.B);
    fixed[c(0, 0)] = static_cast<double>(k) - 1.5;
    fixed[c(1, 0)] = 0.5 * static_cast<double>(k * k) - 1.0;
    fixed[c(2, 0)] = k == 2 ? 1.0 : -0.25;
  }
  auto p = model::principal_axes(s.central, s.B, fixed);
  EXPECT_GT(p.moments(0), 0);
  EXPECT_GE(p.moments(0) + p.moments(1), p.moments(2) - 1e-12);
  EXPECT_NO_THROW(model::check_inertia("cluster", s.central, s.B, fixed));
}

TEST(MassProperties, PrincipalAxesOfAnAxisymmetricBody) {
  // Degenerate case: I = diag(2, 2, 3) rotated about n3 then tilted; the moments are 2, 2, 3 and the
  // returned axes are still orthonormal, the third along the symmetry axis.
  ReferenceFrame N{"N"};
  ReferenceFrame B = N.orient_new_body_fixed("B", "313", {numeric(3, 10), numeric(7, 10), numeric(-1, 5)});
  Dyadic I = model::inertia_dyadic(B, 2, 2, 3);
  auto p = model::principal_axes(I, N);
  EXPECT_NEAR(p.moments(0), 2, 1e-12);
  EXPECT_NEAR(p.moments(1), 2, 1e-12);
  EXPECT_NEAR(p.moments(2), 3, 1e-12);
  EXPECT_LT((p.axes.transpose() * p.axes - Eigen::Matrix3d::Identity()).norm(), 1e-12);
  Eigen::Matrix3d C = sym::evaluate(N.dcm(B), {});  // columns: b_i in N
  EXPECT_NEAR(std::abs(p.axes.col(2).dot(C.col(2))), 1, 1e-12);
  Eigen::Matrix3d m = sym::evaluate(I.components_in(N), {});
  EXPECT_LT((p.axes.transpose() * m * p.axes - Eigen::Matrix3d(p.moments.asDiagonal())).norm(), 1e-12);
}

TEST(MassProperties, ReexpressingInARotatedFrame) {
  // With R = ^N C ^B (columns b_i in N): [I]_B = Rᵀ [I]_N R and [I]_N = R [I]_B Rᵀ; moments of
  // inertia about b_i are the diagonal of [I]_B, and the principal moments do not change.
  ReferenceFrame N{"N"};
  std::vector<ex> e{sym::parameter("I11"), sym::parameter("I22"), sym::parameter("I33"),
                    sym::parameter("I12"), sym::parameter("I23"), sym::parameter("I31")};
  auto a1 = sym::parameter("a1"), a2 = sym::parameter("a2"), a3 = sym::parameter("a3");
  ReferenceFrame B = N.orient_new_body_fixed("B", "213", {a1, a2, a3});
  Dyadic I = model::inertia_dyadic(N, e[0], e[1], e[2], e[3], e[4], e[5]);
  Mat R = N.dcm(B);
  Mat IN = I.components_in(N);
  Mat IB = I.components_in(B);
  EXPECT_TRUE(numerically_equal(IB, R.transpose().mul(IN).mul(R)));
  EXPECT_TRUE(numerically_equal(I.express(B).components_in(B), R.transpose().mul(IN).mul(R)));
  EXPECT_TRUE(numerically_equal(I.express(B).components_in(N), IN));  // round trip
  for (unsigned i = 0; i < 3; ++i)
    EXPECT_TRUE(numerically_equal(model::inertia_component(I, B.basis(static_cast<int>(i)), B.basis(static_cast<int>(i))),
                                  IB(i, i)));
  // A dyadic given in B re-expressed in N.
  Dyadic J = model::inertia_dyadic(B, e[0], e[1], e[2], e[3], e[4], e[5]);
  EXPECT_TRUE(numerically_equal(J.components_in(N), R.mul(J.components_in(B)).mul(R.transpose())));

  std::mt19937 rng(5);
  std::vector<ex> all(e.begin(), e.end());
  all.push_back(a1);
  all.push_back(a2);
  all.push_back(a3);
  auto values = adyn::test::random_values(all, rng);
  auto pN = model::principal_axes(I, N, values), pB = model::principal_axes(I, B, values);
  EXPECT_LT((pN.moments - pB.moments).norm(), 1e-10);
  // Axis k found in B, mapped to N by R, is ± axis k found in N (moments are distinct here).
  Eigen::Matrix3d Rn = sym::evaluate(R, values);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(std::abs((Rn * pB.axes.col(k)).dot(pN.axes.col(k))), 1, 1e-8);
}

// ---------------------------------------------------------------------------------------------
// Errors: non-physical inertia and masses name the offending object.
// ---------------------------------------------------------------------------------------------

TEST(MassPropertiesErrors, NonSymmetricInertia) {
  ReferenceFrame F{"F"};
  Dyadic D(F, Mat(3, 3, GiNaC::lst{2, 1, 0, 0, 2, 0, 0, 0, 3}));
  EXPECT_THROW(model::check_inertia("crank", D, F), ModelError);
  std::string msg = thrown_message<ModelError>([&] { model::check_inertia("crank", D, F); });
  EXPECT_NE(msg.find("crank"), std::string::npos) << msg;
  EXPECT_NE(msg.find("symmetric"), std::string::npos) << msg;
  // Symbolic off-diagonal entries that differ are caught without values.
  auto a = sym::parameter("a"), b = sym::parameter("b");
  Dyadic Ds(F, Mat(3, 3, GiNaC::lst{2, a, 0, b, 2, 0, 0, 0, 3}));
  msg = thrown_message<ModelError>([&] { model::check_inertia("crank", Ds, F); });
  EXPECT_NE(msg.find("crank"), std::string::npos) << msg;
  // The body constructor refuses it too, naming the body.
  Point G{"G"};
  msg = thrown_message<ModelError>([&] { RigidBody("crank", G, F, 1, D); });
  EXPECT_NE(msg.find("crank"), std::string::npos) << msg;
  // A symmetric dyadic written as a sum of a non-symmetric one and its transpose passes.
  EXPECT_NO_THROW(model::check_inertia("crank", D + D.transpose(), F));
}

TEST(MassPropertiesErrors, NegativePrincipalMoment) {
  // Positive diagonal but I = [[1,2,0],[2,1,0],[0,0,1]] has principal moments −1, 1, 3.
  ReferenceFrame F{"F"};
  Dyadic I = model::inertia_dyadic(F, 1, 1, 1, 2);
  EXPECT_NEAR(model::principal_axes(I, F).moments(0), -1, 1e-12);
  EXPECT_THROW(model::check_inertia("flywheel", I, F), ModelError);
  std::string msg = thrown_message<ModelError>([&] { model::check_inertia("flywheel", I, F); });
  EXPECT_NE(msg.find("flywheel"), std::string::npos) << msg;
  EXPECT_NE(msg.find("negative"), std::string::npos) << msg;
  // A negative diagonal entry.
  msg = thrown_message<ModelError>([&] { model::check_inertia("flywheel", model::inertia_dyadic(F, -1, 3, 3), F); });
  EXPECT_NE(msg.find("flywheel"), std::string::npos) << msg;
  EXPECT_NE(msg.find("negative"), std::string::npos) << msg;
  // Through the body constructor.
  Point G{"G"};
  msg = thrown_message<ModelError>([&] { RigidBody("flywheel", G, F, 1, I); });
  EXPECT_NE(msg.find("flywheel"), std::string::npos) << msg;
}

TEST(MassPropertiesErrors, TriangleInequalityViolation) {
  ReferenceFrame F{"F"};
  Dyadic I = model::inertia_dyadic(F, 1, 1, 3);
  EXPECT_THROW(model::check_inertia("plate", I, F), ModelError);
  std::string msg = thrown_message<ModelError>([&] { model::check_inertia("plate", I, F); });
  EXPECT_NE(msg.find("plate"), std::string::npos) << msg;
  EXPECT_NE(msg.find("triangle"), std::string::npos) << msg;
  // The same in a rotated frame (the check uses principal moments, not the diagonal).
  ReferenceFrame B = F.orient_new_body_fixed("B", "123", {numeric(1, 3), numeric(-2, 3), numeric(1, 2)});
  msg = thrown_message<ModelError>([&] { model::check_inertia("plate", model::inertia_dyadic(B, 1, 1, 3), F); });
  EXPECT_NE(msg.find("plate"), std::string::npos) << msg;
  // The limiting case of a laminate (I1 + I2 = I3) and a physical body are accepted.
  EXPECT_NO_THROW(model::check_inertia("plate", model::inertia_dyadic(F, 1, 1, 2), F));
  EXPECT_NO_THROW(model::check_inertia("plate", model::inertia_dyadic(F, 3, 1, 4, 1), F));
  // Symbolic entries are checked once values are given.
  auto A = sym::parameter("A"), C = sym::parameter("C");
  Dyadic Is = model::inertia_dyadic(F, A, A, C);
  EXPECT_NO_THROW(model::check_inertia("plate", Is, F));
  msg = thrown_message<ModelError>([&] { model::check_inertia("plate", Is, F, {{A, 1}, {C, 3}}); });
  EXPECT_NE(msg.find("plate"), std::string::npos) << msg;
  EXPECT_NE(msg.find("triangle"), std::string::npos) << msg;
  EXPECT_NO_THROW(model::check_inertia("plate", Is, F, {{A, 1}, {C, 2}}));
}

TEST(MassPropertiesErrors, NonPositiveMass) {
  EXPECT_THROW(model::check_mass("particle 'bob'", 0), ModelError);
  EXPECT_THROW(model::check_mass("particle 'bob'", -2), ModelError);
  EXPECT_THROW(model::check_mass("particle 'bob'", numeric(-1, 3)), ModelError);
  std::string msg = thrown_message<ModelError>([] { model::check_mass("particle 'bob'", 0); });
  EXPECT_NE(msg.find("bob"), std::string::npos) << msg;
  EXPECT_NE(msg.find("mass"), std::string::npos) << msg;
  msg = thrown_message<ModelError>([] { model::check_mass("body 'wheel'", -2); });
  EXPECT_NE(msg.find("wheel"), std::string::npos) << msg;
  // Symbol-free constants that are not positive are refused too (model files give masses as
  // expressions); positive ones and symbolic masses pass.
  msg = thrown_message<ModelError>([] { model::check_mass("particle 'bob'", -GiNaC::sqrt(ex(2))); });
  EXPECT_NE(msg.find("bob"), std::string::npos) << msg;
  msg = thrown_message<ModelError>([] { model::check_mass("body 'wheel'", GiNaC::Pi - 4); });
  EXPECT_NE(msg.find("wheel"), std::string::npos) << msg;
  EXPECT_NO_THROW(model::check_mass("particle 'bob'", numeric(1, 2)));
  EXPECT_NO_THROW(model::check_mass("particle 'bob'", GiNaC::sqrt(ex(2)) - 1));
  EXPECT_NO_THROW(model::check_mass("particle 'bob'", sym::parameter("m")));
  EXPECT_NO_THROW(model::check_mass("particle 'bob'", 2 * sym::parameter("m") + 1));

  // The constructors name the object.
  ReferenceFrame F{"F"};
  Point P{"P"};
  msg = thrown_message<ModelError>([&] { Particle("bob", P, 0); });
  EXPECT_NE(msg.find("bob"), std::string::npos) << msg;
  msg = thrown_message<ModelError>([&] { Particle("bob", P, -2); });
  EXPECT_NE(msg.find("bob"), std::string::npos) << msg;
  msg = thrown_message<ModelError>([&] { RigidBody("wheel", P, F, 0, model::inertia_dyadic(F, 1, 1, 1)); });
  EXPECT_NE(msg.find("wheel"), std::string::npos) << msg;
  msg = thrown_message<ModelError>([&] { RigidBody("wheel", P, F, -3, model::inertia_dyadic(F, 1, 1, 1)); });
  EXPECT_NE(msg.find("wheel"), std::string::npos) << msg;
}
