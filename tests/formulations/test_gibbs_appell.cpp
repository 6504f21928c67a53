// The Gibbs–Appell equations (Greenwood §4.7) on Greenwood's Examples 4.10, 4.11 and 4.13, checked
// against the equations Greenwood derives for them and cross-checked against Kane and
// Lagrange with multipliers at 20 random consistent states.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/gibbs_appell.hpp"
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
using GiNaC::sin;

// Greenwood (4.287)–(4.290): 2m v̇ − m l φ̇² = 0, m l² φ̈ + m l v φ̇ = 0, 𝕄 = diag(2m, m l²);
// golden m = 1.5, l = 0.8, φ = 0.3, v = 2, φ̇ = 0.5: v̇ = 0.1, φ̈ = −1.25 (seed-001 G-4.10).
TEST(Greenwood_4_10_DumbbellKnifeEdge, GibbsAppellEquations) {
  auto s = seeds::dumbbell();
  auto GA = formulations::gibbs_appell(s);
  ASSERT_EQ(GA.p(), 2u);
  ASSERT_EQ(GA.dependent_speeds.size(), 1u);
  EXPECT_EQ(GA.dependent_speeds[0].get_name(), "u3");
  const auto& p = s.parameters();
  ex m = p[0].symbol, l = p[1].symbol;
  EXPECT_TRUE(test::numerically_equal(GA.mass_matrix, GiNaC::matrix(2, 2, GiNaC::lst{2 * m, 0, 0, m * l * l})));
  ex v = s.speeds()[0], w = s.speeds()[1];
  EXPECT_TRUE(test::numerically_equal(GA.forcing(0, 0), m * l * w * w));
  EXPECT_TRUE(test::numerically_equal(GA.forcing(1, 0), -m * l * v * w));
  auto a = formulations::solve(GA, State{0, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector2d(2, 0.5)}, s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), 0.1, 1e-14));
  EXPECT_TRUE(test::close(a.udot(1), -1.25, 1e-14));
  // q̈ of particle 1 (seed-001 G-4.10-UK): (−0.199986557748779, 0.984888509791740, −1.25).
  auto qdd = formulations::coordinate_accelerations(GA, State{0, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector2d(2, 0.5)},
                                                    s.parameter_values());
  EXPECT_TRUE(test::close(qdd(0), -0.199986557748779, 1e-13));
  EXPECT_TRUE(test::close(qdd(1), 0.984888509791740, 1e-13));
  test::expect_same_accelerations(s, {GA, formulations::kane(s), formulations::lagrange(s)});
}

// Greenwood (4.317)–(4.319), 𝕄 = m r² diag(5/4, 1/4, 3/2); golden (seed-001 G-4.11):
//   A: m = 1, r = 0.5, θ = 1.2, θ̇ = 0.3, ω_d = 0.8, Ω = 5 → (−10.4378035293867, 2.90669290335163, 0.16)
//   B: m = 2, r = 0.3, θ = π/3, θ̇ = −0.5, ω_d = 1.5, Ω = −2 → (−9.22019237886467, 2.43301270189222, −0.5)
TEST(Greenwood_4_11_RollingDisk, GibbsAppellEquations) {
  struct Case {
    double m, r, th, u1, u2, u3, golden[3];
  };
  for (const auto& c : {Case{1, 0.5, 1.2, 0.3, 0.8, 5, {-10.4378035293867, 2.90669290335163, 0.16}},
                        Case{2, 0.3, M_PI / 3, -0.5, 1.5, -2, {-9.22019237886467, 2.43301270189222, -0.5}}}) {
    auto s = seeds::greenwood_rolling_disk(c.m, c.r);
    auto GA = formulations::gibbs_appell(s);
    ASSERT_EQ(GA.p(), 3u);
    EXPECT_EQ(GA.dependent_speeds[0].get_name(), "u4");
    auto params = s.parameter_values();
    GiNaC::exmap at = params;
    for (std::size_t i = 0; i < 5; ++i) at[s.coordinates()[i]] = 0.3 + 0.2 * static_cast<double>(i);
    at[s.coordinates()[2]] = c.th;
    Eigen::MatrixXd M = sym::evaluate(GA.mass_matrix, at);  // diagonal at every x, y, φ, ψ
    Eigen::Matrix3d M_ref = c.m * c.r * c.r * Eigen::Vector3d(1.25, 0.25, 1.5).asDiagonal();
    EXPECT_LT((M - M_ref).norm(), 1e-13);
    Eigen::VectorXd q(5);
    q << 0, 0, c.th, 0.4, 0;
    auto a = formulations::solve(GA, State{0, q, Eigen::Vector3d(c.u1, c.u2, c.u3)}, params);
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(a.udot(i), c.golden[i], 1e-12)) << i;
    if (c.m == 1) {  // seed-001 cross-check at state A: q̈ = (ẍ, ÿ, θ̈, φ̈, ψ̈) of the centre and angles
      auto qdd = formulations::coordinate_accelerations(GA, State{0, q, Eigen::Vector3d(c.u1, c.u2, c.u3)}, params);
      const double ref[] = {-1.01539768840553, 2.50435867609455, -10.4378035293867, 3.0185277088285, -0.693786922396714};
      for (int i = 0; i < 5; ++i) EXPECT_TRUE(test::close(qdd(i), ref[i], 1e-12)) << i;
    }
    test::expect_same_accelerations(s, {GA, formulations::kane(s), formulations::lagrange(s)});
  }
}

// Greenwood Example 4.13 by Gibbs–Appell (the third of Greenwood's methods beside Kane's form and
// Lagrange's multipliers in test_lagrange_kane): golden v̇ = 0.3928511861651094,
// φ̈ = −1.166150551093578 at m = 1, l = 1, Ω = 0.5, t = 0.8, v = 1, φ̇ = 0.6.
TEST(Greenwood_4_13_RheonomicKnifeEdge, GibbsAppellGolden) {
  model::System s("rheonomic knife edge");
  auto m = s.add_parameter("m", 1.0), l = s.add_parameter("l", 1.0), W = s.add_parameter("Omega", 0.5);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), ph = s.add_coordinate("phi");
  ex alpha = ph + W * sym::time();
  auto u1 = s.add_speed("u1"), u2 = s.add_speed("u2"), u3 = s.add_speed("u3");
  s.set_coordinate_rate(x, u1 * cos(alpha) - u3 * sin(alpha));
  s.set_coordinate_rate(y, u1 * sin(alpha) + u3 * cos(alpha));
  s.set_coordinate_rate(ph, u2);
  auto N = s.inertial_frame();
  auto P1 = s.add_point(s.origin().locate_new("P1", x * N.x() + y * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", l * cos(ph) * N.x() + l * sin(ph) * N.y()));
  s.add_particle({"particle 1", P1, m});
  s.add_particle({"particle 2", P2, m});
  s.add_constraint({"knife edge", model::ConstraintLevel::Velocity, -d(x) * sin(alpha) + d(y) * cos(alpha), {}});
  auto GA = formulations::gibbs_appell(s);
  auto a = formulations::solve(GA, State{0.8, Eigen::Vector3d(0.2, -0.4, 0.9), Eigen::Vector2d(1.0, 0.6)},
                               s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), 0.3928511861651094, 1e-12));
  EXPECT_TRUE(test::close(a.udot(1), -1.166150551093578, 1e-12));
  test::expect_same_accelerations(s, {GA, formulations::kane(s), formulations::lagrange(s)});
}
