#include "adyn/symbolic/expansion_size.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {
namespace {

// The number of monomials of degree n in k variables, C(n + k − 1, k − 1): the terms of a sum of k
// terms raised to the n-th power (the multinomial theorem). Infinity when it exceeds a double.
double multinomial_terms(double k, double n) {
  if (k <= 1 || n <= 1) return std::pow(k, n);
  const double log_terms = std::lgamma(n + k) - std::lgamma(n + 1) - std::lgamma(k);
  return log_terms > 700 ? HUGE_VAL : std::round(std::exp(log_terms));
}

struct TermCount {
  ExMap<double> memo;
  double largest = 1;

  // The terms of e expanded at its own level; records the largest count met anywhere below.
  double terms(const GiNaC::ex& e) {
    if (atomic(e)) return 1;
    if (auto done = memo.find(e); done != memo.end()) return done->second;
    double n = 1;
    if (is<GiNaC::add>(e)) {
      n = 0;
      for (const auto& term : e) n += terms(term);
    } else if (is<GiNaC::mul>(e)) {
      for (const auto& factor : e) n *= terms(factor);
    } else if (is<GiNaC::power>(e) && is<GiNaC::numeric>(e.op(1)) &&
               GiNaC::ex_to<GiNaC::numeric>(e.op(1)).is_rational()) {
      // (a + b)^(5/2) expands as (a + b)^2 (a + b)^(1/2)
      const double whole = std::floor(std::abs(GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_double()));
      n = multinomial_terms(terms(e.op(0)), whole);
    } else {  // a function or a symbolic power: one term, its operands expanded inside
      for (const auto& operand : e) terms(operand);
    }
    largest = std::max(largest, n);
    memo.emplace(e, n);
    return n;
  }
};

// A fraction as normal() makes it: the terms of its numerator, and its denominator as the distinct
// factors (keyed by the expression whose inverse they are) with their terms and exponents.
struct Fraction {
  double numerator = 1;
  ExMap<std::pair<double, double>> denominator;  // base -> (its terms, exponent)
  double denominator_terms() const {
    double n = 1;
    for (const auto& [base, factor] : denominator) n *= multinomial_terms(factor.first, factor.second);
    return n;
  }
};

// A sum up to the monomial that divides all its terms, a number and the sign: b (x − y) and
// −2 c (x − y), written out, are one factor of a least common multiple.
GiNaC::ex primitive(const GiNaC::ex& sum) {
  if (!is<GiNaC::add>(sum)) return sum;
  std::optional<GiNaC::exmap> common;  // base -> least exponent in every term
  for (const auto& term : sum) {
    GiNaC::exmap own;
    const auto add_factor = [&](const GiNaC::ex& factor) {
      if (is<GiNaC::numeric>(factor)) return;
      const bool power = is<GiNaC::power>(factor) && is<GiNaC::numeric>(factor.op(1));
      own[power ? factor.op(0) : factor] = power ? factor.op(1) : 1;
    };
    if (is<GiNaC::mul>(term))
      for (const auto& factor : term) add_factor(factor);
    else
      add_factor(term);
    if (!common) {
      common = own;
      continue;
    }
    for (auto it = common->begin(); it != common->end();) {
      const auto found = own.find(it->first);
      if (found == own.end()) {
        it = common->erase(it);
        continue;
      }
      if (GiNaC::ex_to<GiNaC::numeric>(found->second) < GiNaC::ex_to<GiNaC::numeric>(it->second)) it->second = found->second;
      ++it;
    }
  }
  GiNaC::ex monomial = sum.integer_content();
  for (const auto& [base, exponent] : *common) monomial = monomial * GiNaC::pow(base, exponent);
  const GiNaC::ex key = (sum / monomial).expand(), negated = -key;
  return key.compare(negated) < 0 ? key : negated;
}

// normal() brings a sum over the least common multiple of its terms' denominators: each numerator
// is multiplied by the factors its own denominator lacks. Factors are told apart by their
// expression up to a monomial (primitive; equal denominators are met once), their terms estimated
// by TermCount.
struct NormalCount {
  TermCount expanded;
  ExMap<Fraction> memo;
  double largest = 1;

  Fraction of(const GiNaC::ex& e) {
    if (atomic(e)) return {};
    if (auto done = memo.find(e); done != memo.end()) return done->second;
    Fraction f;
    if (is<GiNaC::add>(e)) f = of_sum(e);
    else if (is<GiNaC::mul>(e)) f = of_product(e);
    else if (is<GiNaC::power>(e) && e.op(1).info(GiNaC::info_flags::integer)) f = of_power(e);
    else
      for (const auto& operand : e) of(operand);  // opaque: its operands normalized inside
    largest = std::max(largest, f.numerator + f.denominator_terms());
    memo.emplace(e, f);
    return f;
  }

  Fraction of_sum(const GiNaC::ex& e) {
    std::vector<Fraction> terms;
    Fraction sum;
    sum.numerator = 0;
    for (const auto& term : e) {
      terms.push_back(of(term));
      for (const auto& [base, factor] : terms.back().denominator) {
        auto& common = sum.denominator[base];
        common = {factor.first, std::max(common.second, factor.second)};
      }
    }
    for (const auto& t : terms) {
      double n = t.numerator;
      for (const auto& [base, factor] : sum.denominator) {
        const auto own = t.denominator.find(base);
        n *= multinomial_terms(factor.first, factor.second - (own == t.denominator.end() ? 0 : own->second.second));
      }
      sum.numerator += n;
    }
    return sum;
  }

  Fraction of_product(const GiNaC::ex& e) {
    Fraction product;
    for (const auto& factor : e) {
      const Fraction f = of(factor);
      product.numerator *= f.numerator;
      for (const auto& [base, d] : f.denominator) {
        auto& common = product.denominator[base];
        common = {d.first, common.second + d.second};
      }
    }
    return product;
  }

  Fraction of_power(const GiNaC::ex& e) {
    const Fraction base = of(e.op(0));
    const double n = GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_double();
    Fraction f;
    if (n >= 0) {
      f.numerator = multinomial_terms(base.numerator, n);
      for (const auto& [b, d] : base.denominator) f.denominator[b] = {d.first, d.second * n};
    } else {  // (N/D)^−m = D^m / N^m
      f.numerator = multinomial_terms(base.denominator_terms(), -n);
      f.denominator[primitive(e.op(0))] = {std::max(base.numerator, expanded.terms(e.op(0))), -n};
    }
    return f;
  }
};

}  // namespace

double normalized_terms(const GiNaC::ex& e) {
  NormalCount count;
  count.of(e);
  return count.largest;
}

double expanded_terms(const GiNaC::ex& e) {
  TermCount count;
  count.terms(e);
  return count.largest;
}

bool expansion_is_small(const GiNaC::ex& e, std::size_t limit) { return expansion_is_small(std::vector{e}, limit); }

bool expansion_is_small(const std::vector<GiNaC::ex>& es, std::size_t limit) {
  std::size_t operations = 0;
  for (const auto& e : es)
    if ((operations += operation_count(e)) > limit) return false;
  double terms = 0;
  for (const auto& e : es)
    if ((terms += expanded_terms(e)) > static_cast<double>(limit)) return false;
  return true;
}

}  // namespace adyn::sym
