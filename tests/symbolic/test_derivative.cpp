#include <gtest/gtest.h>

#include <random>

#include "adyn/error.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

using namespace adyn;
using GiNaC::ex;
using GiNaC::symbol;

namespace {

double at(const ex& e, const GiNaC::exmap& values) {
  return GiNaC::ex_to<GiNaC::numeric>(e.subs(values).evalf()).to_double();
}

// Distinct subexpressions of e: the size of its graph.
std::size_t graph_size(const ex& e, sym::ExMap<bool>& seen) {
  if (sym::atomic(e) || !seen.emplace(e, true).second) return 0;
  std::size_t n = 1;
  for (const auto& child : e) n += graph_size(child, seen);
  return n;
}

std::size_t graph_size(const ex& e) {
  sym::ExMap<bool> seen;
  return graph_size(e, seen);
}

}  // namespace

// Every elementary function's rule, against GiNaC's own diff at random points.
TEST(ChainRule, AgreesWithGinacOnElementaryFunctions) {
  symbol x("x"), y("y");
  const std::vector<ex> cases = {
      sin(x * y) * cos(x) + tan(x / 3),         exp(x * x) * log(1 + y * y),    pow(x, 3) / (1 + y) + sqrt(x * y),
      asin(x / 4) + acos(y / 5) + atan(x * y),  atan2(y * x, 1 + x),            sinh(x) * cosh(y) + tanh(x * y),
      pow(x, y) + pow(2, x),                     abs(x - y) * x,                 1 / (x * x + y * y + sin(x))};
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> value(0.2, 1.1);
  for (const auto& e : cases) {
    sym::PartialDerivative d(x);
    const ex ours = d(e), ginacs = e.diff(x);
    for (int k = 0; k < 4; ++k) {
      GiNaC::exmap point{{x, value(rng)}, {y, value(rng)}};
      const double reference = at(ginacs, point);
      EXPECT_NEAR(at(ours, point), reference, 1e-12 * (1 + std::abs(reference))) << e;
    }
  }
}

// d/dt sin(q) u² + t q = cos(q) q̇ u² + 2 sin(q) u u̇ + q + t q̇ (parameters are constant).
TEST(ChainRule, TotalTimeDerivativeInOnePass) {
  auto q = sym::dynamic_symbol("q"), u = sym::dynamic_symbol("u");
  auto m = sym::parameter("m");
  const auto t = sym::time();
  auto qd = sym::derivative_of(q), ud = sym::derivative_of(u);
  const ex e = m * sin(q) * u * u + t * q;
  const ex expected = m * cos(q) * qd * u * u + 2 * m * sin(q) * u * ud + q + t * qd;
  EXPECT_TRUE((sym::time_derivative(e) - expected).expand().is_zero());
}

// x_{k+1} = sin(x_k) x_k + x_k²: the tree of x_40 has about 2^40 nodes, its graph 4 per level. The
// derivative is found on the graph and is a graph of the same order (GiNaC's diff would walk the
// tree).
TEST(ChainRule, CostsTheGraphNotTheTree) {
  // Built with sym::times and without squares: GiNaC's operator* and power::eval ask every factor
  // for its return type, a walk of the tree that is exponential here for some term orders.
  symbol x("x");
  ex e = x;
  for (int k = 0; k < 40; ++k) e = sym::times(sin(e), e) + sym::times(e, x);
  sym::PartialDerivative d(x);
  const ex de = d(e);
  EXPECT_GT(sym::operation_count(e), std::size_t{1} << 40);
  EXPECT_LT(graph_size(e), 200u);
  EXPECT_LT(graph_size(de), 40u * 20u);
  // The value at a point matches the recurrence e' = cos(e) e' e + sin(e) e' + e' x + e.
  double v = 0.3, dv = 1;
  for (int k = 0; k < 40; ++k) {
    const double next = std::sin(v) * v + v * 0.3;
    dv = std::cos(v) * dv * v + std::sin(v) * dv + dv * 0.3 + v;
    v = next;
  }
  EXPECT_NEAR(at(sym::substitute(de, {{x, 0.3}}), {}), dv, 1e-10 * std::abs(dv));
}

TEST(Substitution, EqualsGinacSubsAndSharesWork) {
  symbol x("x"), y("y"), z("z");
  const ex e = sin(x + y) * pow(x, 2) + exp(y * z) / (1 + x);
  const GiNaC::exmap m{{x, z * z}, {y, 3}};
  EXPECT_TRUE((sym::substitute(e, m) - e.subs(m)).is_zero());
  ex deep = x;
  for (int k = 0; k < 60; ++k) deep = cos(deep) * deep + deep;
  const ex replaced = sym::substitute(deep, {{x, y}});
  EXPECT_TRUE(sym::contains(replaced, y));
  EXPECT_FALSE(sym::contains(replaced, x));
  EXPECT_LT(graph_size(replaced), 60u * 8u);
}

TEST(Occurrence, SharedMemoOverManyExpressions) {
  symbol x("x"), y("y");
  ex deep = y;
  for (int k = 0; k < 60; ++k) deep = sin(deep) * deep + deep;
  sym::Occurrence has_x(x);
  EXPECT_FALSE(has_x.in(deep));
  EXPECT_TRUE(has_x.in(deep + x));
  EXPECT_TRUE(has_x.in(GiNaC::matrix{{deep, 1}, {2, sin(x)}}));
}

TEST(ChainRule, RefusesWhatItCannotDifferentiate) {
  symbol x("x"), y("y");
  sym::PartialDerivative d(x);
  EXPECT_TRUE(d(GiNaC::lst{y, 2}).is_zero());
  EXPECT_THROW(d(GiNaC::lst{x, 2}), Error);
}
