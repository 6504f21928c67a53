// ∂u̇/∂q, ∂u̇/∂u and ∂u̇/∂p through the tree (numeric/tree_derivatives.hpp), as the evaluator with
// the articulated-body algorithm gives them, against central differences of its u̇ and against the
// dense residual path (Kane's M u̇ = F, dynamics_derivatives.hpp) at random states: a chain of rods
// in absolute angles, rigid bodies on spherical joints with damping torques (3-D), a branched tree
// on a cart with a spring; the generated C against the tape; the in-place call's buffers.
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "adyn/analysis/random_state.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "test_support.hpp"
#include "tree_systems.hpp"

using namespace adyn;
using numeric::ParameterDerivatives;

namespace {

struct Evaluators {
  formulations::EquationsOfMotion eom;
  formulations::ArticulatedBodyDynamics tree;
  std::vector<double> parameters;
  numeric::EquationsEvaluator through_tree, dense;

  Evaluators(const model::System& s, numeric::Backend backend = numeric::Backend::Tape)
      : eom(formulations::kane(s)),
        tree(formulations::articulated_body_dynamics(s)),
        parameters(numeric::parameter_inputs(s.parameter_values()).values),
        through_tree(numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), backend, &tree)),
        dense(numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values())) {}
};

// Central differences of u̇ (the articulated-body algorithm's) in q, u and the parameters.
numeric::AccelerationDerivatives differences(numeric::EquationsEvaluator ev, std::vector<double> parameters,
                                             const analysis::SystemState& x) {
  auto udot = [&](const Eigen::VectorXd& q, const Eigen::VectorXd& u) { return ev.evaluate(x.t, q, u).udot; };
  auto central = [](const std::function<Eigen::VectorXd(double)>& f, double v) {
    const double h = 1e-6 * std::max(1.0, std::abs(v));
    return Eigen::VectorXd((f(h) - f(-h)) / (2 * h));
  };
  numeric::AccelerationDerivatives d;
  d.udot = udot(x.q, x.u);
  const auto P = d.udot.size();
  d.udot_q.resize(P, x.q.size());
  d.udot_u.resize(P, x.u.size());
  d.udot_p.resize(P, static_cast<Eigen::Index>(parameters.size()));
  for (Eigen::Index j = 0; j < x.q.size(); ++j)
    d.udot_q.col(j) = central([&](double h) { Eigen::VectorXd q = x.q; q(j) += h; return udot(q, x.u); }, x.q(j));
  for (Eigen::Index j = 0; j < x.u.size(); ++j)
    d.udot_u.col(j) = central([&](double h) { Eigen::VectorXd u = x.u; u(j) += h; return udot(x.q, u); }, x.u(j));
  for (std::size_t j = 0; j < parameters.size(); ++j)
    d.udot_p.col(static_cast<Eigen::Index>(j)) = central([&](double h) {
      auto values = parameters;
      values[j] += h;
      ev.set_parameters(values);
      return udot(x.q, x.u);
    }, parameters[j]);
  return d;
}

void expect_close(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double tolerance, const std::string& what) {
  ASSERT_EQ(a.rows(), b.rows()) << what;
  ASSERT_EQ(a.cols(), b.cols()) << what;
  if (b.size() == 0) return;
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  EXPECT_LT((a - b).cwiseAbs().maxCoeff(), tolerance * scale) << what << "\n" << a << "\n\n" << b;
}

void expect_all_close(const numeric::AccelerationDerivatives& a, const numeric::AccelerationDerivatives& b,
                      double tolerance, const std::string& what) {
  expect_close(a.udot, b.udot, tolerance, what + ": u'");
  expect_close(a.udot_q, b.udot_q, tolerance, what + ": du'/dq");
  expect_close(a.udot_u, b.udot_u, tolerance, what + ": du'/du");
  expect_close(a.udot_p, b.udot_p, tolerance, what + ": du'/dp");
}

void expect_derivatives_agree(const model::System& s) {
  const Evaluators ev(s);
  ASSERT_TRUE(ev.through_tree.articulated_body());
  std::mt19937 rng(5);
  for (int sample = 0; sample < 3; ++sample) {
    const auto x = analysis::random_consistent_state(s, rng);
    const std::string what = s.name() + ", sample " + std::to_string(sample);
    const auto tree = ev.through_tree.derivatives(x.t, x.q, x.u, ParameterDerivatives::Include);
    expect_all_close(tree, ev.dense.derivatives(x.t, x.q, x.u, ParameterDerivatives::Include), 1e-7, what + " (residual path)");
    expect_all_close(tree, differences(ev.through_tree, ev.parameters, x), 1e-6, what + " (central differences)");
  }
}

}  // namespace

TEST(TreeDerivatives, AgreeOnAChainOfRodsInAbsoluteAngles) { expect_derivatives_agree(trees::rod_chain(4)); }

TEST(TreeDerivatives, AgreeOnRigidBodiesOnSphericalJointsWithDampingTorques) {
  expect_derivatives_agree(trees::spatial_chain(3));
}

TEST(TreeDerivatives, AgreeOnABranchedTreeOnACartWithASpring) { expect_derivatives_agree(trees::cart_with_pendulums()); }

// Two double pendulums hanging from the ground side by side, their tips joined by a spring: each
// branch's coordinates and speeds get kernels of their own (the other branch's directions zero),
// and the spring couples the branches' accelerations all the same.
TEST(TreeDerivatives, AgreeOnTwoBranchesFromTheGroundJoinedByASpring) {
  const auto s = io::read_model(R"(
name: two double pendulums and a spring
parameters: {m: 1.2, l: 0.8, k: 30, g: 9.81}
coordinates: [a1, a2, b1, b2]
frames:
  - {name: A1, parent: N, axis: z, angle: a1}
  - {name: A2, parent: A1, axis: z, angle: a2}
  - {name: B1, parent: N, axis: z, angle: b1}
  - {name: B2, parent: B1, axis: z, angle: b2}
points:
  - {name: H, from: O, position: {N: [1.5, 0, 0]}}
  - {name: GA1, from: O, position: {A1: [0, -l/2, 0]}}
  - {name: EA1, from: O, position: {A1: [0, -l, 0]}}
  - {name: GA2, from: EA1, position: {A2: [0, -l/2, 0]}}
  - {name: TA, from: EA1, position: {A2: [0, -l, 0]}}
  - {name: GB1, from: H, position: {B1: [0, -l/2, 0]}}
  - {name: EB1, from: H, position: {B1: [0, -l, 0]}}
  - {name: GB2, from: EB1, position: {B2: [0, -l/2, 0]}}
  - {name: TB, from: EB1, position: {B2: [0, -l, 0]}}
bodies:
  - {name: a upper, mass_center: GA1, frame: A1, mass: m, inertia: {Ixx: m*l^2/12, Iyy: 0, Izz: m*l^2/12}}
  - {name: a lower, mass_center: GA2, frame: A2, mass: m, inertia: {Ixx: m*l^2/12, Iyy: 0, Izz: m*l^2/12}}
  - {name: b upper, mass_center: GB1, frame: B1, mass: m, inertia: {Ixx: m*l^2/12, Iyy: 0, Izz: m*l^2/12}}
  - {name: b lower, mass_center: GB2, frame: B2, mass: m/2, inertia: {Ixx: m*l^2/24, Iyy: 0, Izz: m*l^2/24}}
gravity: {N: [0, -g, 0]}
springs:
  - {name: tips, between: [TA, TB], stiffness: k, free_length: 1}
)");
  EXPECT_EQ(formulations::articulated_body_dynamics(s).parents, (std::vector<int>{-1, -1, 0, 1}));
  expect_derivatives_agree(s);
}

TEST(TreeDerivatives, TheDefaultCallLeavesOutTheParametersAndSaysItsPath) {
  const Evaluators ev(trees::rod_chain(3));
  const Eigen::VectorXd q = Eigen::Vector3d(0.3, -0.2, 0.9), u = Eigen::Vector3d(1.1, 0.4, -0.7);
  const auto d = ev.through_tree.derivatives(0, q, u);
  EXPECT_EQ(d.udot_p.rows(), 3);
  EXPECT_EQ(d.udot_p.cols(), 0);
  EXPECT_EQ(ev.dense.derivatives(0, q, u).udot_p.cols(), 0);
  EXPECT_NE(ev.through_tree.derivatives_path().find("through the tree"), std::string::npos);
  EXPECT_NE(ev.dense.derivatives_path().find("residuals"), std::string::npos);
}

TEST(TreeDerivatives, TheInPlaceCallKeepsItsBuffers) {
  const Evaluators ev(trees::cart_with_pendulums());
  std::mt19937 rng(3);
  const auto x = analysis::random_consistent_state(trees::cart_with_pendulums(), rng);
  numeric::AccelerationDerivatives d;
  ev.through_tree.derivatives(x.t, x.q, x.u, d);
  const double *q = d.udot_q.data(), *u = d.udot_u.data(), *udot = d.udot.data();
  ev.through_tree.derivatives(x.t, x.q, x.u, d);
  EXPECT_EQ(d.udot_q.data(), q);
  EXPECT_EQ(d.udot_u.data(), u);
  EXPECT_EQ(d.udot.data(), udot);
  auto copy = ev.through_tree;  // a workspace of its own, the same code
  expect_all_close(copy.derivatives(x.t, x.q, x.u), d, 1e-15, "copy");
}

TEST(TreeDerivatives, GeneratedCAgreesWithTheTape) {
  if (!test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  const auto s = trees::spatial_chain(2);
  const Evaluators tape(s), native(s, numeric::Backend::Native);
  ASSERT_EQ(native.through_tree.backend(), numeric::Backend::Native) << native.through_tree.backend_note();
  std::mt19937 rng(9);
  const auto x = analysis::random_consistent_state(s, rng);
  expect_all_close(native.through_tree.derivatives(x.t, x.q, x.u, ParameterDerivatives::Include),
                   tape.through_tree.derivatives(x.t, x.q, x.u, ParameterDerivatives::Include), 1e-12, "C against tape");
}
