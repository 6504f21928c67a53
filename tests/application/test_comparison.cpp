// The comparison of `adyn compare` and Python's adyn.compare: the relative difference, the
// verdicts, when the methods agree, and the run of every method on one model.
#include <gtest/gtest.h>

#include "adyn/application/comparison.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "test_support.hpp"

using namespace adyn;
using application::Comparison;
using application::MethodResult;
using application::Verdict;

namespace {

Eigen::VectorXd vector(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v(i++) = x;
  return v;
}

MethodResult evaluated(const std::string& name, double difference) {
  return MethodResult{.name = name, .derive_seconds = 0.01, .operations = 10, .difference = difference};
}

}  // namespace

// |a − b| / max(1, |a|, |b|): absolute below 1, relative above; the largest over states and entries.
TEST(Comparison, RelativeDifferenceIsAbsoluteBelowOneAndRelativeAbove) {
  const std::vector<Eigen::VectorXd> a{vector({0.5, 100.0}), vector({0.0, 0.0})};
  const std::vector<Eigen::VectorXd> b{vector({0.5 + 1e-9, 100.0 + 1e-7}), vector({2e-9, 0.0})};
  EXPECT_DOUBLE_EQ(application::relative_difference(a, b), 2e-9);
  EXPECT_DOUBLE_EQ(application::relative_difference(a, a), 0.0);
  EXPECT_DOUBLE_EQ(application::relative_difference({vector({-4.0})}, {vector({4.0})}), 2.0);
}

TEST(Comparison, VerdictsAndTheirTexts) {
  Comparison c{.system = "S", .reference = "lagrange", .tolerance = 1e-8};
  c.methods = {evaluated("lagrange", 0), evaluated("kane", 1.234e-12), evaluated("gauss", 3e-5),
               MethodResult{.name = "maggi", .not_applicable = "no constraints"},
               MethodResult{.name = "hamilton", .failure = "derivation failed: singular"},
               MethodResult{.name = "gibbs-appell", .timed_out = true}};
  const std::vector<std::pair<Verdict, std::string>> expected{
      {Verdict::Reference, "reference"},
      {Verdict::Agrees, "1.2e-12 agrees"},
      {Verdict::Disagrees, "3.0e-05 DISAGREES"},
      {Verdict::NotApplicable, "n/a: no constraints"},
      {Verdict::Failed, "FAILED: derivation failed: singular"},
      {Verdict::TimedOut, "timed out: no result within 2.5 s"}};
  for (std::size_t k = 0; k < expected.size(); ++k) {
    EXPECT_EQ(application::verdict(c.methods[k], c), expected[k].first) << c.methods[k].name;
    EXPECT_EQ(application::verdict_text(c.methods[k], c, 2.5), expected[k].second);
  }
  EXPECT_EQ(application::verdict_name(Verdict::NotApplicable), "not applicable");
  EXPECT_EQ(application::verdict_name(Verdict::Disagrees), "disagrees");
  EXPECT_EQ(c.applicable(), 5);
  EXPECT_EQ(c.failed(), 1);
  EXPECT_EQ(c.timed_out(), 1);
  EXPECT_EQ(c.finished(), 4);
  EXPECT_FALSE(c.agree());
}

// Methods that timed out are left out of the agreement, but two must have finished to compare.
TEST(Comparison, AgreementWithMethodsThatTimedOut) {
  Comparison c{.system = "S", .reference = "lagrange", .tolerance = 1e-8};
  c.methods = {evaluated("lagrange", 0), MethodResult{.name = "kane", .timed_out = true}};
  EXPECT_FALSE(c.agree()) << "only the reference finished";
  c.methods.push_back(evaluated("gauss", 1e-10));
  EXPECT_TRUE(c.agree());
  c.methods.push_back(MethodResult{.name = "maggi", .not_applicable = "no constraints"});
  EXPECT_TRUE(c.agree()) << "a method that does not apply changes nothing";
  EXPECT_FALSE(Comparison{}.agree()) << "no reference: nothing was evaluated";
}

// The runner decides how a method runs; the first method evaluated is the reference, and every
// other evaluated method's difference is from it. `finished` sees each method as it ends.
TEST(Comparison, TheFirstMethodEvaluatedIsTheReference) {
  const auto system = io::read_model_document(test::example("double_pendulum.yaml")).system;
  std::vector<std::string> seen;
  const auto c = application::compare(
      system, {"maggi", "lagrange", "kane"}, {.states = 2, .tolerance = 1e-8, .seed = 7},
      [](const std::string& method, const std::vector<analysis::SystemState>& states) {
        EXPECT_EQ(states.size(), 2u);
        if (method == "maggi") return MethodResult{.name = method, .not_applicable = "says the runner"};
        const double shift = method == "kane" ? 1e-6 : 0.0;
        std::vector<Eigen::VectorXd> a;
        for (const auto& x : states) a.push_back((x.q.array() + shift).matrix());
        return MethodResult{.name = method, .accelerations = a};
      },
      [&](const MethodResult& m, const Comparison& so_far) {
        seen.push_back(m.name);
        EXPECT_EQ(so_far.methods.back().name, m.name);
      });
  EXPECT_EQ(seen, (std::vector<std::string>{"maggi", "lagrange", "kane"}));
  EXPECT_EQ(c.system, "Double pendulum");
  EXPECT_EQ(c.reference, "lagrange");
  EXPECT_FALSE(c.methods[0].difference.has_value());
  EXPECT_DOUBLE_EQ(*c.methods[1].difference, 0.0);
  EXPECT_NEAR(*c.methods[2].difference, 1e-6, 1e-15);
  EXPECT_FALSE(c.agree()) << "kane is 1e-6 off";
}

// The same seed gives the same states: Python's adyn.compare and `adyn compare --seed` compare at
// the same points; each state satisfies the constraints (the four-bar's loop closure).
TEST(Comparison, StatesAreSeededAndConsistent) {
  const auto system = io::read_model_document(test::example("four_bar_joint.yaml")).system;
  const auto a = application::comparison_states(system, 3, 11), b = application::comparison_states(system, 3, 11);
  ASSERT_EQ(a.size(), 3u);
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].q, b[k].q);
    EXPECT_EQ(a[k].u, b[k].u);
  }
  EXPECT_NE(a[0].q, application::comparison_states(system, 1, 12)[0].q);
}

TEST(Comparison, RunMethodDerivesSizesAndEvaluates) {
  const auto system = io::read_model_document(test::example("double_pendulum.yaml")).system;
  const auto states = application::comparison_states(system, 2, 20240607);
  const auto lagrange = application::run_method(system, "lagrange", states);
  const auto kane = application::run_method(system, "kane", states);
  ASSERT_TRUE(lagrange.evaluated()) << lagrange.failure.value_or("");
  EXPECT_GT(lagrange.operations, 0u);
  EXPECT_GE(lagrange.derive_seconds, 0.0);
  ASSERT_EQ(lagrange.accelerations.size(), 2u);
  EXPECT_LT(application::relative_difference(lagrange.accelerations, kane.accelerations), 1e-12);
  const auto unknown = application::run_method(system, "newton", states);
  ASSERT_TRUE(unknown.failure.has_value());
  EXPECT_EQ(unknown.failure->rfind("derivation failed: ", 0), 0u) << *unknown.failure;
}

// Bricard's mechanism stated naturally (five closure rows of rank four): the KKT solve of the
// multiplier forms meets the dependent rows at every state, so the row proven redundant is left
// out, as for the eliminating methods, and said; every method then agrees (before: Lagrange and
// Gauss FAILED, "the constraint Jacobian loses rank (4 of 5)"). Udwadia-Kalaba keeps the row.
TEST(IFToMM_A04_Bricard, CompareLeavesTheRedundantRowOutWhereTheKktSolveNeedsItAndSaysSo) {
  const auto system = io::read_model_document(test::example("iftomm_a04_bricard.yaml")).system;
  const auto states = application::comparison_states(system, 3, 7);
  const auto reference = application::run_method(system, "kane", states);
  ASSERT_TRUE(reference.evaluated()) << reference.failure.value_or("");
  for (const std::string method : {"lagrange", "gauss", "udwadia-kalaba"}) {
    const auto r = application::run_method(system, method, states);
    ASSERT_TRUE(r.evaluated()) << method << ": " << r.failure.value_or("");
    EXPECT_LT(application::relative_difference(r.accelerations, reference.accelerations), 1e-10) << method;
    if (method == "udwadia-kalaba") EXPECT_TRUE(r.note.empty()) << r.note;
    else EXPECT_NE(r.note.find("'J6 axis 2' left out"), std::string::npos) << method << ": " << r.note;
  }
  EXPECT_NE(reference.note.find("'J6 axis 2' left out"), std::string::npos) << reference.note;
}
