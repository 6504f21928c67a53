// Hamilton's canonical equations (hamilton.hpp): the Legendre transform of Géradin's examples
// (seed-004 E1.5, E1.8; T = T2 + T1 + T0 (1.30)–(1.33)) checked symbolically, and the canonical
// equations cross-checked against Lagrange and Kane at 20 random consistent states (q̈ and, with
// constraints, the multipliers λ) on the seeds' double pendulums, Géradin P1.4 and P1.5 and
// Angeles E4/E5.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using seeds::d;
using formulations::EquationsOfMotion;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

// Hamilton's q̇ and q̈ equal Lagrange's and Kane's (and, with constraints, its λ equals Lagrange's)
// at `samples` random consistent states. The system's state becomes Hamilton's (q, p) through
// formulations::state_for (the momenta's definitions p = ∂L/∂q̇).
void expect_hamilton_agrees(const model::System& s, int samples = 20, double tol = 1e-10, unsigned seed = 2024) {
  const auto H = formulations::hamilton(s);
  const auto L = formulations::lagrange(s);
  const auto K = formulations::kane(s);
  ASSERT_EQ(H.m(), s.constraints().size());
  std::mt19937 rng(seed);
  const auto params = s.parameter_values();
  for (int k = 0; k < samples; ++k) {
    const auto x = analysis::random_consistent_state(s, rng);
    const State xh = formulations::state_for(H, s, x.t, x.q, x.u);
    const State xl = test::state_for(L, s, x);
    const Eigen::VectorXd qd_h = formulations::coordinate_rates(H, xh, params);
    const Eigen::VectorXd qd_l = formulations::coordinate_rates(L, xl, params);
    for (Eigen::Index i = 0; i < qd_h.size(); ++i)
      EXPECT_TRUE(test::close(qd_h(i), qd_l(i), tol)) << "q̇ of " << s.coordinates()[static_cast<std::size_t>(i)]
                                                      << " at sample " << k;
    const Eigen::VectorXd qdd_h = formulations::coordinate_accelerations(H, xh, params);
    for (const auto* other : {&L, &K}) {
      const Eigen::VectorXd qdd = formulations::coordinate_accelerations(*other, test::state_for(*other, s, x), params);
      for (Eigen::Index i = 0; i < qdd.size(); ++i)
        EXPECT_TRUE(test::close(qdd_h(i), qdd(i), tol))
            << "Hamilton vs " << other->method << ", q̈ of " << s.coordinates()[static_cast<std::size_t>(i)]
            << " at sample " << k;
    }
    if (H.m() > 0) {
      const auto lambda_h = formulations::solve(H, xh, params).lambda;
      const auto lambda_l = formulations::solve(L, xl, params).lambda;
      for (Eigen::Index j = 0; j < lambda_h.size(); ++j)
        EXPECT_TRUE(test::close(lambda_h(j), lambda_l(j), tol)) << "λ" << j + 1 << " at sample " << k;
    }
  }
}

}  // namespace

// Géradin E1.5 (T = ½ m ℓ² θ̇², V = m g ℓ (1 − cos θ)): p = m ℓ² θ̇, H = p²/(2 m ℓ²) + m g ℓ (1 − cos θ),
// θ̇ = p/(m ℓ²), ṗ = −m g ℓ sin θ. adyn's gravity potential is −m g·r from the origin, so its H is
// Géradin's minus the constant m g ℓ (the datum of V).
TEST(Geradin_E1_5_Pendulum, Hamilton) {
  auto s = seeds::pendulum();
  ex m = seeds::parameter(s, "m"), l = seeds::parameter(s, "l"), g = seeds::parameter(s, "g");
  ex th = s.coordinates()[0];

  auto form = formulations::lagrangian_form(s);
  auto momenta = formulations::generalized_momenta(form);
  EXPECT_TRUE((momenta(0, 0) - m * l * l * d(th)).normal().is_zero()) << momenta(0, 0);
  auto hf = formulations::hamiltonian_form(form);
  ASSERT_EQ(hf.momenta.size(), 1u);
  ex p = hf.momenta[0];
  EXPECT_EQ(hf.momenta[0].get_name(), "p_theta");
  EXPECT_TRUE(sym::is_dynamic(p));
  EXPECT_EQ(sym::derivative_of(p).get_name(), "p_theta_d");
  ex geradin = pow(p, 2) / (2 * m * l * l) + m * g * l * (1 - cos(th));
  EXPECT_TRUE((hf.hamiltonian - geradin + m * g * l).normal().is_zero()) << hf.hamiltonian;
  EXPECT_TRUE((hf.velocities(0, 0) - p / (m * l * l)).normal().is_zero()) << hf.velocities(0, 0);

  auto H = formulations::hamilton(s);
  EXPECT_EQ(H.method, "Hamilton");
  ASSERT_EQ(H.p(), 1u);
  ex pe = H.speeds[0];
  EXPECT_TRUE((H.mass_matrix(0, 0) - 1).is_zero());
  EXPECT_TRUE((H.coordinate_rates(0, 0) - pe / (m * l * l)).normal().is_zero()) << H.coordinate_rates(0, 0);
  EXPECT_TRUE((H.forcing(0, 0) + m * g * l * sin(th)).normal().is_zero()) << H.forcing(0, 0);
  EXPECT_EQ(H.m(), 0u);

  // At θ = 0.5, p = 0.3: ṗ = −m g ℓ sin θ and θ̈ = ṗ/(m ℓ²) = −(g/ℓ) sin θ.
  State x{0, Eigen::VectorXd::Constant(1, 0.5), Eigen::VectorXd::Constant(1, 0.3)};
  auto a = formulations::solve(H, x, s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), -1.2 * 9.81 * 0.7 * std::sin(0.5), 1e-13));
  EXPECT_TRUE(test::close(formulations::coordinate_rates(H, x, s.parameter_values())(0), 0.3 / (1.2 * 0.49), 1e-13));
  EXPECT_TRUE(test::close(formulations::coordinate_accelerations(H, x, s.parameter_values())(0),
                          -9.81 / 0.7 * std::sin(0.5), 1e-13));
  expect_hamilton_agrees(s);
}

// Géradin E1.8 (T0, T1, T2 of (E1.8.b–d)): p_x = m (ẋ − Ω y), p_y = m (ẏ + Ω x),
// H = (p_x² + p_y²)/(2m) + Ω (y p_x − x p_y) + ½ k1 x² + ½ k2 y²; with D = ½ c1 ẋ²,
//   ṗ_x = Ω p_y − k1 x − c1 (p_x/m + Ω y),   ṗ_y = −Ω p_x − k2 y.
TEST(Geradin_E1_8_RotatingWheel, Hamilton) {
  auto s = seeds::rotating_wheel();
  ex m = seeds::parameter(s, "m"), W = seeds::parameter(s, "Omega"), k1 = seeds::parameter(s, "k1"), k2 = seeds::parameter(s, "k2");
  ex c1 = seeds::parameter(s, "c1");
  ex x = s.coordinates()[0], y = s.coordinates()[1];

  auto form = formulations::lagrangian_form(s);
  auto momenta = formulations::generalized_momenta(form);
  EXPECT_TRUE(test::numerically_equal(momenta(0, 0), m * (d(x) - W * y)));
  EXPECT_TRUE(test::numerically_equal(momenta(1, 0), m * (d(y) + W * x)));
  auto hf = formulations::hamiltonian_form(form);
  ex px = hf.momenta[0], py = hf.momenta[1];
  EXPECT_EQ(hf.momenta[0].get_name(), "p_x");
  EXPECT_EQ(hf.momenta[1].get_name(), "p_y");
  ex V = (k1 * x * x + k2 * y * y) / 2;
  EXPECT_TRUE(test::numerically_equal(hf.hamiltonian, (px * px + py * py) / (2 * m) + W * (y * px - x * py) + V));
  EXPECT_TRUE(test::numerically_equal(hf.velocities(0, 0), px / m + W * y));
  EXPECT_TRUE(test::numerically_equal(hf.velocities(1, 0), py / m - W * x));

  auto H = formulations::hamilton(s);
  px = H.speeds[0], py = H.speeds[1];
  EXPECT_TRUE(test::numerically_equal(H.mass_matrix, GiNaC::matrix(2, 2, GiNaC::lst{1, 0, 0, 1})));
  EXPECT_TRUE(test::numerically_equal(H.coordinate_rates(0, 0), px / m + W * y));
  EXPECT_TRUE(test::numerically_equal(H.coordinate_rates(1, 0), py / m - W * x));
  EXPECT_TRUE(test::numerically_equal(H.forcing(0, 0), W * py - k1 * x - c1 * (px / m + W * y)));
  EXPECT_TRUE(test::numerically_equal(H.forcing(1, 0), -W * px - k2 * y));
  expect_hamilton_agrees(s);
}

// Two double pendulums: the seeds' one in absolute angles and Géradin P1.3 in relative angles
// (configuration-dependent M, so ∂H/∂q carries the ∂M⁻¹/∂q terms).
TEST(Geradin_P1_3_DoublePendulum, HamiltonAgreesWithLagrangeAndKane) {
  expect_hamilton_agrees(seeds::double_pendulum());
  expect_hamilton_agrees(seeds::double_pendulum_relative(1, 2, 1, 0.5));
}

// Géradin P1.4: coupled nonlinear inertia (M12 = m2 ℓ sin(α − θ)) and a spring.
TEST(Geradin_P1_4_GuidedDoublePendulum, HamiltonAgreesWithLagrangeAndKane) {
  expect_hamilton_agrees(seeds::guided_double_pendulum());
}

// Géradin P1.5: the holonomic bar constraint enters through a multiplier; its λ is the bar force
// λ = −e m1 m2 (Ω² + θ̇²)/(m1 sin²θ + m2 cos²θ) (as in test_geradin_systems.cpp) and equals
// Lagrange's at random states. m1 ≠ m2 makes M ≠ 1, where the constraint force must be Aᵀλ.
TEST(Geradin_P1_5_GroovesOnRotatingWheel, HamiltonMultiplier) {
  for (auto [m1, m2] : {std::pair{1.0, 1.0}, std::pair{1.0, 2.5}}) {
    auto s = seeds::grooves_on_wheel(m1, m2);
    auto H = formulations::hamilton(s);
    ASSERT_EQ(H.m(), 1u);
    EXPECT_EQ(H.multipliers[0].get_name(), "lambda1");
    EXPECT_EQ(H.multiplier_names, std::vector<std::string>{"bar"});
    EXPECT_EQ(H.constraint_names, std::vector<std::string>{"bar"});
    EXPECT_EQ(H.constraint_matrix.rows(), 1u);
    EXPECT_EQ(H.constraint_matrix.cols(), 2u);
    const double e = 0.8, W = 1.7;
    for (double th : {0.3, 1.1, 2.5})
      for (double thd : {0.0, -0.9, 2.0}) {
        Eigen::Vector2d q(e * std::cos(th), e * std::sin(th)), qd(-e * std::sin(th) * thd, e * std::cos(th) * thd);
        auto x = formulations::state_for(formulations::hamilton(s), s, 0.3, q, qd);
        EXPECT_TRUE(test::close(x.u(0), m1 * qd(0), 1e-14));  // no T1 here: p = M q̇
        EXPECT_TRUE(test::close(x.u(1), m2 * qd(1), 1e-14));
        auto a = formulations::solve(H, x, s.parameter_values());
        double den = m1 * std::sin(th) * std::sin(th) + m2 * std::cos(th) * std::cos(th);
        EXPECT_TRUE(test::close(a.lambda(0), -e * m1 * m2 * (W * W + thd * thd) / den, 1e-10));
        double thdd = -(m1 - m2) * std::sin(th) * std::cos(th) * (thd * thd + W * W) / den;
        auto qdd = formulations::coordinate_accelerations(H, x, s.parameter_values());
        EXPECT_TRUE(test::close(qdd(0), -e * (std::cos(th) * thd * thd + std::sin(th) * thdd), 1e-10));
        EXPECT_TRUE(test::close(qdd(1), e * (-std::sin(th) * thd * thd + std::cos(th) * thdd), 1e-10));
      }
    expect_hamilton_agrees(s);
  }
}

// Angeles E4/E5 (seed-000 §7): a rigid body (slender bar) on a turning shaft; golden q̈ at φ = 0.4,
// θ̇ = 1.5, φ̇ = 0.3: θ̈ = −2.1287001780 (τ = 0) or 4.7952907730 (τ = 0.7), φ̈ = −7.9232653048.
TEST(Angeles_E4_RotatingShaftBar, Hamilton) {
  struct Case {
    double tau, theta, thdd;
  };
  for (const auto& c : {Case{0.0, 0.25, -2.1287001780}, Case{0.7, -1.0, 4.7952907730}}) {
    auto s = seeds::shaft_with_bar(c.tau);
    auto H = formulations::hamilton(s);
    auto x = formulations::state_for(formulations::hamilton(s), s, 0, Eigen::Vector2d(c.theta, 0.4), Eigen::Vector2d(1.5, 0.3));
    auto qdd = formulations::coordinate_accelerations(H, x, s.parameter_values());
    EXPECT_TRUE(test::close(qdd(0), c.thdd, 1e-9)) << c.tau;
    EXPECT_TRUE(test::close(qdd(1), -7.9232653048, 1e-9)) << c.tau;
    // θ is cyclic: ṗ_θ = τ (the conserved momentum of seed-000 E4 when τ = 0).
    EXPECT_TRUE(test::numerically_equal(H.forcing(0, 0), ex(seeds::parameter(s, "tau"))));
    expect_hamilton_agrees(s);
  }
}

// T = ½ m (ẋ + ẏ)² (one mass, two coordinates along the same line) has a singular M: no Legendre
// transform. Likewise a planar particle in three coordinates, where det M vanishes only through
// sin² + cos² = 1. Hamilton's equations do not apply (NotApplicableError: not a failure, which
// `adyn compare` tells apart). A T that is not quadratic in q̇ is rejected.
TEST(Hamilton_DegenerateKineticEnergy, NotApplicable) {
  model::System s("two coordinates on one line");
  auto m = s.add_parameter("m", 1.0);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  s.add_particle({"mass", s.add_point(s.origin().locate_new("P", (x + y) * s.inertial_frame().x())), m});
  auto message = test::thrown_message<NotApplicableError>([&] { formulations::hamilton(s); });
  EXPECT_NE(message.find("two coordinates on one line"), std::string::npos) << message;
  EXPECT_NE(message.find("singular"), std::string::npos) << message;

  formulations::LagrangianForm bare{{x, y}, pow(d(x) + d(y), 2) / 2, 0, 0, {}};
  auto bare_message = test::thrown_message<NotApplicableError>([&] { formulations::hamiltonian_form(bare); });
  EXPECT_NE(bare_message.find("(x, y)"), std::string::npos) << bare_message;

  model::System r("planar particle in three coordinates");
  auto mr = r.add_parameter("m", 1.0);
  auto a = r.add_coordinate("a"), b = r.add_coordinate("b"), phi = r.add_coordinate("phi");
  auto N = r.inertial_frame();
  r.add_particle({"mass",
                  r.add_point(r.origin().locate_new(
                      "P", (a * cos(phi) - b * sin(phi)) * N.x() + (a * sin(phi) + b * cos(phi)) * N.y())),
                  mr});
  EXPECT_THROW(formulations::hamilton(r), NotApplicableError);

  formulations::LagrangianForm quartic{{x}, pow(d(x), 4) / 4 + pow(d(x), 2) / 2, 0, 0, {}};
  auto quartic_message = test::thrown_message<ModelError>([&] { formulations::hamiltonian_form(quartic); });
  EXPECT_NE(quartic_message.find("quadratic"), std::string::npos) << quartic_message;
}

namespace {

// n rigid bodies on spherical joints (body-fixed 1-2-3 angles relative to the previous body), as
// bench/compare's 3-D chain: Hamilton's mass matrix is beyond the simplification limit from n = 2.
std::string indexed(const char* prefix, int i) {  // (appending, not operator+: GCC 12's -Wrestrict)
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}

model::System spherical_chain(int n) {
  model::System s("spherical chain");
  auto g = s.add_parameter("g", 9.81);
  kin::ReferenceFrame parent = s.inertial_frame();
  kin::Point joint = s.origin();
  for (int i = 0; i < n; ++i) {
    auto m = s.add_parameter(indexed("m", i), 1.0 + 0.2 * i), l = s.add_parameter(indexed("l", i), 0.6 - 0.1 * i);
    std::array<ex, 3> angles;
    for (int a = 0; a < 3; ++a) angles[static_cast<std::size_t>(a)] = s.add_coordinate(indexed("q", 3 * i + a));
    auto B = s.add_frame(parent.orient_new_body_fixed(indexed("B", i), "123", angles));
    auto G = s.add_point(joint.locate_new(indexed("G", i), -l / 2 * B.z()));
    s.add_body(model::RigidBody(indexed("body", i), G, B, m, model::inertia_dyadic(B, 0.02 + 0.01 * i, 0.03, 0.01 + 0.005 * i)));
    joint = s.add_point(joint.locate_new(indexed("P", i), -l * B.z()));
    parent = B;
  }
  s.set_gravity(-g * s.inertial_frame().z());
  return s;
}

}  // namespace

// The 3-D chain of two bodies (6 coordinates): Hamilton's equations kept as graphs (M⁻¹ and
// q̇ = M⁻¹(p − b) by Cramer's rule, ∂H by the chain rule, no normal()) agree with Lagrange's and
// Kane's, which are built from the recursive kinematics.
TEST(Hamilton, SphericalChainOverTheGraphAgreesWithLagrangeAndKane) {
  expect_hamilton_agrees(spherical_chain(2), 5, 1e-9);
}
