// `adyn compare`: every formulation on one model, their agreement at random consistent states.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>

#include "cli_support.hpp"

using adyn::test::example;
using adyn::test::run;

TEST(CompareCommand, AllNineMethodsAgreeOnTheDoublePendulum) {
  auto r = run({"compare", example("double_pendulum.yaml")});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("All 9 applicable methods agree."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("at 5 random consistent states near the initial configuration"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nlagrange                       "), std::string::npos) << r.out;
  EXPECT_LT(r.out.find("\nlagrange"), r.out.find("reference\n")) << r.out;  // the first row is the reference
  for (const char* method : {"kane", "gibbs-appell", "maggi", "boltzmann-hamel", "gauss", "udwadia-kalaba",
                             "fundamental-equation", "hamilton"})
    EXPECT_NE(r.out.find(method), std::string::npos) << method;
  EXPECT_EQ(r.out.find("n/a"), std::string::npos) << r.out;
}

TEST(CompareCommand, JsonHoldsEveryMethod) {
  auto r = run({"compare", example("double_pendulum.yaml"), "--json", "--states", "3", "--tol", "1e-9"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["system"], "Double pendulum");
  EXPECT_EQ(j["states"], 3);
  EXPECT_DOUBLE_EQ(j["tolerance"].get<double>(), 1e-9);
  EXPECT_EQ(j["reference"], "lagrange");
  EXPECT_TRUE(j["agree"].get<bool>());
  ASSERT_EQ(j["methods"].size(), 9u);
  for (const auto& m : j["methods"]) {
    EXPECT_TRUE(m["applicable"].get<bool>()) << m.dump();
    EXPECT_TRUE(m["agrees"].get<bool>()) << m.dump();
    EXPECT_TRUE(m["failure"].is_null()) << m.dump();
    EXPECT_LE(m["max_relative_difference"].get<double>(), 1e-9) << m.dump();
    EXPECT_GE(m["derive_seconds"].get<double>(), 0.0);
    EXPECT_GT(m["operations"].get<int>(), 0) << m.dump();
  }
}

// `ops` counts the operations of one evaluation, each common subexpression once, as the tape and
// the generated C compute it — not the equations' trees, in which a shared subexpression counts as
// often as it is used: for the Whipple bicycle those ran to billions (Kane 1 769 602 819,
// Hamilton 391 516 666 853) where an evaluation takes 4 514 and 49 964.
TEST(CompareCommand, OperationsAreThoseOfOneEvaluation) {
  auto r = run({"compare", example("whipple_bicycle.yaml"), "--states", "1", "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  for (const auto& m : j["methods"]) {
    if (!m["applicable"].get<bool>()) continue;
    EXPECT_GT(m["operations"].get<double>(), 1000) << m.dump();
    EXPECT_LT(m["operations"].get<double>(), 100000) << m.dump();
    EXPECT_FALSE(m.contains("operations_after_cse")) << m.dump();
  }
  const auto text = run({"compare", example("double_pendulum.yaml"), "--states", "1"}).out;
  EXPECT_NE(text.find("method                 derive (ms)       ops  max rel. difference\n"), std::string::npos) << text;
  // Kane's row: its name, the derivation's milliseconds (their width varies with the machine's load)
  // and the operations of one evaluation.
  EXPECT_TRUE(std::regex_search(text, std::regex("\nkane +[0-9]+\\.[0-9] +[0-9]+ +\\S+ agrees\n"))) << text;
}

// Coulomb friction on the wire is a nonideal constraint force that only Udwadia–Kalaba's equations
// carry: the other methods are listed as not applicable, and there is nothing to compare.
TEST(CompareCommand, MethodsThatDoNotApplyAreListedWithTheReason) {
  auto r = run({"compare", example("bead_on_wire.yaml"), "--states", "2"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("n/a: constraint 'wire': is nonideal (it does work), which Lagrange's equations leave out"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Only udwadia-kalaba applies"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(run({"compare", example("bead_on_wire.yaml"), "--states", "2", "--json"}).out);
  EXPECT_EQ(j["reference"], "udwadia-kalaba");
  for (const auto& m : j["methods"]) {
    EXPECT_EQ(m["applicable"].get<bool>(), m["name"] == "udwadia-kalaba") << m.dump();
    if (!m["applicable"].get<bool>()) {
      EXPECT_FALSE(m["reason"].get<std::string>().empty());
    }
  }
}

// Hamilton's equations reach q'' through the momenta, so they differ from Lagrange's in the last
// bits: a tolerance below rounding makes the methods disagree, and the run fails.
TEST(CompareCommand, DisagreementBeyondTheToleranceFails) {
  auto r = run({"compare", example("double_pendulum.yaml"), "--tol", "1e-30"});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("DISAGREES"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The methods do NOT all agree."), std::string::npos) << r.out;
}

// A model without masses: the reference itself cannot be evaluated (singular mass matrix).
TEST(CompareCommand, MethodsThatCannotBeEvaluatedFail) {
  auto r = run({"compare", example("angeles_rolling_disk.yaml"), "--states", "1"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("FAILED"), std::string::npos) << r.out;
}

// Géradin E1.2: the rim point P2 is massless, so M has zero rows for x2, y2, z2. Udwadia–Kalaba's
// equation (seed 002) needs M positive definite: it is not applicable, naming those coordinates,
// and the methods that apply agree.
TEST(CompareCommand, Geradin_E1_2_RollingWheel_MasslessCoordinatesRuleOutUdwadiaKalaba) {
  auto r = run({"compare", example("geradin_e1_2_rolling_wheel.yaml"), "--states", "2"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("coordinates x2, y2, z2 carry no mass"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("All 6 applicable methods agree."), std::string::npos) << r.out;  // Boltzmann-Hamel too
}

// A method that does not finish within --time-limit is timed out (the worker process is killed),
// not a failure or a disagreement; when every method times out there is nothing to compare, and
// the run exits 1.
TEST(CompareCommand, EveryMethodTimedOutComparesNothing) {
  auto r = run({"compare", example("double_pendulum.yaml"), "--states", "1", "--time-limit", "1e-6"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("timed out: no result within 1e-06 s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("9 of the 9 applicable methods timed out (lagrange, kane, gibbs-appell, maggi, boltzmann-hamel, "
                       "gauss, udwadia-kalaba, fundamental-equation and hamilton; time limit 1e-06 s)."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("No method could be evaluated on this model."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FAILED"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("n/a"), std::string::npos) << r.out;
}

// A planar pendulum of six links in absolute angles: its dense 6 × 6 mass matrix of cos(q_i − q_j)
// passes for small, and GiNaC's symbolic inverse of it, which Hamilton's equations need, runs for
// minutes (its gcds), where Lagrange's and Kane's equations take milliseconds.
std::string six_link_pendulum() {
  std::ostringstream text;
  text << "name: six-link pendulum\nparameters: {m: 1, l: 1, g: 9.81}\ncoordinates: [q0, q1, q2, q3, q4, q5]\nframes:\n";
  for (int i = 0; i < 6; ++i) text << "  - {name: A" << i << ", parent: N, axis: z, angle: q" << i << "}\n";
  text << "points:\n";
  text << "  - {name: P0, from: O, position: {A0: [0, -l, 0]}}\n";
  for (int i = 1; i < 6; ++i) text << "  - {name: P" << i << ", from: P" << i - 1 << ", position: {A" << i << ": [0, -l, 0]}}\n";
  text << "particles:\n";
  for (int i = 0; i < 6; ++i) text << "  - {name: b" << i << ", point: P" << i << ", mass: m}\n";
  text << "gravity: {N: [0, -g, 0]}\n";
  const auto path = adyn::test::temporary_file("six_link_pendulum.yaml");
  std::ofstream(path) << text.str();
  return path;
}

// With a limit of 0.5 s Hamilton times out on the six-link pendulum, the two that finished agree,
// and the run exits 0 listing the one that timed out (text and JSON). (Andrews' squeezer served
// here until its Hamilton equations took 0.2 s instead of 3.4 s.)
TEST(CompareCommand, AMethodThatTimesOutIsListedAndTheOthersAgree) {
  const auto model = six_link_pendulum();
  auto r = run({"compare", model, "--states", "2", "--time-limit", "0.5", "--methods", "lagrange,kane,hamilton"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\nhamilton                                      timed out: no result within 0.5 s\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 of the 3 applicable methods timed out (hamilton; time limit 0.5 s).\n"
                       "The 2 methods that finished agree.\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("gauss"), std::string::npos) << r.out;  // only the methods asked for
  auto j = run({"compare", model, "--states", "2", "--time-limit", "0.5", "--methods", "kane,lagrange,hamilton", "--json"});
  EXPECT_EQ(j.status, 0) << j.out << j.err;
  const auto o = nlohmann::json::parse(j.out);
  EXPECT_TRUE(o["agree"].get<bool>());
  EXPECT_EQ(o["reference"], "kane");  // the order given
  EXPECT_EQ(o["timed_out"], nlohmann::json::array({"hamilton"}));
  EXPECT_DOUBLE_EQ(o["time_limit"].get<double>(), 0.5);
  ASSERT_EQ(o["methods"].size(), 3u);
  EXPECT_EQ(o["methods"][0]["status"], "reference");
  EXPECT_EQ(o["methods"][1]["status"], "agrees");
  EXPECT_EQ(o["methods"][2]["status"], "timed out");
  EXPECT_TRUE(o["methods"][2]["failure"].is_null());
}

// --skip leaves out the methods named; the rest run in the usual order.
TEST(CompareCommand, SkippedMethodsAreNotRun) {
  auto r = run({"compare", example("double_pendulum.yaml"), "--states", "1", "--skip", "hamilton,gauss"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("All 7 applicable methods agree."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("hamilton"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\ngauss"), std::string::npos) << r.out;
}

// Closed mechanisms: the states are drawn near the model's initial configuration and projected onto
// the loop constraints (uniform draws in ±1.2 rad pulled the loops apart: "inconsistent", exit 2).
TEST(CompareCommand, ClosedLoopMechanismsCompareNearTheirConfiguration) {
  for (const char* model : {"four_bar_joint.yaml", "slider_crank_joint.yaml"}) {
    auto r = run({"compare", example(model), "--states", "3"});
    EXPECT_EQ(r.status, 0) << model << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("applicable methods agree."), std::string::npos) << r.out;
  }
}

