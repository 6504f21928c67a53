#include "adyn/symbolic/antiderivative.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {
using namespace GiNaC;  // is_ex_the_function needs the unqualified function names
namespace {

using GiNaC::ex;

// ∫ term dx for one product term.
std::optional<ex> integrate_term(const ex& term, const GiNaC::symbol& x) {
  if (!term.has(x)) return term * x;
  if (term.is_polynomial(x)) {
    // Σ c_k x^k  ->  Σ c_k x^(k+1) / (k+1)
    ex poly = term.expand();
    ex result = 0;
    for (int k = poly.ldegree(x); k <= poly.degree(x); ++k) result += poly.coeff(x, k) * GiNaC::pow(x, k + 1) / (k + 1);
    return result;
  }
  // c · sin(a x + b) or c · cos(a x + b), c free of x.
  GiNaC::exvector factors;
  if (is<GiNaC::mul>(term)) factors.assign(term.begin(), term.end());
  else factors.push_back(term);
  ex factor = 1, trig;
  for (const ex& f : factors) {
    if (!f.has(x)) factor *= f;
    else if (trig.is_zero() && (is_ex_the_function(f, sin) || is_ex_the_function(f, cos))) trig = f;
    else return std::nullopt;
  }
  ex arg = trig.op(0);
  ex slope = arg.diff(x);
  if (slope.has(x) || slope.is_zero()) return std::nullopt;
  ex primitive = is_ex_the_function(trig, sin) ? -GiNaC::cos(arg) : GiNaC::sin(arg);
  return factor * primitive / slope;
}

}  // namespace

std::optional<ex> antiderivative(const ex& f, const GiNaC::symbol& x) {
  ex e = f.expand();
  if (!is<GiNaC::add>(e)) return integrate_term(e, x);
  ex result = 0;
  for (const auto& term : e) {
    auto F = integrate_term(term, x);
    if (!F) return std::nullopt;
    result += *F;
  }
  return result;
}

}  // namespace adyn::sym
