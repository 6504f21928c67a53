// The articulated-body algorithm (formulations/articulated_body.hpp) against published results and
// against Kane's method at random states: chains in absolute and relative angles, rigid bodies on
// spherical joints, a branched tree on a cart, rheonomic frames, springs, dampers and torques;
// and what it refuses (constraints) or reports (a singular mass matrix).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/composite_rigid_body.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "adyn/numeric/tape.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "tree_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using trees::cart_with_pendulums;
using trees::rod_chain;
using trees::spatial_chain;

namespace {

numeric::ArticulatedBodyEvaluator evaluator(const model::System& s, numeric::Backend backend = numeric::Backend::Tape) {
  return numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(s), s.parameter_values(),
                                                           backend);
}

/// Each set of Euler parameters among the coordinates scaled to unit norm (a rotation), as the
/// simulation keeps them.
void unit_euler_parameters(const model::System& s, analysis::SystemState& x) {
  for (const auto& j : s.joints()) {
    const auto& q = j.coordinates;
    const auto e0 = std::find_if(q.begin(), q.end(), [](const std::string& name) { return name.ends_with("_e0"); });
    if (e0 == q.end()) continue;
    const auto first = std::find_if(s.coordinates().begin(), s.coordinates().end(),
                                    [&](const GiNaC::symbol& c) { return c.get_name() == *e0; }) - s.coordinates().begin();
    x.q.segment(first, 4).normalize();
  }
}

/// u̇ of the articulated-body algorithm equals Kane's at random states.
void expect_agrees_with_kane(const model::System& s, int samples = 8) {
  const auto eom = formulations::kane(s);
  const auto aba = evaluator(s);
  std::mt19937 rng(7);
  for (int k = 0; k < samples; ++k) {
    auto x = analysis::random_consistent_state(s, rng);
    unit_euler_parameters(s, x);
    const auto expected = formulations::solve(eom, test::state_for(eom, s, x), s.parameter_values()).udot;
    const auto d = aba.evaluate(x.t, x.q, x.u);
    const auto qdot = formulations::coordinate_rates(eom, test::state_for(eom, s, x), s.parameter_values());
    for (Eigen::Index i = 0; i < expected.size(); ++i)
      EXPECT_TRUE(test::close(d.udot(i), expected(i), 1e-10)) << s.name() << ", u̇" << i + 1 << " at sample " << k;
    for (Eigen::Index i = 0; i < qdot.size(); ++i) EXPECT_TRUE(test::close(d.qdot(i), qdot(i), 1e-12));
  }
}

}  // namespace

TEST(ArticulatedBody, AgreesWithKaneOnChainsInAbsoluteAndRelativeAngles) {
  expect_agrees_with_kane(seeds::double_pendulum());
  expect_agrees_with_kane(seeds::double_pendulum_relative(1.2, 0.7, 0.9, 0.5));
  expect_agrees_with_kane(rod_chain(5));
}

TEST(ArticulatedBody, AgreesWithKaneOnRigidBodiesOnSphericalJointsWithTorques) { expect_agrees_with_kane(spatial_chain(3)); }

TEST(ArticulatedBody, AgreesWithKaneOnABranchedTreeOnACartWithASpring) { expect_agrees_with_kane(cart_with_pendulums()); }

// In the floating base's basis (kinematic_tree.hpp): a turned and translated free joint, limbs.
TEST(ArticulatedBody, AgreesWithKaneOnAFloatingBaseWithLimbs) { expect_agrees_with_kane(trees::floating_base_with_limbs()); }

TEST(ArticulatedBody, AgreesWithKaneOnRheonomicFramesPotentialsAndDissipation) {
  expect_agrees_with_kane(seeds::rotating_wheel());
  expect_agrees_with_kane(seeds::guided_double_pendulum());
  expect_agrees_with_kane(seeds::pendulum_with_plate());
}

// Angeles E4 and E5 (seed-000 §7): one body whose two speeds are one node's (a 2 × 2 block D).
TEST(Angeles_E4_RotatingShaftBar, ArticulatedBodyGoldenAccelerations) {
  const auto d = evaluator(seeds::shaft_with_bar(0.0)).evaluate(0, Eigen::Vector2d(0.25, 0.4), Eigen::Vector2d(1.5, 0.3));
  EXPECT_TRUE(test::close(d.udot(0), -2.1287001780, 1e-9));
  EXPECT_TRUE(test::close(d.udot(1), -7.9232653048, 1e-9));
}

TEST(Angeles_E5_ShaftBarWithTorque, ArticulatedBodyGoldenAccelerations) {
  const auto d = evaluator(seeds::shaft_with_bar(0.7)).evaluate(0, Eigen::Vector2d(-1.0, 0.4), Eigen::Vector2d(1.5, 0.3));
  EXPECT_TRUE(test::close(d.udot(0), 4.7952907730, 1e-9));
  EXPECT_TRUE(test::close(d.udot(1), -7.9232653048, 1e-9));
}

// Greenwood Example 4.12: θ̈ = 14.61045048358042 at θ = 0.7, θ̇ = 1.1, Ω = 2 (t = 0): the wire's
// prescribed turning enters as the bias acceleration κ.
TEST(Greenwood_4_12_BeadOnRotatingWire, ArticulatedBodyGoldenAcceleration) {
  const auto d = evaluator(seeds::bead_on_rotating_wire()).evaluate(0, Eigen::VectorXd::Constant(1, 0.7), Eigen::VectorXd::Constant(1, 1.1));
  EXPECT_TRUE(test::close(d.udot(0), 14.61045048358042, 1e-12));
}

TEST(ArticulatedBody, TheTreeIsFoundParentsFirst) {
  const auto dynamics = formulations::articulated_body_dynamics(cart_with_pendulums());
  EXPECT_EQ(dynamics.bodies, (std::vector<std::string>{"cart", "bob1", "bob2", "bob3"}));
  EXPECT_EQ(dynamics.parents, (std::vector<int>{-1, 0, 0, 2}));
  EXPECT_EQ(dynamics.pivots.size(), 4u);
}

// The mass matrix by composite rigid bodies over the tree the articulated-body dynamics kept (the
// robots' first M call builds no tree again) is Kane's, on a floating base with limbs.
TEST(ArticulatedBody, TheKeptTreeGivesKanesMassMatrixByCompositeRigidBodies) {
  const auto s = trees::floating_base_with_limbs();
  const auto M = formulations::composite_rigid_body(formulations::articulated_body_dynamics(s));
  const auto kane = formulations::kane(s).mass_matrix;
  ASSERT_EQ(M.rows(), kane.rows());
  const auto [parameters, values] = numeric::parameter_inputs(s.parameter_values());
  std::vector<GiNaC::symbol> in = s.coordinates();
  in.insert(in.end(), parameters.begin(), parameters.end());
  const numeric::Tape by_tree(in, sym::entries(M)), by_kane(in, sym::entries(kane));
  std::mt19937 rng(11);
  for (int k = 0; k < 4; ++k) {
    auto x = analysis::random_consistent_state(s, rng);
    unit_euler_parameters(s, x);
    std::vector<double> at(x.q.data(), x.q.data() + x.q.size()), tree(by_tree.output_count()), expected(tree.size());
    at.insert(at.end(), values.begin(), values.end());
    by_tree.evaluate(at.data(), tree.data());
    by_kane.evaluate(at.data(), expected.data());
    for (std::size_t i = 0; i < tree.size(); ++i) EXPECT_TRUE(test::close(tree[i], expected[i], 1e-12)) << "entry " << i;
  }
}

// Particles at the rods' ends, measured in the rods' frames: each weight hangs from its rod (a
// particle lends no frame), the next rod from the weight at its hinge. It was taken for a cycle.
TEST(Kane_E35_ThreeRodChain, TheWeightsHangFromTheirRodsAndTheTreeAgreesWithKane) {
  const auto s = io::read_model_file(test::example("kane_e35_three_rod_chain.yaml"));
  const auto dynamics = formulations::articulated_body_dynamics(s);
  EXPECT_EQ(dynamics.bodies, (std::vector<std::string>{"rod 1", "weight 1", "rod 2", "weight 2", "rod 3", "weight 3"}));
  EXPECT_EQ(dynamics.parents, (std::vector<int>{-1, 0, 1, 2, 3, 4}));
  expect_agrees_with_kane(s);
}

// The flyball governor's balls hang from their rods, but its shaft and slider, both in S and each
// placed from O, both turn with ψ: the guess from positions says so in the model's terms.
TEST(IFToMM_A05_FlyballGovernor, TheGuessedTreeNamesTheSpeedTheShaftAndTheSliderShare) {
  const auto s = io::read_model_file(test::example("iftomm_a05_flyball_governor.yaml"));
  EXPECT_EQ(test::thrown_message([&] { formulations::articulated_body_dynamics(s); }),
            "speed 'psi_d' moves both 'shaft' and 'slider' relative to their parents");
}

// Two bodies each placed in the other's frame: the parents guessed from the positions make a cycle,
// and the message says that it is the guess and what states a tree.
TEST(ArticulatedBody, AGuessedCycleSaysItIsTheGuess) {
  const auto s = io::read_model(R"(
coordinates: [q1, q2]
frames:
  - {name: A, parent: N, axis: z, angle: q1}
  - {name: B, parent: N, axis: z, angle: q2}
points:
  - {name: GA, from: O, position: {B: [1, 0, 0]}}
  - {name: GB, from: O, position: {A: [1, 0, 0]}}
bodies:
  - {name: a, mass_center: GA, frame: A, mass: 1, inertia: {Ixx: 1, Iyy: 1, Izz: 1}}
  - {name: b, mass_center: GB, frame: B, mass: 1, inertia: {Ixx: 1, Iyy: 1, Izz: 1}}
)");
  EXPECT_EQ(test::thrown_message([&] { formulations::articulated_body_dynamics(s); }),
            "'a' hangs from a body that hangs from it, by the parents guessed from the positions: state the tree by "
            "joints");
}

TEST(ArticulatedBody, GeneratedCAgreesWithTheTape) {
  const auto s = spatial_chain(4);
  if (!test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  const auto tape = evaluator(s), c = evaluator(s, numeric::Backend::Native);
  ASSERT_EQ(c.backend(), numeric::Backend::Native) << c.backend_note();
  std::mt19937 rng(3);
  for (int k = 0; k < 3; ++k) {
    const auto x = analysis::random_consistent_state(s, rng);
    const auto a = tape.evaluate(x.t, x.q, x.u).udot, b = c.evaluate(x.t, x.q, x.u).udot;
    for (Eigen::Index i = 0; i < a.size(); ++i) EXPECT_TRUE(test::close(a(i), b(i), 1e-12));
  }
}

TEST(ArticulatedBody, ConstraintsAndSharedSpeedsAreNotATree) {
  EXPECT_THROW(formulations::articulated_body_dynamics(seeds::two_link(1.0)), NotATree);
  EXPECT_NE(test::thrown_message([] { formulations::articulated_body_dynamics(seeds::two_link(1.0)); }).find("constraint 'slider'"),
            std::string::npos);
  EXPECT_THROW(formulations::articulated_body_dynamics(seeds::knife_edge(true)), NotATree);
}

// Body-fixed 1-2-3 angles lose a degree of freedom at b = π/2 (gimbal lock): D of the joint is
// singular and says so, as the mass matrix of the other formulations does.
TEST(ArticulatedBody, GimbalLockIsReportedAsASingularMassMatrix) {
  const auto s = spatial_chain(2);
  const auto aba = evaluator(s);
  Eigen::VectorXd q = Eigen::VectorXd::Constant(6, 0.3), u = Eigen::VectorXd::Constant(6, 0.1);
  q(4) = M_PI / 2;
  const auto message = test::thrown_message([&] { aba.evaluate(0.5, q, u); });
  EXPECT_NE(message.find("not positive definite"), std::string::npos) << message;
  EXPECT_NE(message.find("t = 0.5"), std::string::npos) << message;
}

// A speed that moves no mass (a particle on the axis its frame turns about) leaves M singular at
// every state: a zero pivot found while generating, and left to M u̇ = F, which reports it where it
// is evaluated, as for any other formulation.
TEST(ArticulatedBody, ASpeedThatMovesNoMassIsASingularMassMatrix) {
  model::System s("particle on a spinning axis");
  auto m = s.add_parameter("m", 1.0);
  auto x = s.add_coordinate("x"), th = s.add_coordinate("theta");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), th));
  s.add_particle({"bead", s.add_point(s.origin().locate_new("P", x * A.z())), m});
  EXPECT_THROW(formulations::articulated_body_dynamics(s), SingularityError);
  EXPECT_FALSE(formulations::articulated_body_dynamics_for(s, formulations::kane(s)));
}
