#include <gtest/gtest.h>

#include "adyn/symbolic/trig_simplify.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {
const GiNaC::symbol a("a"), b("b"), m("m"), l("l"), q("q");
}

TEST(TrigSimplify, PythagoreanIdentitiesCollapse) {
  EXPECT_TRUE(sym::trig_simplify(pow(sin(q), 2) + pow(cos(q), 2)).is_equal(1));
  EXPECT_TRUE((sym::trig_simplify(m * l * l * pow(sin(q), 2) + m * l * l * pow(cos(q), 2)) - m * l * l).is_zero());
  ex r = sym::trig_simplify(1 - pow(sin(q), 2));
  EXPECT_TRUE((r - pow(cos(q), 2)).is_zero()) << r;
  ex f = sym::trig_simplify((a * pow(sin(q), 2) + a * pow(cos(q), 2) + b) / m);
  EXPECT_TRUE(((a + b) / m - f).normal().is_zero()) << f;
  // sin(π/2 − θ) = cos θ after expansion.
  EXPECT_TRUE((sym::trig_simplify(sin(GiNaC::Pi / 2 - q)) - cos(q)).is_zero());
}

TEST(TrigSimplify, NeverLarger) {
  ex e = sin(a) * cos(b) + m * pow(q, 3);
  EXPECT_LE(sym::expression_size(sym::trig_simplify(e)), sym::expression_size(e));
  EXPECT_TRUE(sym::trig_simplify(q).is_equal(q));
}

TEST(TrigSimplify, ExpandTrigOfSumsAndMultiples) {
  EXPECT_TRUE(test::numerically_equal(sym::expand_trig(sin(a + b)), sin(a) * cos(b) + cos(a) * sin(b)));
  ex c3 = sym::expand_trig(cos(3 * a));
  EXPECT_FALSE(c3.has(cos(3 * a)));
  EXPECT_TRUE(test::numerically_equal(c3, cos(3 * a)));
  ex t = sym::expand_trig(GiNaC::tan(a - 2 * b));
  EXPECT_TRUE(test::numerically_equal(t, GiNaC::tan(a - 2 * b)));
}

TEST(TrigSimplify, CompleteZeroTest) {
  EXPECT_TRUE(sym::is_zero_trig(sin(a + b) - sin(a) * cos(b) - cos(a) * sin(b)));
  EXPECT_TRUE(sym::is_zero_trig(cos(2 * a) - 1 + 2 * pow(sin(a), 2)));
  EXPECT_TRUE(sym::is_zero_trig(pow(sin(a), 4) - pow(cos(a), 4) + cos(2 * a)));
  EXPECT_TRUE(sym::is_zero_trig(GiNaC::tan(a) - sin(a) / cos(a)));
  EXPECT_TRUE(sym::is_zero_trig((pow(sin(q), 2) + pow(cos(q), 2) - 1) / (m + cos(q))));
  EXPECT_TRUE(sym::is_zero_trig(GiNaC::sqrt(a) * (pow(sin(b), 2) + pow(cos(b), 2)) - GiNaC::sqrt(a)));
  EXPECT_FALSE(sym::is_zero_trig(sin(a + b) - sin(a) * cos(b)));
  EXPECT_FALSE(sym::is_zero_trig(pow(sin(a), 2) - pow(cos(a), 2)));
  EXPECT_FALSE(sym::is_zero_trig(GiNaC::sqrt(pow(sin(a), 2)) - sin(a) + 1));
}

TEST(TrigSimplify, Matrices) {
  GiNaC::matrix M(1, 2, GiNaC::lst{pow(sin(q), 2) + pow(cos(q), 2), a});
  auto S = sym::trig_simplify(M);
  EXPECT_TRUE(S(0, 0).is_equal(1));
  EXPECT_TRUE(S(0, 1).is_equal(a));
}
