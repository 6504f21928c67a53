// M u̇ = F of a tree as its recursions compute it (formulations/tree_mass_matrix_form.hpp: M by
// composite rigid bodies, F = Q − τ(q, u, 0) by recursive Newton–Euler), what `adyn derive` prints
// for a robot, against Kane's derivation at random states: the same M and F entry by entry, not only
// the same u̇ — rigid bodies on spherical joints with damping torques, a branched tree on a cart with
// a spring, a chain of rods in absolute angles. By the method's name (no derivation) and replacing
// equations derived; none for a constrained system or a method whose equations are not the tree's.
#include <gtest/gtest.h>

#include <random>

#include "adyn/analysis/random_state.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "formulations/tree_mass_matrix_form.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"
#include "tree_systems.hpp"

using namespace adyn;

namespace {

void expect_kanes_matrices(const model::System& s) {
  const auto eom = formulations::kane(s);
  const auto by_name = formulations::tree_mass_matrix_form(s, "kane");
  const auto replacing = formulations::tree_mass_matrix_form(s, eom);
  ASSERT_TRUE(by_name && replacing) << s.name();
  EXPECT_TRUE(by_name->by_tree_recursions && replacing->by_tree_recursions);
  EXPECT_EQ(by_name->method, "Kane");
  const auto kane = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values());
  std::vector<numeric::EquationsEvaluator> recursions;
  for (const auto* tree : {&*by_name, &*replacing})
    recursions.push_back(numeric::EquationsEvaluator::for_parameters(*tree, s.parameter_values()));
  std::mt19937 rng(32);
  for (int sample = 0; sample < 5; ++sample) {
    const auto x = analysis::random_consistent_state(s, rng);
    const auto expected = kane.matrices(x.t, x.q, x.u);
    for (const auto& evaluator : recursions) {
      const auto m = evaluator.matrices(x.t, x.q, x.u);
      for (Eigen::Index i = 0; i < m.F.size(); ++i) {
        EXPECT_TRUE(test::close(m.F(i), expected.F(i), 1e-10)) << s.name() << ": F row " << i << ", sample " << sample;
        for (Eigen::Index j = 0; j < m.F.size(); ++j)
          EXPECT_TRUE(test::close(m.M(i, j), expected.M(i, j), 1e-10)) << s.name() << ": M at " << i << ", " << j;
      }
    }
  }
}

}  // namespace

TEST(TreeMassMatrixForm, IsKanesOnRigidBodiesOnSphericalJointsWithTorques) {
  expect_kanes_matrices(trees::spatial_chain(3));
}

TEST(TreeMassMatrixForm, IsKanesOnABranchedTreeOnACartWithASpring) { expect_kanes_matrices(trees::cart_with_pendulums()); }

TEST(TreeMassMatrixForm, IsKanesOnAChainOfRodsInAbsoluteAngles) { expect_kanes_matrices(trees::rod_chain(4)); }

TEST(TreeMassMatrixForm, NoneForAConstrainedSystemOrAnotherPrinciple) {
  EXPECT_FALSE(formulations::tree_mass_matrix_form(seeds::two_link(1.0), "kane"));
  const auto s = trees::rod_chain(2);
  EXPECT_FALSE(formulations::tree_mass_matrix_form(s, "gauss"));
  EXPECT_TRUE(formulations::tree_mass_matrix_form(s, formulations::lagrange(s)));
  auto hamel = formulations::lagrange(s);
  hamel.method = "Boltzmann-Hamel";
  EXPECT_FALSE(formulations::tree_mass_matrix_form(s, hamel));
}
