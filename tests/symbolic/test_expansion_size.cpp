// The size of an expression's expansion (expansion_size.hpp), bounded without expanding: a short
// expression that stands for millions of terms is kept as it is by the algebra that expands.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>

#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

using namespace adyn;
using GiNaC::ex;
using GiNaC::symbol;

TEST(ExpansionSize, CountsTermsAsTheMultinomialTheoremDoes) {
  const symbol x("x"), y("y"), z("z");
  EXPECT_EQ(sym::expanded_terms(x), 1);
  EXPECT_EQ(sym::expanded_terms(x + y + 1), 3);
  EXPECT_EQ(sym::expanded_terms((x + y) * (x + z + 1)), 6);
  EXPECT_EQ(sym::expanded_terms(GiNaC::pow(x + y + z + 1, 30)), 5456);                    // C(33, 3)
  EXPECT_EQ(sym::expanded_terms(GiNaC::pow(x + y + 1, 40) * GiNaC::pow(x - y + 2, 40)), 861.0 * 861);  // C(42, 2)²
  EXPECT_EQ(sym::expanded_terms(GiNaC::pow(x + y, -3)), 4);                               // the denominator's
  EXPECT_EQ(sym::expanded_terms(GiNaC::sqrt(x + y) * (x + 1)), 2);                        // a root is one factor
  EXPECT_EQ(sym::expanded_terms(GiNaC::sin(GiNaC::pow(x + y, 3)) + 1), 4);                // the argument's own
  EXPECT_GT(sym::expanded_terms(GiNaC::pow(GiNaC::pow(x + y + 1, 9) + 1, 9)), 1e10);
  EXPECT_EQ(sym::expanded_terms(GiNaC::pow(GiNaC::pow(x + y + 1, 900) + 1, 900)), HUGE_VAL);  // saturates
}

TEST(ExpansionSize, SmallForExpansionBoundsOperationsAndTerms) {
  const symbol x("x"), y("y");
  EXPECT_TRUE(sym::expansion_is_small(GiNaC::pow(x + y, 3), 400));
  EXPECT_FALSE(sym::expansion_is_small(GiNaC::pow(x + y + 1, 40), 400));  // 3 operations, 861 terms
  EXPECT_FALSE(sym::expansion_is_small(std::vector<ex>{GiNaC::pow(x + y, 300), GiNaC::pow(x - y, 300)}, 400));
}

// The simplifications that expand leave an expression that would swell as it is, at once (it took
// minutes, or ran out of memory).
TEST(ExpansionSize, SimplificationLeavesAnExpandBombAlone) {
  const symbol x("x"), y("y");
  const ex bomb = GiNaC::pow(GiNaC::pow(x + y + 1, 9) + 1, 9) * x;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(sym::trig_simplify(bomb).is_equal(bomb));
  EXPECT_TRUE(sym::normal_if_small(bomb).is_equal(bomb));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
}

namespace {
std::string indexed(const char* prefix, int i) {  // (appending, not operator+: GCC 12's -Wrestrict)
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}
}  // namespace

// normal() brings a sum over the least common multiple of its denominators: distinct ones
// multiply, equal ones (up to a monomial and the sign) are met once.
TEST(ExpansionSize, NormalFormCountsTheCommonDenominator) {
  const symbol a("a"), b("b"), c("c"), d("d"), x("x"), y("y");
  // (x (c + d) + y (a + b)) / ((a + b)(c + d)): 4 terms over 4, where expanded_terms counts 2 + 2
  EXPECT_EQ(sym::normalized_terms(x / (a + b) + y / (c + d)), 8);
  EXPECT_EQ(sym::expanded_terms(x / (a + b) + y / (c + d)), 4);
  EXPECT_EQ(sym::normalized_terms(x / (a + b) + y / (a + b)), 4);                          // (x + y)/(a + b)
  EXPECT_EQ(sym::normalized_terms(x / (b * a - b * c) + y / (2 * c * c - 2 * c * a)), 4);  // one factor a − c
  EXPECT_EQ(sym::normalized_terms(x / GiNaC::pow(a + b, 2) + y / (a + b)), 6);             // (x + y (a + b))/(a + b)²
  // Σ 1/(x_i + 1) over twelve symbols: 12 · 2¹¹ terms over 2¹²
  ex sum = 0;
  for (int i = 0; i < 12; ++i) sum += 1 / (symbol(indexed("x", i)) + 1);
  EXPECT_EQ(sym::normalized_terms(sum), 12 * 2048 + 4096);
  EXPECT_EQ(sym::expanded_terms(sum), 24);
}

// trig_simplify leaves a sum over many different denominators as it is, at once (its normal form
// is estimated at 28 672 terms), and still simplifies one over a common denominator.
TEST(ExpansionSize, SimplificationLeavesASumOverManyDenominatorsAlone) {
  ex sum = 0;
  for (int i = 0; i < 12; ++i) {
    const symbol q(indexed("q", i));
    sum += GiNaC::sin(q) / (GiNaC::cos(q) + 2);
  }
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(sym::trig_simplify(sum).is_equal(sum));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
  const symbol q("q"), x("x");
  const ex one = GiNaC::pow(GiNaC::sin(q), 2) / (x + 1) + GiNaC::pow(GiNaC::cos(q), 2) / (x + 1);
  EXPECT_TRUE((sym::trig_simplify(one) - 1 / (x + 1)).normal().is_zero()) << sym::trig_simplify(one);
}
