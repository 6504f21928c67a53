// The operating point of the analyses from values given by name — numbers (Python's floats) or
// expressions in the parameters (the command line's text) —, and the linearization about it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/application/linearization.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "test_support.hpp"

using namespace adyn;
using application::Assignment;

namespace {

io::ModelDocument pendulum() { return io::read_model_document(test::example("double_pendulum.yaml")); }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

// A number is exact as a model file's literal: 0.35 is 7/20, not the double nearest it.
TEST(Assignment, NumbersAreExactDecimalsAndExpressionsAreParsed) {
  const auto doc = pendulum();
  const Assignment number{"q1", 0.35}, text{"q1", std::string("l2/2 + 1/10")};
  EXPECT_EQ(number.text(), "q1=0.35");
  EXPECT_EQ(text.text(), "q1=l2/2 + 1/10");
  EXPECT_TRUE((application::value_of(doc.system, number, "x") - GiNaC::numeric(7, 20)).is_zero());
  const auto l2 = doc.system.symbol_table().at("l2");
  EXPECT_TRUE((application::value_of(doc.system, text, "x") - (l2 / 2 + GiNaC::numeric(1, 10))).is_zero());
  EXPECT_EQ(error_of([&] { application::value_of(doc.system, {"q1", std::nan("")}, "operating point 'q1=nan'"); }),
            "operating point 'q1=nan': expected a finite number");
  EXPECT_NE(error_of([&] { application::value_of(doc.system, {"q1", std::string("sin(")}, "at"); }).find("at: "),
            std::string::npos);
}

// The initial conditions, then the given values; a number and its text give the same point.
TEST(OperatingPoint, GivenValuesOverTheInitialConditions) {
  const auto doc = pendulum();
  const auto eom = analysis::derive_without_redundant_rows(doc.system, "lagrange");
  const auto initial = application::operating_point(doc, eom, {});
  EXPECT_DOUBLE_EQ(initial.state.q(0), 0.8);
  EXPECT_DOUBLE_EQ(initial.state.q(1), -0.4);
  const auto given = application::operating_point(doc, eom, {{"q2", 0.25}, {"q1_d", std::string("l2")}});
  EXPECT_DOUBLE_EQ(given.state.q(0), 0.8);
  EXPECT_DOUBLE_EQ(given.state.q(1), 0.25);
  EXPECT_DOUBLE_EQ(given.state.u(0), 0.5);
  const auto as_text = application::operating_point(doc, eom, {{"q2", std::string("0.25")}, {"q1_d", std::string("l2")}});
  EXPECT_EQ(as_text.state.q, given.state.q);
  EXPECT_EQ(as_text.state.u, given.state.u);
  const auto rest = application::operating_point(doc, eom, {}, true);
  EXPECT_TRUE(rest.state.q.isZero() && rest.state.u.isZero());
  EXPECT_EQ(error_of([&] { application::operating_point(doc, eom, {{"q3", 1.0}}); }),
            "operating point 'q3=1': 'q3' is not a coordinate, rate, speed, parameter or input of the model");
}

// Parameters named among the values are set (expressions in the other parameters' values); the
// rest is the state's.
TEST(OperatingPoint, ParametersAreSetAndTheStateIsLeft) {
  auto doc = pendulum();
  const auto rest = application::set_parameters(doc.system, {{"l2", std::string("2*l1")}, {"q1", 0.1}, {"g", 1.62}});
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].name, "q1");
  const auto values = doc.system.parameter_values();
  EXPECT_DOUBLE_EQ(GiNaC::ex_to<GiNaC::numeric>(values.at(doc.system.symbol_table().at("l2"))).to_double(), 2.0);
  EXPECT_DOUBLE_EQ(GiNaC::ex_to<GiNaC::numeric>(values.at(doc.system.symbol_table().at("g"))).to_double(), 1.62);
  EXPECT_EQ(error_of([&] { application::parameter_named(doc.system, "q1", "sweep of 'q1'"); }),
            "sweep of 'q1': 'q1' is not a parameter of the model");
}

// The hanging pendulum is an equilibrium: no note. Its initial state (displaced) is not: a note
// that the linearization holds at this instant only.
TEST(Linearization, NotesAnOperatingPointThatIsNotStationary) {
  const auto at_rest = application::linearize_model(pendulum(), "kane", {}, true, {});
  EXPECT_TRUE(at_rest.notes.empty());
  EXPECT_EQ(at_rest.lin.state_names(), (std::vector<std::string>{"q1", "q2", "q1_d", "q2_d"}));
  const auto displaced = application::linearize_model(pendulum(), "kane", {}, false, {});
  ASSERT_EQ(displaced.notes.size(), 1u);
  EXPECT_EQ(displaced.notes[0].rfind("the operating point is not an equilibrium or steady motion", 0), 0u);
  EXPECT_NE(displaced.notes[0].find("the linearization holds only at this instant"), std::string::npos);
}

TEST(Unknowns, NamedAmongTheEquationsCoordinatesAndSpeeds) {
  const auto doc = pendulum();
  const auto eom = analysis::derive_without_redundant_rows(doc.system, "kane");
  EXPECT_EQ(application::unknowns_named(eom, {"q2"}, "--free").size(), 1u);
  EXPECT_EQ(error_of([&] { application::unknowns_named(eom, {"l1"}, "--free"); }),
            "--free 'l1': not a coordinate or speed of the Kane equations");
}

// The eigenanalysis (numbers throughout) computes with the point's values as floating-point
// numbers: the bicycle leaning at phi = 0.1 (read as 1/10) kept exact gave expressions of megabytes
// in sin(1/10) and the square roots of the dependent coordinates' solution, whose evaluation
// cancelled catastrophically (−0.28 ± 6.08i, −9.35, −0.26). Its eigenvalues must be those a point
// 1e-10 away gives (whose decimals were never exact in small terms): −0.80 ± 4.47i, −14.05, −0.31.
TEST(Linearization, TheEigenvaluesAtAnExactDecimalAreThoseOfTheNeighbouringPoint) {
  const auto doc = io::read_model_document(test::example("whipple_bicycle.yaml"));
  const auto eom = analysis::derive_without_redundant_rows(doc.system, "kane");
  auto eigenvalues_at = [&](const std::string& phi) {
    const auto l = application::linearize_equations(doc, eom, {Assignment{"phi", phi}}, false, std::vector<std::string>{});
    auto values = analysis::eigenanalysis(l.lin, l.doc.system.parameter_values()).eigenvalues;
    std::sort(values.begin(), values.end(), [](auto a, auto b) { return std::pair(a.real(), a.imag()) < std::pair(b.real(), b.imag()); });
    return values;
  };
  const Eigen::VectorXcd exact = eigenvalues_at("1/10"), near = eigenvalues_at("0.1000000001");
  ASSERT_EQ(exact.size(), near.size());
  EXPECT_LT((exact - near).cwiseAbs().maxCoeff(), 1e-7) << exact.transpose() << "\n" << near.transpose();
  EXPECT_NEAR(exact(0).real(), -14.0515706, 1e-6);
}
