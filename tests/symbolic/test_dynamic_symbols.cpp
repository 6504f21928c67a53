#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::pow;
using GiNaC::sin;

TEST(DynamicSymbols, DerivativeNamesAndOrders) {
  auto q = sym::dynamic_symbol("q1");
  auto qd = sym::derivative_of(q), qdd = sym::derivative_of(q, 2);
  EXPECT_EQ(qd.get_name(), "q1_d");
  EXPECT_EQ(qdd.get_name(), "q1_dd");
  EXPECT_TRUE(sym::derivative_of(qd).is_equal(qdd));
  EXPECT_TRUE(sym::derivative_of(q, 0).is_equal(q));
  EXPECT_EQ(sym::derivative_order(qdd), 2);
  EXPECT_TRUE(sym::is_dynamic(qd));
  EXPECT_FALSE(sym::is_dynamic(sym::parameter("m")));
  EXPECT_THROW(sym::derivative_of(sym::parameter("m")), ModelError);
}

// d/dt f(q, q̇, u, t) = ∂f/∂t + Σ ∂f/∂q q̇ + Σ ∂f/∂q̇ q̈ + Σ ∂f/∂u u̇.
TEST(DynamicSymbols, ChainRuleTimeDerivative) {
  auto q = sym::dynamic_symbol("q"), u = sym::dynamic_symbol("u");
  auto w = sym::parameter("w");
  const auto t = sym::time();
  auto qd = sym::derivative_of(q), qdd = sym::derivative_of(q, 2), ud = sym::derivative_of(u);
  GiNaC::ex f = w * sin(q) * qd + u * u * cos(w * t);
  GiNaC::ex expected = w * cos(q) * qd * qd + w * sin(q) * qdd + 2 * u * ud * cos(w * t) - u * u * w * sin(w * t);
  EXPECT_TRUE((sym::time_derivative(f) - expected).expand().is_zero());
  EXPECT_TRUE(sym::time_derivative(w).is_zero());
  // Second derivative of q² is 2 q̇² + 2 q q̈.
  EXPECT_TRUE((sym::time_derivative(sym::time_derivative(q * q)) - 2 * qd * qd - 2 * q * qdd).expand().is_zero());
}
