// The inverse dynamics by the recursive Newton–Euler algorithm (formulations/
// recursive_newton_euler.hpp) against Kane's M a − F at random states and accelerations, its round
// trip with the articulated-body algorithm (τ(q, u, u̇) = Q), and the mass matrix as ∂τ/∂a by the
// chain rule through its named intermediates: rigid bodies on spherical joints with damping
// torques, a branched tree on a cart with a spring, a chain of rods in absolute angles.
#include <gtest/gtest.h>

#include <random>

#include "adyn/analysis/random_state.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/recursive_newton_euler.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"
#include "tree_systems.hpp"

using namespace adyn;

namespace {

// τ, Q and ∂τ/∂a compiled (tape), inputs (t, q, u, a, parameters).
struct CompiledInverseDynamics {
  std::size_t p;
  numeric::CompiledFunction function;
  std::vector<double> parameters;

  explicit CompiledInverseDynamics(const model::System& s, const formulations::InverseDynamics& id) : p(id.speeds.size()) {
    const auto [symbols, values] = numeric::parameter_inputs(s.parameter_values());
    parameters = values;
    std::vector<GiNaC::symbol> in = {sym::time()};
    for (const auto* list : {&id.coordinates, &id.speeds, &id.accelerations, &symbols}) in.insert(in.end(), list->begin(), list->end());
    std::vector<GiNaC::ex> out = id.required;
    out.insert(out.end(), id.applied.begin(), id.applied.end());
    for (const auto& a : id.accelerations) {
      sym::PartialDerivative d(a);
      for (const auto& tau : id.required) out.push_back(d(tau));
    }
    function = numeric::CompiledFunction(in, out, numeric::Backend::Tape);
  }
  // τ, Q, then ∂τ/∂a column by column.
  Eigen::VectorXd operator()(const analysis::SystemState& x, const Eigen::VectorXd& a) const {
    std::vector<double> in = {x.t};
    for (const auto* v : {&x.q, &x.u, &a}) in.insert(in.end(), v->data(), v->data() + v->size());
    in.insert(in.end(), parameters.begin(), parameters.end());
    Eigen::VectorXd out(static_cast<Eigen::Index>(2 * p + p * p));
    function.evaluate(in.data(), out.data());
    return out;
  }
};

void expect_inverse_dynamics_agree(const model::System& s) {
  const auto id = formulations::inverse_dynamics(s);
  const CompiledInverseDynamics tau(s, id);
  const auto eom = formulations::kane(s);
  ASSERT_EQ(eom.speeds, id.speeds);
  const auto kane = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values());
  const auto aba = numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(s),
                                                                     s.parameter_values());
  const auto P = static_cast<Eigen::Index>(id.speeds.size());
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> uniform(-2, 2);
  for (int sample = 0; sample < 6; ++sample) {
    const auto x = analysis::random_consistent_state(s, rng);
    Eigen::VectorXd a(P);
    for (auto& v : a) v = uniform(rng);
    const auto m = kane.matrices(x.t, x.q, x.u);
    const Eigen::VectorXd out = tau(x, a);
    const Eigen::VectorXd residual = out.head(P) - out.segment(P, P), expected = m.M * a - m.F;
    const Eigen::MatrixXd M = Eigen::Map<const Eigen::MatrixXd>(out.data() + 2 * P, P, P);
    const Eigen::VectorXd at_motion = tau(x, aba.evaluate(x.t, x.q, x.u).udot);
    for (Eigen::Index i = 0; i < P; ++i) {
      EXPECT_TRUE(test::close(residual(i), expected(i), 1e-10)) << s.name() << ": tau - Q row " << i << ", sample " << sample;
      EXPECT_TRUE(test::close(at_motion(i), at_motion(P + i), 1e-10)) << s.name() << ": tau(u') = Q row " << i;
      for (Eigen::Index j = 0; j < P; ++j)
        EXPECT_TRUE(test::close(M(i, j), m.M(i, j), 1e-10)) << s.name() << ": dtau/da = M at " << i << ", " << j;
    }
  }
}

}  // namespace

TEST(InverseDynamics, AgreesWithKaneOnRigidBodiesOnSphericalJointsWithTorques) {
  expect_inverse_dynamics_agree(trees::spatial_chain(3));
}

TEST(InverseDynamics, AgreesWithKaneOnABranchedTreeOnACartWithASpring) {
  expect_inverse_dynamics_agree(trees::cart_with_pendulums());
}

TEST(InverseDynamics, AgreesWithKaneOnAChainOfRodsInAbsoluteAngles) { expect_inverse_dynamics_agree(trees::rod_chain(4)); }

TEST(InverseDynamics, AConstrainedSystemIsNotATreeSayingWhichConstraint) {
  EXPECT_NE(test::thrown_message([] { (void)formulations::inverse_dynamics(seeds::two_link(1.0)); }).find("constraint 'slider'"),
            std::string::npos);
}
