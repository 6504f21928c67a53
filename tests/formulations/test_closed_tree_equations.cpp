// Lagrange's equations of a tree its constraints close, M and F by the tree's recursions
// (formulations/closed_tree_equations.hpp), against Lagrange's own derivation: the same M, F, G and
// g entry by entry at random states (the matrices hold off the constraints too) — IFToMM A04
// (Bricard: five rods in one loop, a redundant row) and the Panda with its mimic finger. None for a
// shallow tree (the A02 four-bar windows, 2 deep), whose evaluator keeps Lagrange's M and F and says
// why; none for a method that eliminates speeds.
#include <gtest/gtest.h>

#include <random>

#include "adyn/formulations/closed_tree_equations.hpp"
#include "adyn/formulations/energy_function.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

void expect_close(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, const std::string& what) {
  ASSERT_EQ(a.rows(), b.rows()) << what;
  ASSERT_EQ(a.cols(), b.cols()) << what;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      EXPECT_TRUE(test::close(a(i, j), b(i, j), 1e-10)) << what << " at " << i << ", " << j << ": " << a(i, j)
                                                          << " against " << b(i, j);
}

void expect_lagranges_matrices(const model::System& s) {
  const auto closed = formulations::closed_tree_equations(s, "lagrange");
  ASSERT_TRUE(closed) << s.name();
  EXPECT_TRUE(closed->by_tree_recursions);
  const auto lagrange = formulations::lagrange(s);
  EXPECT_EQ(closed->method, lagrange.method);
  EXPECT_EQ(closed->constraint_names, lagrange.constraint_names);
  EXPECT_EQ(closed->multiplier_names, lagrange.multiplier_names);
  const auto recursions = numeric::EquationsEvaluator::for_parameters(*closed, s.parameter_values());
  const auto expected = numeric::EquationsEvaluator::for_parameters(lagrange, s.parameter_values());
  std::mt19937 rng(30);
  std::uniform_real_distribution<double> any(-1.5, 1.5);
  const auto n = static_cast<Eigen::Index>(s.coordinates().size());
  for (int sample = 0; sample < 4; ++sample) {
    Eigen::VectorXd q(n), u(n);
    for (Eigen::Index i = 0; i < n; ++i) q(i) = any(rng), u(i) = any(rng);
    const auto a = recursions.matrices(0, q, u), b = expected.matrices(0, q, u);
    const auto at = s.name() + ", sample " + std::to_string(sample) + ": ";
    expect_close(a.M, b.M, at + "M");
    expect_close(a.F, b.F, at + "F");
    expect_close(a.G, b.G, at + "G");
    expect_close(a.g, b.g, at + "g");
  }
}

}  // namespace

TEST(IFToMM_A04_Bricard, ClosedTreeEquationsAreLagranges) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  expect_lagranges_matrices(doc.system);
  const auto choice = formulations::choose_evaluator(doc.system, *formulations::closed_tree_equations(doc.system, "lagrange"));
  EXPECT_TRUE(choice.closed_tree_form);
  EXPECT_NE(choice.describe().find("over the bodies' tree without the constraints (5 bodies, 5 deep)"), std::string::npos)
      << choice.describe();
}

// The energy monitor's E and T over the tree the constraints close (its bodies' velocities from
// their parents', no T expanded) are Lagrange's energy function and T at any state.
TEST(IFToMM_A04_Bricard, EnergyMonitorOverTheClosedTreeIsLagrangesEnergyFunction) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  const auto& s = doc.system;
  const auto monitor = formulations::energy_for_evaluation(s);
  const auto form = formulations::lagrangian_form(s);
  GiNaC::exmap at = s.parameter_values();
  const auto rates = sym::derivatives_of(s.coordinates());
  for (std::size_t i = 0; i < rates.size(); ++i) {
    at[s.coordinates()[i]] = 0.3 * static_cast<double>(i) - 0.5;
    at[rates[i]] = 0.7 - 0.2 * static_cast<double>(i);
  }
  const double T = sym::evaluate(form.kinetic_energy, at);
  EXPECT_GT(T, 0.1);
  EXPECT_TRUE(test::close(sym::evaluate(monitor.kinetic, at), T, 1e-13));
  EXPECT_TRUE(test::close(sym::evaluate(monitor.energy, at), sym::evaluate(formulations::energy_function(s), at), 1e-13));
}

TEST(ClosedTreeEquations, AreLagrangesOnThePandaWithItsMimicFinger) {
  const auto doc = io::read_model_document(test::robot("panda.urdf"));
  ASSERT_EQ(doc.system.constraints().size(), 1u);
  expect_lagranges_matrices(doc.system);
}

TEST(ClosedTreeEquations, NoneForAShallowTreeWhoseEvaluatorSaysWhy) {
  const auto doc = io::read_model_document(test::example("iftomm_a02_n_four_bar_2.yaml"));
  EXPECT_FALSE(formulations::closed_tree_equations(doc.system, "lagrange"));
  const auto choice = formulations::choose_evaluator(doc.system, formulations::lagrange(doc.system));
  EXPECT_FALSE(choice.closed_tree_form);
  EXPECT_NE(choice.describe().find("without the constraints the bodies hang 2 deep at most (5 bodies), less than the 5"),
            std::string::npos)
      << choice.describe();
}

TEST(ClosedTreeEquations, NoneForAnotherMethodOrAnUnconstrainedSystem) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  EXPECT_FALSE(formulations::closed_tree_equations(doc.system, "kane"));
  EXPECT_FALSE(formulations::closed_tree_equations(doc.system, "gauss"));
  const auto open = formulations::without_constraints(doc.system);
  EXPECT_FALSE(formulations::closed_tree_equations(open, "lagrange"));
}
