// sym::LinearSplitter: e = Σ_s c_s x_s + rest in one pass, equal to (∂e/∂x_s, e at x = 0), which
// is how set_mass_matrix_form computed M and F before issue 8.
#include <gtest/gtest.h>

#include <random>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/linear_split.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

const GiNaC::symbol a("a"), b("b"), c("c"), d("d"), q("q"), x1("x1"), x2("x2");

bool same(const ex& u, const ex& v) { return (u - v).expand().is_zero(); }

/// The split of e in x against the derivatives and the substitution x = 0, numerically (and, for
/// e linear in x, against e itself).
::testing::AssertionResult splits_like_derivatives(sym::LinearSplitter& splitter, const ex& e,
                                                   const std::vector<GiNaC::symbol>& x, bool linear = true) {
  const auto split = splitter.split(e);
  if (split.coefficients.size() != x.size()) return ::testing::AssertionFailure() << "wrong number of coefficients";
  GiNaC::exmap at_zero;
  ex recombined = split.rest;
  for (std::size_t s = 0; s < x.size(); ++s) {
    at_zero[x[s]] = 0;
    recombined += split.coefficients[s] * x[s];
    if (auto r = test::numerically_equal(split.coefficients[s], e.diff(x[s])); !r) return r << "\n  (coefficient " << s << ")";
  }
  if (auto r = test::numerically_equal(split.rest, e.subs(at_zero)); !r) return r << "\n  (rest)";
  if (!linear) return ::testing::AssertionSuccess();
  if (auto r = test::numerically_equal(recombined, e); !r) return r << "\n  (Σ c_s x_s + rest)";
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(LinearSplit, SumsSplitTermByTerm) {
  const auto split = sym::split_linear(a * x1 + b * x2 + c + x1 + sin(q), {x1, x2});
  ASSERT_EQ(split.coefficients.size(), 2u);
  EXPECT_TRUE(same(split.coefficients[0], a + 1));
  EXPECT_TRUE(same(split.coefficients[1], b));
  EXPECT_TRUE(same(split.rest, c + sin(q)));
}

TEST(LinearSplit, BareSymbolHasCoefficientOne) {
  const auto split = sym::split_linear(x2, {x1, x2});
  EXPECT_TRUE(split.coefficients[0].is_zero());
  EXPECT_TRUE(split.coefficients[1].is_equal(1));
  EXPECT_TRUE(split.rest.is_zero());
}

// a (b + c x1) d: the split of the one factor with x, scaled by the others (not expanded).
TEST(LinearSplit, NestedProductsScaleTheLinearFactor) {
  auto split = sym::split_linear(a * (b + c * x1) * d, {x1, x2});
  EXPECT_TRUE(same(split.coefficients[0], a * c * d));
  EXPECT_TRUE(split.coefficients[1].is_zero());
  EXPECT_TRUE(same(split.rest, a * b * d));

  const ex nested = 3 * a * (b + c * (x1 - d * (x2 + sin(q)) * b) + cos(q) * (a + x2)) * d;
  split = sym::split_linear(nested, {x1, x2});
  EXPECT_TRUE(same(split.coefficients[0], 3 * a * c * d));
  EXPECT_TRUE(same(split.coefficients[1], 3 * a * d * (cos(q) - b * c * d)));
  EXPECT_TRUE(same(split.rest, 3 * a * d * (b - b * c * d * sin(q) + a * cos(q))));
}

// x inside a function or a power, or in several factors: ∂/∂x_s and x = 0 on that subexpression.
TEST(LinearSplit, NonlinearSubexpressionsFallBackOnDerivatives) {
  const std::vector<GiNaC::symbol> x = {x1, x2};
  auto split = sym::split_linear(a * x1 + b * sin(q + x2), x);
  EXPECT_TRUE(same(split.coefficients[0], a));
  EXPECT_TRUE(same(split.coefficients[1], b * cos(q + x2)));
  EXPECT_TRUE(same(split.rest, b * sin(q)));

  split = sym::split_linear(c * pow(a + x1, 2), x);
  EXPECT_TRUE(same(split.coefficients[0], 2 * c * (a + x1)));
  EXPECT_TRUE(split.coefficients[1].is_zero());
  EXPECT_TRUE(same(split.rest, c * a * a));

  split = sym::split_linear(d * x1 * (a + x2), x);  // two factors containing x
  EXPECT_TRUE(same(split.coefficients[0], d * (a + x2)));
  EXPECT_TRUE(same(split.coefficients[1], d * x1));
  EXPECT_TRUE(split.rest.is_zero());

  sym::LinearSplitter splitter(x);
  for (const ex& e : {ex(exp(a * x1) + x2 * cos(b + x1)), ex(a / (b + x1) + x2), ex(pow(x1 + a, -1) * x2 * c + q)})
    EXPECT_TRUE(splits_like_derivatives(splitter, e, x, /*linear=*/false)) << e;
}

TEST(LinearSplit, ExpressionsWithoutTheSymbolsAreAllRest) {
  const ex e = a * sin(q) + b * pow(c, 2) + 7;
  auto split = sym::split_linear(e, {x1, x2});
  ASSERT_EQ(split.coefficients.size(), 2u);
  EXPECT_TRUE(split.coefficients[0].is_zero());
  EXPECT_TRUE(split.coefficients[1].is_zero());
  EXPECT_TRUE(split.rest.is_equal(e));
  split = sym::split_linear(a * x1, {});  // no symbols at all
  EXPECT_TRUE(split.coefficients.empty());
  EXPECT_TRUE(split.rest.is_equal(a * x1));
  EXPECT_TRUE(sym::split_linear(0, {x1}).rest.is_zero());
}

// A splitter remembers which subexpressions contain x; reusing it on expressions that share
// subexpressions (and on the same expression again) must not change the results.
TEST(LinearSplit, ReusedSplitterGivesTheSameSplits) {
  const std::vector<GiNaC::symbol> x = {x1, x2};
  sym::LinearSplitter splitter(x);
  const ex shared = a * (b + c * x1) + sin(q) * x2;
  for (const ex& e : {shared, ex(d * shared + x1), shared, ex(shared * cos(q) - shared * b)})
    EXPECT_TRUE(splits_like_derivatives(splitter, e, x)) << e;
}

// Deeply nested products and sums (the case where an unmemoised "contains x" is quadratic).
TEST(LinearSplit, DeepNesting) {
  ex e = x1;
  ex expected = 1;
  for (int k = 0; k < 100; ++k) {
    const GiNaC::symbol s;  // a new symbol at each level
    e = s * (e + (k % 2 ? a : b));
    expected = s * expected;
  }
  const auto split = sym::split_linear(e + x2, {x1, x2});
  EXPECT_TRUE(same(split.coefficients[0], expected));
  EXPECT_TRUE(split.coefficients[1].is_equal(1));
  EXPECT_TRUE(same(split.rest + expected * x1, e));
}

// The residuals of Kane's and Lagrange's equations of chains, split in u̇ (q̈): the same as ∂/∂u̇
// and u̇ = 0 at random values, and Kane's rows give back M and F.
TEST(LinearSplit, ChainResidualsAgainstDerivatives) {
  for (const auto& system : {seeds::double_pendulum(), seeds::guided_double_pendulum()}) {
    const auto eom = formulations::kane(system);
    const auto udot = sym::derivatives_of(eom.speeds);
    const auto p = static_cast<unsigned>(eom.p());
    sym::LinearSplitter splitter(udot);
    for (unsigned r = 0; r < p; ++r) {
      ex residual = -eom.forcing(r, 0);
      for (unsigned s = 0; s < p; ++s) residual += eom.mass_matrix(r, s) * udot[s];
      EXPECT_TRUE(splits_like_derivatives(splitter, residual, udot)) << system.name() << " row " << r;
      EXPECT_TRUE(splits_like_derivatives(splitter, residual.expand(), udot)) << system.name() << " row " << r;
      const auto split = splitter.split(residual * sin(eom.coordinates[0]));
      for (unsigned s = 0; s < p; ++s)
        EXPECT_TRUE(test::numerically_equal(split.coefficients[s], eom.mass_matrix(r, s) * sin(eom.coordinates[0])));
      EXPECT_TRUE(test::numerically_equal(split.rest, -eom.forcing(r, 0) * sin(eom.coordinates[0])));
    }
  }
  // Lagrange's residuals as derived by hand: d/dt ∂T/∂q̇ − ∂T/∂q + ∂V/∂q, linear in q̈.
  const auto form = formulations::lagrangian_form(seeds::double_pendulum());
  const auto qd = sym::derivatives_of(form.coordinates), qdd = sym::derivatives_of(form.coordinates, 2);
  sym::LinearSplitter splitter(qdd);
  for (std::size_t i = 0; i < form.coordinates.size(); ++i) {
    const ex residual = sym::time_derivative(form.kinetic_energy.diff(qd[i])) -
                        form.kinetic_energy.diff(form.coordinates[i]) + form.potential_energy.diff(form.coordinates[i]);
    EXPECT_TRUE(splits_like_derivatives(splitter, residual, qdd)) << "Lagrange row " << i;
  }
}
