// The fingerprint of a function by its values (src/symbolic/value_fingerprint.cpp): equal for equal
// functions of another shape, different for different functions, numbers or inputs, none where a
// value is not finite or a function is not analytic, linear in the expression graph.
#include <gtest/gtest.h>

#include "adyn/symbolic/value_fingerprint.hpp"

using namespace adyn;
using GiNaC::ex;
using GiNaC::symbol;

namespace {

std::string fingerprint(const std::vector<symbol>& inputs, const std::vector<ex>& outputs) {
  const auto f = sym::value_fingerprint(inputs, outputs);
  if (!f) throw std::runtime_error("no fingerprint");
  return *f;
}

}  // namespace

// A derivation that follows GiNaC's operand order returns, in another process, a product over a sum
// where this one has the distributed terms: the same function, the same fingerprint.
TEST(ValueFingerprint, TheSameFunctionOfAnotherShapeHasTheSameFingerprint) {
  const symbol a("a"), b("b"), c("c");
  EXPECT_EQ(fingerprint({a, b, c}, {2 * (a + b) * c, GiNaC::sin(a) * GiNaC::sin(a + b) * 2}),
            fingerprint({a, b, c}, {2 * a * c + 2 * b * c, 2 * GiNaC::sin(a) * (GiNaC::sin(a) * GiNaC::cos(b) + GiNaC::cos(a) * GiNaC::sin(b))}));
}

TEST(ValueFingerprint, DifferentFunctionsOrInputsDiffer) {
  const symbol a("a"), b("b"), c("c");
  const std::vector<ex> f = {a * c, GiNaC::sin(b)};
  const auto reference = fingerprint({a, b, c}, f);
  EXPECT_NE(fingerprint({a, b, c}, {a * c + 1e-7 * b, GiNaC::sin(b)}), reference);  // within ten digits
  EXPECT_NE(fingerprint({a, b, c}, {a * c, GiNaC::cos(b)}), reference);
  EXPECT_NE(fingerprint({a, b, c}, {GiNaC::sin(b), a * c}), reference);             // outputs in another order
  EXPECT_NE(fingerprint({c, b, a}, f), reference);                                   // inputs in another order
  EXPECT_NE(fingerprint({a, b, symbol("d")}, {a * b, GiNaC::sin(b)}), fingerprint({a, b, c}, {a * b, GiNaC::sin(b)}));
  EXPECT_NE(fingerprint({a, b, c}, {a * c, GiNaC::sin(b), 0}), reference);
  // A term far below ten digits at the points, but a number that changed.
  EXPECT_NE(fingerprint({a, b, c}, {a * c + GiNaC::numeric(1, 1000000000) * GiNaC::pow(b, 40), GiNaC::sin(b)}),
            fingerprint({a, b, c}, {a * c + GiNaC::numeric(1, 1000000001) * GiNaC::pow(b, 40), GiNaC::sin(b)}));
}

TEST(ValueFingerprint, NoneWhereAValueIsNotFiniteASymbolIsNoInputOrAFunctionNotAnalytic) {
  const symbol a("a"), b("b");
  EXPECT_FALSE(sym::value_fingerprint({a}, {GiNaC::log(a - 1)}).has_value());  // every input lies in [0.3, 0.7)
  EXPECT_FALSE(sym::value_fingerprint({a}, {a * b}).has_value());
  EXPECT_FALSE(sym::value_fingerprint({a}, {GiNaC::zeta(b) + a}).has_value());  // a function GiNaC evaluates
  // Not analytic: (a − 2 + |a − 2|)/2 vanishes wherever a < 2, as at both points.
  EXPECT_FALSE(sym::value_fingerprint({a}, {a + (a - 2 + GiNaC::abs(a - 2)) / 2}).has_value());
  EXPECT_FALSE(sym::value_fingerprint({a}, {GiNaC::csgn(a)}).has_value());
  EXPECT_FALSE(sym::value_fingerprint({a}, {GiNaC::pow(a - a * a - 1, GiNaC::numeric(1, 2))}).has_value());  // √ of < 0
}

// e_k = x e_{k-1} + y e_{k-1}: a tree of 2^80 leaves, a graph of 3 nodes per level.
TEST(ValueFingerprint, EachNodeOfTheGraphIsEvaluatedOnce) {
  const symbol x("x"), y("y");
  ex e = x;
  for (int k = 0; k < 80; ++k) e = x * e + y * e;
  EXPECT_TRUE(sym::value_fingerprint({x, y}, {e}).has_value());
}
