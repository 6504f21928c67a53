// sym::CanonicalOrder and the printers and common subexpressions built on it: output that does not
// depend on GiNaC's order of operands or on the sign GiNaC gives a sum inside a product. Equal
// values GiNaC may hold in two forms are built here in both forms with hold() (GiNaC picks one of
// them by its own order, which changes from run to run); the cross-process test is
// tests/cli/test_determinism.cpp.
#include <gtest/gtest.h>

#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/printers.hpp"

using namespace adyn;
using GiNaC::ex;

namespace {

const GiNaC::symbol a("a"), b("b"), l("l"), m("m"), x("x");

// l·(a − b), held as GiNaC might hold it: with the sum negated and the sign outside.
ex product_with_sign_outside() { return GiNaC::mul(l, b - a, -1).hold(); }
ex product_with_sign_inside() { return GiNaC::mul(l, a - b).hold(); }

}  // namespace

TEST(CanonicalOrder, ASumAndItsNegationListTheirTermsAlike) {
  sym::CanonicalOrder order;
  const ex s = a - 2 * b + x * m, negated = -s;
  const auto terms = order.operands(s), negated_terms = order.operands(negated);
  ASSERT_EQ(terms.size(), negated_terms.size());
  for (std::size_t i = 0; i < terms.size(); ++i) EXPECT_TRUE(terms[i].is_equal(-negated_terms[i])) << i;
  EXPECT_NE(order.negative(s), order.negative(negated));
}

TEST(CanonicalOrder, OneValueHeldTwoWaysHasOneHashAndSign) {
  sym::CanonicalOrder order;
  EXPECT_EQ(order.hash(product_with_sign_outside()), order.hash(product_with_sign_inside()));
  EXPECT_EQ(order.negative(product_with_sign_outside()), order.negative(product_with_sign_inside()));
  const ex cube_outside = GiNaC::mul(GiNaC::power(a - b, 3), -1).hold(), cube_inside = GiNaC::power(b - a, 3).hold();
  EXPECT_EQ(order.hash(cube_outside), order.hash(cube_inside));
  EXPECT_NE(order.hash(l * (a - b)), order.hash(l * (a + b)));
}

TEST(CanonicalOrder, SortsSymbolsByNameAndNumbersByValue) {
  const auto sorted = sym::canonically_sorted({x, GiNaC::numeric(3), b, GiNaC::numeric(-1), a});
  const std::vector<ex> expected = {GiNaC::numeric(-1), GiNaC::numeric(3), a, b, x};
  ASSERT_EQ(sorted.size(), expected.size());
  for (std::size_t i = 0; i < sorted.size(); ++i) EXPECT_TRUE(sorted[i].is_equal(expected[i])) << i;
}

// GiNaC holds −1 and −1.0 (2 and 2.0, 1/2 and 0.5) as one number: they compare equal and hash
// alike, so the memo of keys holds whichever it meets first, in GiNaC's order of operands. The key
// is the value's (the number printed once made it the form's): the order of the generated code of a
// robot's articulated-body algorithm changed with which it met first, 1 run in 4.
TEST(CanonicalOrder, ANumberHasOneKeyInWhicheverFormItIsMetFirst) {
  const ex minus_one = GiNaC::numeric(-1), two = GiNaC::numeric(2), half = GiNaC::numeric(1, 2);
  for (const ex& number : {minus_one, two, half}) {
    sym::CanonicalOrder exact_first, float_first;
    const ex as_float = number.evalf(), product = GiNaC::mul(x, number).hold(), float_product = GiNaC::mul(x, as_float).hold();
    const auto exact_hash = exact_first.hash(number);
    EXPECT_EQ(float_first.hash(as_float), exact_hash) << number;
    EXPECT_EQ(float_first.hash(number), exact_hash) << number;
    EXPECT_EQ(float_first.hash(float_product), exact_first.hash(product)) << number;
  }
}

TEST(CanonicalPrinters, OneValueHeldTwoWaysPrintsAsOne) {
  for (auto print : {&sym::to_text, &sym::to_c}) {
    EXPECT_EQ(print(product_with_sign_outside()), print(product_with_sign_inside()));
    EXPECT_EQ(print(GiNaC::power(b - a, 3).hold()), print(GiNaC::mul(GiNaC::power(a - b, 3), -1).hold()));
  }
  EXPECT_EQ(sym::to_latex(product_with_sign_outside()), sym::to_latex(product_with_sign_inside()));
  EXPECT_EQ(sym::to_text(product_with_sign_inside()), "l*(a-b)");
  EXPECT_EQ(sym::to_text(GiNaC::power(b - a, 3).hold()), "-(a-b)^3");
}

TEST(CanonicalPrinters, NamesInOrderNumbersLastDenominatorsAsFractions) {
  const ex e = m * x * x / 2 - 3;
  EXPECT_EQ(sym::to_text(e), "m*x^2/2-3");
  EXPECT_EQ(sym::to_latex(e), "\\frac{m x^{2}}{2}-3");
  EXPECT_EQ(sym::to_c(e), "(1.0/2.0)*m*(x*x)-3.0");
  EXPECT_EQ(sym::to_text(l / (a + b)), "l/(a+b)");
  EXPECT_EQ(sym::to_text(-a / (b * m)), "-a/(b*m)");
  EXPECT_EQ(sym::to_text(GiNaC::sqrt(a) * GiNaC::sin(x)), "sqrt(a)*sin(x)");
}

// A rational whose numerator or denominator is not a double exactly prints as the double nearest to
// it: as GiNaC prints it, each part rounded, it is off in the last digits, and past 10^308 (inf/inf).
// (Decimals are exact numbers: a robot's equations hold products of many of them.)
TEST(CanonicalPrinters, ARationalBeyondDoublesPrintsInCAsTheNearestDouble) {
  const GiNaC::numeric small = GiNaC::numeric(7).power(400) / GiNaC::numeric(10).power(340);
  EXPECT_EQ(sym::to_c(small * x), "1.0945006043361131e-02*x");
  EXPECT_EQ(sym::to_c(GiNaC::numeric(1, 3) + GiNaC::numeric(1).div(GiNaC::numeric(10).power(30)) + x),
            "x+3.3333333333333331e-01");
  EXPECT_EQ(sym::to_c(-GiNaC::numeric(123456789012345678LL) / GiNaC::numeric(1000) * x), "-1.2345678901234567e+14*x");
  EXPECT_EQ(sym::to_c(GiNaC::numeric(3, 7) * x), "(3.0/7.0)*x");  // both doubles exactly: divided as written
}

TEST(CommonSubexpressions, ASumAndItsNegationAreOneTemporary) {
  const auto reduced = sym::cse({product_with_sign_inside(), GiNaC::mul(m, b - a).hold()}, "t");
  ASSERT_EQ(reduced.temporaries.size(), 1u);
  EXPECT_EQ(sym::to_text(reduced.temporaries[0].second), "a-b");
  const ex t = reduced.temporaries[0].first;
  EXPECT_TRUE(reduced.outputs[0].is_equal(l * t)) << reduced.outputs[0];
  EXPECT_TRUE(reduced.outputs[1].is_equal(-m * t)) << reduced.outputs[1];
}
