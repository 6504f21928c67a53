// Values that are not finite real numbers, named: sym::evaluate says what it evaluated, why it has
// no value, and at which values of its symbols; numbers beyond the range of doubles are shown as
// such, not as a library's exception.
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include "adyn/error.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/number_forms.hpp"

namespace {

std::string message_of(const GiNaC::ex& e, const GiNaC::exmap& values) {
  try {
    adyn::sym::evaluate(e, values, "force 'F'");
  } catch (const adyn::EvaluationError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(EvaluateMessages, NameTheValueTheCauseAndTheState) {
  const GiNaC::symbol x("x"), y("y");
  EXPECT_EQ(message_of(1 / x + y, {{x, 0}, {y, 2}}), "force 'F': cannot be evaluated at x = 0, y = 2: division by zero");
  EXPECT_EQ(message_of(x * x, {{x, 1e200}}),
            "force 'F': its value, about 1e+400, is beyond the range of floating-point numbers at x = 1e+200");
  EXPECT_EQ(message_of(-x * x * 2, {{x, 1e200}}),
            "force 'F': its value, about -2e+400, is beyond the range of floating-point numbers at x = 1e+200");
  EXPECT_EQ(message_of(GiNaC::sqrt(x), {{x, -1}}), "force 'F': value is not real at x = -1");
}

TEST(EvaluateMessages, DecimalsBeyondTheRangeOfDoublesAreShown) {
  const GiNaC::symbol x("x");
  const GiNaC::ex big = adyn::sym::exact_numbers(GiNaC::ex(1e200));
  GiNaC::ex shown;
  EXPECT_NO_THROW(shown = adyn::sym::decimal_numbers(big * big * x));  // CLN refuses a double that is inf
  EXPECT_EQ(GiNaC::is_a<GiNaC::mul>(shown), true);
  const GiNaC::ex coefficient = shown.coeff(x);
  ASSERT_TRUE(GiNaC::is_a<GiNaC::numeric>(coefficient)) << shown;
  EXPECT_NEAR(GiNaC::ex_to<GiNaC::numeric>((coefficient / GiNaC::numeric(10).power(400)).evalf()).to_double(), 1, 1e-12);
}

}  // namespace
