// The Boltzmann–Hamel equations (Greenwood (4.383), (4.395)) on Greenwood's Examples 4.10, 4.11 and
// 4.13 (Method 3), with the three-index symbols of 4.13 and cross-checks against the other methods;
// constraint rows that mix the speeds (rolling, loop closure) as quasi-velocities of their own.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "adyn/formulations/boltzmann_hamel.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::sin;

// Greenwood 4.13, Method 3 (4.427)–(4.434): u1 = ẋ cos α + ẏ sin α, u2 = φ̇, u3 = −ẋ sin α + ẏ cos α
// (u3 = 0 is the knife edge); γ^1_3 = Ω and γ^3_1 = −Ω are the only nonzero γ^j_r. [Erratum in the
// research notes, which say all γ^j_rl vanish: from the definition (re-derived with SymPy) γ^1_32 =
// −γ^1_23 = 1 and γ^3_21 = −γ^3_12 = 1, skew in (r, l) as (4.391) requires; γ^3_12 enters (4.383)
// through ∂T/∂u3 = m l u2 cos Ωt ≠ 0 and is needed for (4.420).]
// T = m[u1² + ½ l² u2² + u3² + l u2 (u1 sin Ωt + u3 cos Ωt)] (4.430); golden v̇, φ̈.
TEST(Greenwood_4_13_RheonomicKnifeEdge, BoltzmannHamel) {
  auto s = seeds::knife_edge(true);
  auto h = formulations::boltzmann_hamel_coefficients(s);
  ex m = s.parameters()[0].symbol, l = s.parameters()[1].symbol, W = s.parameters()[2].symbol;
  for (int j = 0; j < 3; ++j)
    for (int r = 0; r < 3; ++r) {
      ex expected = (j == 0 && r == 2) ? W : (j == 2 && r == 0) ? -W : ex(0);
      EXPECT_TRUE(test::numerically_equal(h.gamma_r(j, r), expected)) << "gamma^" << j + 1 << "_" << r + 1;
      for (int k = 0; k < 3; ++k) {
        int skew = (j == 0 && r == 2 && k == 1) || (j == 2 && r == 1 && k == 0) ? 1
                   : (j == 0 && r == 1 && k == 2) || (j == 2 && r == 0 && k == 1) ? -1 : 0;
        EXPECT_TRUE(test::numerically_equal(h.gamma_rl[j](r, k), skew)) << j << r << k;
      }
    }
  auto u = s.speeds();
  ex t = sym::time();
  ex T = 0;
  for (const auto& p : s.particles()) T += model::kinetic_energy(p, s.inertial_frame());
  ex T_ref = m * (u[0] * u[0] + l * l * u[1] * u[1] / 2 + u[2] * u[2] +
                  l * u[1] * (u[0] * sin(W * t) + u[2] * cos(W * t)));
  EXPECT_TRUE(test::numerically_equal(s.in_speeds(T), T_ref));

  auto bh = formulations::boltzmann_hamel(s);
  ASSERT_EQ(bh.p(), 2u);
  auto a = formulations::solve(bh, State{0.8, Eigen::Vector3d(0.2, -0.4, 0.9), Eigen::Vector2d(1.0, 0.6)},
                               s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), 0.3928511861651094, 1e-12));
  EXPECT_TRUE(test::close(a.udot(1), -1.166150551093578, 1e-12));
  // (4.420), (4.423): 𝕄 = m [[2, l sin Ωt], [l sin Ωt, l²]].
  EXPECT_TRUE(test::numerically_equal(
      bh.mass_matrix, GiNaC::matrix(2, 2, GiNaC::lst{2 * m, m * l * sin(W * t), m * l * sin(W * t), m * l * l})));
  test::expect_same_accelerations(s, {bh, formulations::kane(s), formulations::gibbs_appell(s), formulations::lagrange(s)});
}

// Greenwood 4.10 and 4.11 by Boltzmann–Hamel: golden accelerations (seed-001 G-4.10, G-4.11-A).
TEST(Greenwood_4_10_DumbbellKnifeEdge, BoltzmannHamel) {
  auto s = seeds::dumbbell();
  auto bh = formulations::boltzmann_hamel(s);
  auto a = formulations::solve(bh, State{0, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector2d(2, 0.5)}, s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), 0.1, 1e-13));
  EXPECT_TRUE(test::close(a.udot(1), -1.25, 1e-13));
  test::expect_same_accelerations(s, {bh, formulations::kane(s), formulations::gibbs_appell(s), formulations::lagrange(s)});
}

TEST(Greenwood_4_11_RollingDisk, BoltzmannHamel) {
  auto s = seeds::greenwood_rolling_disk(1, 0.5);
  auto bh = formulations::boltzmann_hamel(s);
  ASSERT_EQ(bh.p(), 3u);
  Eigen::VectorXd q(5);
  q << 0, 0, 1.2, 0.4, 0;
  auto a = formulations::solve(bh, State{0, q, Eigen::Vector3d(0.3, 0.8, 5)}, s.parameter_values());
  const double golden[] = {-10.4378035293867, 2.90669290335163, 0.16};
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(a.udot(i), golden[i], 1e-12)) << i;
  test::expect_same_accelerations(s, {bh, formulations::kane(s), formulations::gibbs_appell(s)});
}

// Constraint rows that mix the speeds (u = q̇ here: rolling rows in ẋ, ẏ and the angle rates) are
// taken as quasi-velocities w_k = G_k u + g0_k, so that each reads w_k = 0 (Greenwood's constrained quasi-velocities under (4.383)); the
// equations in the independent speeds agree with Kane's, Lagrange's and Maggi's.
TEST(Angeles_E6_RollingDisk, BoltzmannHamelWithConstraintQuasiVelocities) {
  auto s = seeds::angeles_rolling_disk();
  auto bh = formulations::boltzmann_hamel(s);
  EXPECT_EQ(bh.p(), 3u);
  EXPECT_EQ(bh.dependent_speeds.size(), 2u);
  test::expect_same_accelerations(s, {formulations::kane(s), bh, formulations::lagrange(s)});
}

// Loop-closure rows of coincident-point joints (holonomic, through φ̇ = 0) the same way.
TEST(BoltzmannHamel, FourBarJointsAgreeWithKane) {
  auto s = io::read_model_file(test::example("four_bar_joint.yaml"));
  test::expect_same_accelerations(s, {formulations::kane(s), formulations::boltzmann_hamel(s)}, 5);
}

namespace {

// SymPy's rolling disc (sympy.physics.mechanics examples, "A rolling disc", Kane's method): yaw q1,
// lean q2, spin q3; u the components of the disc's angular velocity along the lean frame L; the
// contact point C at rest (rolling) and the centre's velocity set to ω × r l3.
const char* sympy_rolling_disc = R"(
name: Rolling disc (SymPy)
parameters: {m: 2, r: 0.5, g: 9.81}
coordinates: [q1, q2, q3]
speeds: [u1, u2, u3]
coordinate_rates: {q1: u3/cos(q2), q2: u1, q3: u2 - u3*tan(q2)}
frames:
  - {name: Y, parent: N, axis: z, angle: q1}
  - {name: L, parent: Y, axis: x, angle: q2}
  - {name: R, parent: L, axis: y, angle: q3}
points:
  - {name: C, velocity: {N: [0, 0, 0]}}
  - {name: Dmc, from: C, position: {L: [0, 0, r]}, velocity: {L: [r*u2, -r*u1, 0]}}
bodies:
  - {name: disc, mass_center: Dmc, frame: R, mass: m, inertia: {Ixx: m*r^2/4, Iyy: m*r^2/2, Izz: m*r^2/4}}
gravity: {N: [0, 0, -g]}
)";

}  // namespace

// SymPy's published solution: u̇ = [(4 g sin q2 + 6 r u2 u3 − r u3² tan q2)/(5 r), −2 u1 u3/3,
// (−2 u2 + u3 tan q2) u1] by Kane's and the Gibbs–Appell equations, which take the set velocity as
// it is. Boltzmann–Hamel's equations differentiate the kinetic energy, and the constrained one
// built from the set velocity gave F2 = 0 instead of −m r² u1 u3: they refuse the model, naming
// the point, as Lagrange's do (NotApplicableError), and never return wrong equations.
TEST(SymPy_RollingDisc_SetVelocity, KaneGibbsAppellAndBoltzmannHamelRefusal) {
  const auto s = io::read_model(sympy_rolling_disc);
  const double r = 0.5, g = 9.81;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(-1, 1);
  for (const auto& eom : {formulations::kane(s), formulations::gibbs_appell(s)}) {
    for (int k = 0; k < 4; ++k) {
      const Eigen::Vector3d q(value(rng), 0.5 * value(rng), value(rng)), u(value(rng), value(rng), value(rng));
      const auto a = formulations::solve(eom, State{0, q, u}, s.parameter_values()).udot;
      const double q2 = q(1), u1 = u(0), u2 = u(1), u3 = u(2);
      EXPECT_TRUE(test::close(a(0), (4 * g * std::sin(q2) + 6 * r * u2 * u3 - r * u3 * u3 * std::tan(q2)) / (5 * r), 1e-12)) << eom.method;
      EXPECT_TRUE(test::close(a(1), -2 * u1 * u3 / 3, 1e-12)) << eom.method;
      EXPECT_TRUE(test::close(a(2), (-2 * u2 + u3 * std::tan(q2)) * u1, 1e-12)) << eom.method;
    }
  }
  for (const auto& derive : std::vector<std::function<void()>>{[&] { formulations::boltzmann_hamel(s); },
                                                                [&] { formulations::lagrange(s); }}) {
    const auto message = test::thrown_message<NotApplicableError>(derive);
    EXPECT_NE(message.find("point 'Dmc'"), std::string::npos) << message;
    EXPECT_NE(message.find("Kane"), std::string::npos) << message;
  }
}

// A load written in the rates q̇ (a joint damper −c q̇2) on a system with declared speeds: the
// Boltzmann–Hamel forces are taken in the speeds, as Kane's (it failed with "no value given for
// q2_d").
TEST(BoltzmannHamel, LoadInRatesWithDeclaredSpeedsAgreesWithKane) {
  const auto s = io::read_model(R"(
name: double pendulum with speeds and a damper in q_d
parameters: {m: 1, l: 1, g: 9.81, c: 0.3}
coordinates: [q1, q2]
speeds: [u1, u2]
coordinate_rates: {q1: u1, q2: u2 - u1}
frames:
  - {name: A, parent: N, axis: z, angle: q1}
  - {name: B, parent: A, axis: z, angle: q2}
points:
  - {name: P1, from: O, position: {A: [0, -l, 0]}}
  - {name: P2, from: P1, position: {B: [0, -l, 0]}}
particles:
  - {name: b1, point: P1, mass: m}
  - {name: b2, point: P2, mass: m}
torques:
  - {name: joint damper, frame: B, reaction_on: A, torque: {N: [0, 0, -c*q2_d]}}
gravity: {N: [0, -g, 0]}
)");
  const auto bh = formulations::boltzmann_hamel(s);
  for (unsigned i = 0; i < bh.forcing.rows(); ++i)
    EXPECT_FALSE(bh.forcing(i, 0).has(sym::derivative_of(s.coordinates()[1]))) << bh.forcing(i, 0);
  test::expect_same_accelerations(s, {formulations::kane(s), bh, formulations::lagrange(s)});
}
