// The size of an expression's expansion (expansion_size.hpp), bounded without expanding: a short
// expression that stands for millions of terms is kept as it is by the algebra that expands.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

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
