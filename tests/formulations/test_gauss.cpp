// Gauss's principle of least constraint (Greenwood §4.7, (4.320)–(4.340)) as a formulation:
// golden values of Greenwood's Example 4.10 (seed-001 E1, G-4.10), the Hessian of Example 4.11
// (seed-001 G-4.11-Hess), cross-checks against Lagrange and Kane at 20 random consistent states on
// systems with particles, bodies, springs, dampers, potentials, dissipation functions, torques and
// nonholonomic constraints, and the minimum property (4.340) under admissible perturbations.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "adyn/formulations/gauss.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using seeds::d;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

void expect_gauss_agrees(const model::System& s) {
  test::expect_same_accelerations(s, {formulations::gauss(s), formulations::lagrange(s), formulations::kane(s)});
}

// No constraints: a particle (drag, gravity) tied by a spring to a point of a free rigid body and
// by a damper to another; on the body a force at a point off its mass centre, gravity and a motor
// torque whose reaction acts on the ground. Every load acts on a particle or on the body.
model::System free_particle_and_body() {
  model::System s("free particle and body");
  auto m = s.add_parameter("m", 0.8), M = s.add_parameter("M", 2.0), g = s.add_parameter("g", 9.81);
  auto k = s.add_parameter("k", 7.0), l0 = s.add_parameter("l0", 0.4), c = s.add_parameter("c", 0.6);
  auto cd = s.add_parameter("cd", 0.2), f = s.add_parameter("f", 1.3), tau = s.add_parameter("tau", 0.9);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z");
  auto X = s.add_coordinate("X"), Y = s.add_coordinate("Y"), Z = s.add_coordinate("Z");
  auto a = s.add_coordinate("a"), b = s.add_coordinate("b"), cc = s.add_coordinate("c3");
  auto N = s.inertial_frame();
  auto B = s.add_frame(N.orient_new_body_fixed("B", "123", {a, b, cc}));
  auto P = s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y() + z * N.z()));
  auto G = s.add_point(s.origin().locate_new("G", X * N.x() + Y * N.y() + Z * N.z()));
  auto E = s.add_point(G.locate_new("E", GiNaC::numeric(3, 10) * B.x() + GiNaC::numeric(1, 10) * B.y() -
                                             GiNaC::numeric(1, 5) * B.z()));
  auto H = s.add_point(G.locate_new("H", -GiNaC::numeric(1, 4) * B.z()));
  s.add_particle({"particle", P, m});
  s.add_body({"body", G, B, M,
              model::inertia_dyadic(B, GiNaC::numeric(3, 10) * M, GiNaC::numeric(2, 5) * M, M / 2,
                                    GiNaC::numeric(1, 20) * M, 0, GiNaC::numeric(1, 50) * M)});
  s.set_gravity(-g * N.z());
  s.add_spring({"spring", P, E, k, l0, std::nullopt});
  s.add_damper({"damper", P, H, c});
  s.add_force({"drag", P, -cd * P.velocity_in(N)});
  s.add_force({"thrust", H, f * B.x() + f / 2 * B.y()});
  s.add_torque({"motor", B, tau * B.z() + tau / 3 * B.x(), N});
  return s;
}

// ẋ, ẏ that satisfy Angeles E6's rolling constraints for given angle rates (test_nonholonomic.cpp).
Eigen::VectorXd rolling_rates(double r, double th, double ph, double thd, double phd, double psd) {
  Eigen::VectorXd qd(5);
  qd << thd, phd, psd,
      -(r * std::cos(th) * std::sin(ph) * thd + r * std::sin(th) * std::cos(ph) * phd + r * std::cos(ph) * psd),
      -(-r * std::cos(th) * std::cos(ph) * thd + r * std::sin(th) * std::sin(ph) * phd + r * std::sin(ph) * psd);
  return qd;
}

// At random consistent states: the minimizer satisfies G q̈ = g, R = Gᵀλ, and for random admissible
// perturbations δq̈ (G δq̈ = 0) C(q̈ + δq̈) − C(q̈) = ½ δq̈ᵀ M δq̈ > 0 (4.340); the unconstrained
// minimizer M⁻¹F has C no larger (the constraints cost).
void expect_least_constraint(const model::System& s, int states = 6, unsigned seed = 77) {
  auto G = formulations::gauss(s);
  ASSERT_GT(G.m(), 0u);
  const ex C = formulations::gauss_function(s);
  const auto params = s.parameter_values();
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal;
  for (int k = 0; k < states; ++k) {
    auto x = test::state_for(G, s, analysis::random_consistent_state(s, rng));
    auto min = formulations::least_constraint(C, G, x, params);
    auto values = formulations::state_values(G, x, params);
    Eigen::MatrixXd M = sym::evaluate(G.mass_matrix, values), A = sym::evaluate(G.constraint_matrix, values);
    Eigen::VectorXd F = sym::evaluate(G.forcing, values), b = sym::evaluate(G.constraint_rhs, values);
    EXPECT_LT((A * min.acceleration - b).norm(), 1e-10 * (1 + b.norm())) << "state " << k;
    EXPECT_LT((min.constraint_force - A.transpose() * min.multipliers).norm(), 1e-10 * (1 + F.norm()))
        << "state " << k;
    Eigen::MatrixXd Z = Eigen::FullPivLU<Eigen::MatrixXd>(A).kernel();
    ASSERT_EQ(Z.cols(), A.cols() - A.rows());
    for (int j = 0; j < 5; ++j) {
      Eigen::VectorXd w = Eigen::VectorXd::NullaryExpr(Z.cols(), [&] { return normal(rng); });
      Eigen::VectorXd delta = Z * w;
      EXPECT_LT((A * delta).norm(), 1e-12 * (1 + delta.norm()));
      double perturbed = formulations::gauss_function_value(C, G, x, min.acceleration + delta, params);
      EXPECT_GT(perturbed, min.minimum) << "state " << k << ", perturbation " << j;
      EXPECT_TRUE(test::close(perturbed - min.minimum, delta.dot(M * delta) / 2, 1e-9))
          << "state " << k << ", perturbation " << j;
    }
    Eigen::VectorXd unconstrained = Eigen::FullPivLU<Eigen::MatrixXd>(M).solve(F);
    EXPECT_LE(formulations::gauss_function_value(C, G, x, unconstrained, params), min.minimum + 1e-10)
        << "state " << k;
  }
}

}  // namespace

// Greenwood Example 4.10 (seed-001 E1, G-4.10; §2.X6): m = 1.5, l = 0.8, φ = 0.3, v = 2, φ̇ = 0.5.
// q̈ = (−0.199986557748779, 0.984888509791740, −1.25); with no applied forces C_min = S = 0.765
// = ½ Σ R_k²/m_k (4.323); the ideal constraint force in q-space R (−sin φ, cos φ, 0), R = m v φ̇ = 1.5;
// M = m [[2, 0, −l sin φ], [0, 2, l cos φ], [−l sin φ, l cos φ, l²]] (seed-001 E1 verification 2).
TEST(Greenwood_4_10_DumbbellKnifeEdge, GaussLeastConstraint) {
  auto s = seeds::dumbbell_in_coordinates();
  auto G = formulations::gauss(s);
  EXPECT_EQ(G.method, "Gauss");
  ASSERT_EQ(G.n(), 3u);
  ASSERT_EQ(G.p(), 3u);
  ASSERT_EQ(G.m(), 1u);
  EXPECT_EQ(G.multiplier_names[0], "knife edge");
  EXPECT_EQ(G.constraint_names[0], "knife edge");
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(G.speeds[i], sym::derivative_of(G.coordinates[i]));
  const auto& p = s.parameters();
  ex m = p[0].symbol, l = p[1].symbol, ph = s.coordinates()[2];
  GiNaC::matrix M_ref(3, 3, GiNaC::lst{2 * m, 0, -m * l * sin(ph), 0, 2 * m, m * l * cos(ph), -m * l * sin(ph),
                                       m * l * cos(ph), m * l * l});
  EXPECT_TRUE(test::numerically_equal(G.mass_matrix, M_ref));

  const double phi = 0.3;
  State x{0, Eigen::Vector3d(0, 0, phi), Eigen::Vector3d(2 * std::cos(phi), 2 * std::sin(phi), 0.5)};
  auto min = formulations::least_constraint(s, G, x, s.parameter_values());
  const double qdd[] = {-0.199986557748779, 0.984888509791740, -1.25};
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(min.acceleration(i), qdd[i], 1e-12)) << i;
  EXPECT_TRUE(test::close(min.minimum, 0.765, 1e-12));
  const double R[] = {-0.443280309992009, 1.43300473368841, 0};
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(min.constraint_force(i), R[i], 1e-12)) << i;
  ASSERT_EQ(min.multipliers.size(), 1);
  EXPECT_TRUE(test::close(min.multipliers(0), 1.5, 1e-12));  // Greenwood's λ = −1.5 (4.326)
  // ½ Σ m_k |a_k|² with the particle accelerations of G-4.10: particle 2 (−0.0955336489125606,
  // −0.0295520206661340).
  const double m_value = 1.5;
  const double a2[] = {-0.0955336489125606, -0.0295520206661340};
  double by_particles = m_value / 2 * (qdd[0] * qdd[0] + qdd[1] * qdd[1] + a2[0] * a2[0] + a2[1] * a2[1]);
  EXPECT_TRUE(test::close(min.minimum, by_particles, 1e-12));
  test::expect_same_accelerations(s, {G, formulations::lagrange(s), formulations::kane(s)});
}

// Greenwood (4.339): the Hessian of C in q̈ is the mass matrix — for Example 4.11's disk in its five
// coordinates it equals Lagrange's ∂²T/∂q̇∂q̇ at random values of every symbol, and in Greenwood's
// speeds (q̇ = J u) JᵀMJ restricted to u1, u2, u3 is m r² diag(5/4, 1/4, 3/2) (seed-001 G-4.11-Hess).
TEST(Greenwood_4_11_RollingDisk, GaussHessian) {
  auto s = seeds::greenwood_rolling_disk(1.0, 0.5);
  auto G = formulations::gauss(s);
  auto L = formulations::lagrange(s);
  ASSERT_EQ(G.p(), 5u);
  ASSERT_EQ(G.m(), 2u);
  EXPECT_TRUE(test::numerically_equal(G.mass_matrix, L.mass_matrix));

  const auto& q = s.coordinates();
  const auto u = s.speeds();
  GiNaC::matrix J(5, 5);
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned k = 0; k < 5; ++k) J(i, k) = s.in_speeds(sym::derivative_of(q[i])).diff(u[k]);
  std::mt19937 rng(4711);
  std::uniform_real_distribution<double> angle(0.2, 2.9), any(-1.5, 1.5);
  for (int sample = 0; sample < 5; ++sample) {
    GiNaC::exmap at = s.parameter_values();
    for (std::size_t i = 0; i < 5; ++i) at[q[i]] = any(rng);
    at[q[2]] = angle(rng);  // θ away from 0 and π, where q̇ = J u is singular
    for (std::size_t i = 0; i < 5; ++i) at[sym::derivative_of(q[i])] = any(rng);
    Eigen::MatrixXd Mq = sym::evaluate(G.mass_matrix, at), Jn = sym::evaluate(J, at);
    Eigen::MatrixXd Mu = Jn.transpose() * Mq * Jn;
    Eigen::Matrix3d ref = 1.0 * 0.25 * Eigen::Vector3d(1.25, 0.25, 1.5).asDiagonal();
    EXPECT_LT((Mu.topLeftCorner(3, 3) - ref).norm(), 1e-12) << "sample " << sample;
    EXPECT_LT((Mq - Mq.transpose()).norm(), 1e-13);
  }
  expect_gauss_agrees(s);
}

// Particles and gravity (absolute angles): Gauss, Lagrange and Kane agree.
TEST(Seed_DoublePendulum_AbsoluteAngles, GaussAgreesWithLagrangeAndKane) {
  expect_gauss_agrees(seeds::double_pendulum());
}

// Angeles E4/E5 (seed-000 §7): a slender bar (zero axial moment: singular central inertia, so C
// drops its q̈-free ½ h·I⁻¹·h term) pivoted on a massless shaft; the torsional spring is a Potential
// and the drive torque acts on the shaft, a frame of no body (both enter as −Qᵀq̈, (4.335)).
// Golden: τ = 0: θ̈ = −2.1287001780, φ̈ = −7.9232653048 at θ = 0.25; τ = 0.7: θ̈ = 4.7952907730 at θ = −1.
TEST(Angeles_E4_RotatingShaftBar, GaussSlenderBarAndShaftTorque) {
  struct Case {
    double tau, theta, thdd;
  };
  for (const auto& c : {Case{0.0, 0.25, -2.1287001780}, Case{0.7, -1.0, 4.7952907730}}) {
    auto s = seeds::shaft_with_bar(c.tau);
    auto G = formulations::gauss(s);
    ASSERT_EQ(G.m(), 0u);
    auto a = formulations::solve(G, State{0, Eigen::Vector2d(c.theta, 0.4), Eigen::Vector2d(1.5, 0.3)},
                                 s.parameter_values());
    EXPECT_TRUE(test::close(a.udot(0), c.thdd, 1e-9)) << "tau = " << c.tau;
    EXPECT_TRUE(test::close(a.udot(1), -7.9232653048, 1e-9)) << "tau = " << c.tau;
    EXPECT_TRUE(test::numerically_equal(G.mass_matrix, formulations::lagrange(s).mass_matrix));
    expect_gauss_agrees(s);
  }
}

// Géradin P1.4: a linear spring between a fixed point and a particle acts along the line with
// tension k (ℓ − ℓ0); gravity on both particles.
TEST(Geradin_P1_4_GuidedDoublePendulum, GaussSpringAlongLine) { expect_gauss_agrees(seeds::guided_double_pendulum()); }

// Géradin E1.8: a rotating frame (explicit time), a Potential and a Dissipation function (−Qᵀq̈ with
// Q = −∂V/∂q − ∂D/∂q̇). Reference: m ẍ − 2mΩẏ − mΩ²x + c1 ẋ + k1 x = 0, m ÿ + 2mΩẋ − mΩ²y + k2 y = 0.
TEST(Geradin_E1_8_RotatingWheel, GaussPotentialAndDissipation) {
  auto s = seeds::rotating_wheel();
  auto G = formulations::gauss(s);
  const auto& p = s.parameters();
  ex m = p[0].symbol, W = p[1].symbol, k1 = p[2].symbol, k2 = p[3].symbol, c1 = p[4].symbol;
  ex x = s.coordinates()[0], y = s.coordinates()[1];
  EXPECT_TRUE(test::numerically_equal(G.mass_matrix, GiNaC::matrix(2, 2, GiNaC::lst{m, 0, 0, m})));
  EXPECT_TRUE(test::numerically_equal(
      G.forcing, GiNaC::matrix(2, 1, GiNaC::lst{2 * m * W * d(y) + m * W * W * x - c1 * d(x) - k1 * x,
                                                -2 * m * W * d(x) + m * W * W * y - k2 * y})));
  expect_gauss_agrees(s);
}

// Angeles E6 (seed-000 §7): the rolling disk, two nonholonomic constraints; golden θ̈ = 8.7632263571,
// φ̈ = −1.2561019218, ψ̈ = 0.0209134535 at r = 0.5, θ = 0.3, θ̇ = 0.2, φ̇ = 1.1, ψ̇ = 3.0.
TEST(Angeles_E6_RollingDisk, GaussNonholonomic) {
  auto s = seeds::angeles_rolling_disk();
  auto G = formulations::gauss(s);
  ASSERT_EQ(G.m(), 2u);
  EXPECT_EQ(G.multiplier_names[0], "rolling x");
  EXPECT_EQ(G.multiplier_names[1], "rolling y");
  auto params = s.parameter_values();
  for (double ph : {0.0, 0.7, -2.0}) {
    Eigen::VectorXd q(5);
    q << 0.3, ph, 0.4, 1.0, -2.0;
    State x{0, q, rolling_rates(0.5, 0.3, ph, 0.2, 1.1, 3.0)};
    auto qdd = formulations::coordinate_accelerations(G, x, params);
    const double golden[] = {8.7632263571, -1.2561019218, 0.0209134535};
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(qdd(i), golden[i], 1e-9)) << i;
  }
  expect_gauss_agrees(s);
}

// (4.340): the solution of the KKT system is the constrained minimum of C — checked on the knife
// edge (particles) and on the rolling disk (a rigid body with an invertible central inertia).
TEST(Greenwood_4_340_LeastConstraint, GaussMinimumUnderAdmissiblePerturbations) {
  expect_least_constraint(seeds::dumbbell_in_coordinates());
  expect_least_constraint(seeds::angeles_rolling_disk());
}

// Without constraints the actual motion needs no constraint force: C_min = ½ Σ R²/m + ½ Σ M_R·I⁻¹·M_R
// = 0 (4.323) exactly, which holds only if every load was attributed to its particle or body with
// its moment about the mass centre (spring and damper along their lines, a force off the mass
// centre, a couple) and the rigid-body form keeps ½ h·I⁻¹·h. Gauss, Lagrange and Kane agree.
TEST(Greenwood_4_323_FreeParticleAndBody, GaussMinimumIsZeroWithoutConstraints) {
  auto s = free_particle_and_body();
  auto G = formulations::gauss(s);
  ASSERT_EQ(G.m(), 0u);
  const ex C = formulations::gauss_function(s);
  const auto params = s.parameter_values();
  std::mt19937 rng(99);
  for (int k = 0; k < 5; ++k) {
    auto x = test::state_for(G, s, analysis::random_consistent_state(s, rng));
    auto min = formulations::least_constraint(C, G, x, params);
    EXPECT_LT(std::abs(min.minimum), 1e-11) << "state " << k;
    EXPECT_LT(min.constraint_force.norm(), 1e-10) << "state " << k;
    EXPECT_EQ(min.multipliers.size(), 0);
  }
  test::expect_same_accelerations(s, {G, formulations::lagrange(s), formulations::kane(s)}, 10);
}

// Velocities written in declared speeds have no place in Gauss's function of q̈; least_constraint
// needs equations in u = q̇.
TEST(Gauss, RejectsSpeedsAndNonGaussEquations) {
  model::System s("cart with a velocity set in its speed");
  auto m = s.add_parameter("m", 1.0);
  auto x = s.add_coordinate("x");
  auto u = s.add_speed("u");
  s.set_coordinate_rate(x, u);
  auto N = s.inertial_frame();
  auto P = s.add_point(s.origin().locate_new("P", x * N.x()));
  P.set_velocity(N, u * N.x());
  s.add_particle({"cart", P, m});
  auto message = test::thrown_message<ModelError>([&] { formulations::gauss_function(s); });
  EXPECT_NE(message.find("system 'cart with a velocity set in its speed'"), std::string::npos) << message;
  EXPECT_NE(message.find("'u"), std::string::npos) << message;

  auto k = seeds::knife_edge(true);
  auto K = formulations::kane(k);
  State xk{0.8, Eigen::Vector3d(0.2, -0.4, 0.9), Eigen::Vector2d(1.0, 0.6)};
  auto wrong = test::thrown_message<Error>([&] { formulations::least_constraint(k, K, xk, k.parameter_values()); });
  EXPECT_NE(wrong.find("least_constraint"), std::string::npos) << wrong;
}
