// Generalized inertia forces and the Gibbs–Appell acceleration energy S of a rigid body — Kane's
// notes (seed-003, E40) and Greenwood (seed-001, (4.291)–(4.299)) —, the mass properties' transfer,
// principal axes and change of frame, and the errors of non-physical inertia; the rigid cluster of
// mass_bodies.hpp serves as the independent "exact" body.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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
#include "mass_bodies.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::model::Particle;
using adyn::model::RigidBody;
using adyn::test::kane_generalized_inertia_forces;
using adyn::test::numerically_equal;
using adyn::test::point_mass_inertia;
using adyn::test::RigidCluster;
using adyn::test::symbolically_equal;
using adyn::test::SymbolicBody;
using adyn::test::thrown_message;
using GiNaC::ex;
using GiNaC::numeric;
using GiNaC::pow;

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
