// Greenwood's fundamental equation for particles (4.412): Example 4.13, Method 1.
#include <gtest/gtest.h>

#include "adyn/formulations/boltzmann_hamel.hpp"
#include "adyn/formulations/fundamental_equation.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::sin;

// Greenwood 4.13 by its three methods: the fundamental equation (Method 1, (4.412)–(4.423)),
// Lagrange's multipliers (Method 2) and Boltzmann–Hamel (Method 3) give (4.420) and (4.423):
//   2m v̇ + m l φ̈ sin Ωt − m l φ̇² cos Ωt = 0,   m l² φ̈ + m l v̇ sin Ωt + m l v (φ̇ + Ω) cos Ωt = 0.
TEST(Greenwood_4_13_RheonomicKnifeEdge, ThreeMethodsOfGreenwood) {
  auto s = seeds::knife_edge(true);
  auto fe = formulations::fundamental_equation(s);
  ASSERT_EQ(fe.p(), 2u);
  ex m = s.parameters()[0].symbol, l = s.parameters()[1].symbol, W = s.parameters()[2].symbol, t = sym::time();
  ex v = s.speeds()[0], w = s.speeds()[1];
  GiNaC::matrix M(2, 2, GiNaC::lst{2 * m, m * l * sin(W * t), m * l * sin(W * t), m * l * l});
  EXPECT_TRUE(test::numerically_equal(fe.mass_matrix, M));
  EXPECT_TRUE(test::numerically_equal(fe.forcing(0, 0), m * l * w * w * cos(W * t)));
  EXPECT_TRUE(test::numerically_equal(fe.forcing(1, 0), -m * l * v * (w + W) * cos(W * t)));
  auto a = formulations::solve(fe, State{0.8, Eigen::Vector3d(0.2, -0.4, 0.9), Eigen::Vector2d(1.0, 0.6)}, s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), 0.3928511861651094, 1e-12));
  EXPECT_TRUE(test::close(a.udot(1), -1.166150551093578, 1e-12));
  test::expect_same_accelerations(s, {fe, formulations::lagrange(s), formulations::boltzmann_hamel(s), formulations::kane(s)});
  auto d = seeds::dumbbell();
  test::expect_same_accelerations(d, {formulations::fundamental_equation(d), formulations::kane(d)});
}

TEST(FundamentalEquation, RigidBodiesAreRejectedByName) {
  auto s = seeds::shaft_with_bar(0.0);
  auto message = test::thrown_message<ModelError>([&] { formulations::fundamental_equation(s); });
  EXPECT_NE(message.find("body 'bar'"), std::string::npos) << message;
}
