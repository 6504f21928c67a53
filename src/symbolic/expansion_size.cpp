#include "adyn/symbolic/expansion_size.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/ex_map.hpp"

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
    if (GiNaC::is_a<GiNaC::add>(e)) {
      n = 0;
      for (const auto& term : e) n += terms(term);
    } else if (GiNaC::is_a<GiNaC::mul>(e)) {
      for (const auto& factor : e) n *= terms(factor);
    } else if (GiNaC::is_a<GiNaC::power>(e) && GiNaC::is_a<GiNaC::numeric>(e.op(1)) &&
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

}  // namespace

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
