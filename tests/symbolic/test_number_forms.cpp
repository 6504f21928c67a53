// sym::decimal_numbers (number_forms.hpp), the display form of exact expressions grown from doubles (a linearization
// at a state whose values are doubles made exact): every number left exact is one a reader can
// take in (no numerator beyond 2^53, no denominator beyond 2^20), the value is that of the exact
// expression, and a product's inexact coefficient is spread over its first sum rather than shown
// as a huge number times a sum of tiny ones.
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include <cmath>
#include <random>

#include "adyn/symbolic/number_forms.hpp"

namespace {

using GiNaC::ex;

const GiNaC::symbol a("a"), b("b"), c("c"), m("m");

// Every exact number in e is small: a numerator within 2^53 and a denominator within 2^20.
bool only_small_exact_numbers(const ex& e) {
  if (GiNaC::is_a<GiNaC::numeric>(e)) {
    const auto& n = GiNaC::ex_to<GiNaC::numeric>(e);
    if (!n.is_rational()) return true;
    return GiNaC::abs(n.numer()) <= GiNaC::numeric(2).power(53) && n.denom() <= GiNaC::numeric(1 << 20);
  }
  for (const auto& op : e)
    if (!only_small_exact_numbers(op)) return false;
  return true;
}

double value(const ex& e) {
  const GiNaC::exmap at{{a, 0.7}, {b, -1.3}, {c, 2.1}, {m, 0.45}};
  return GiNaC::ex_to<GiNaC::numeric>(e.subs(at).evalf()).to_double();
}

// Sums and products of doubles made exact, nested as a linearization's entries are.
ex nested_expression(std::mt19937& random) {
  std::uniform_real_distribution<double> number(-3, 3);
  auto d = [&] { return adyn::sym::exact_numbers(ex(number(random))); };
  const ex s1 = d() * a + d() * b + d(), s2 = d() * a * c - d() * b + d() * m;
  const ex s3 = a * b * d() + d() * c * m;
  return (d() * d() * m * s1 * s2 + d() * s3 * GiNaC::pow(s1, 2)) / (d() * s2 + d() * a) - 3 * d() * GiNaC::pow(s3, -1) +
         GiNaC::sin(d() * a) * d();
}

TEST(DecimalNumbers, LeaveOnlySmallExactNumbersAndKeepTheValue) {
  std::mt19937 random(7);
  for (int k = 0; k < 50; ++k) {
    const ex exact = nested_expression(random);
    const ex shown = adyn::sym::decimal_numbers(exact);
    EXPECT_TRUE(only_small_exact_numbers(shown)) << shown;
    EXPECT_NEAR(value(shown), value(exact), 1e-12 * (1 + std::abs(value(exact)))) << shown;
  }
}

TEST(DecimalNumbers, SpreadAProductsInexactCoefficientOverItsFirstSum) {
  // 2^-60 · 3 · (2^60 a + b) · m: the sum's coefficients carry the scale, not one huge factor.
  const GiNaC::numeric tiny = GiNaC::numeric(2).power(-60), huge = GiNaC::numeric(2).power(60);
  const ex shown = adyn::sym::decimal_numbers((huge * a + b) * m * (tiny * 3));
  EXPECT_TRUE(only_small_exact_numbers(shown)) << shown;
  EXPECT_EQ(shown.expand().coeff(a).coeff(m), 3) << shown;
  EXPECT_NEAR(GiNaC::ex_to<GiNaC::numeric>(shown.expand().coeff(b).coeff(m)).to_double(), 3 * std::ldexp(1.0, -60), 1e-30);
}

TEST(DecimalNumbers, KeepExactNumbersThatAreSmall) {
  const ex e = a * a * m / 12 + GiNaC::sqrt(ex(2)) * b / 3 + GiNaC::sin(ex(GiNaC::numeric(2, 5))) * c;
  EXPECT_TRUE(adyn::sym::decimal_numbers(e).is_equal(e)) << adyn::sym::decimal_numbers(e);
}

}  // namespace
