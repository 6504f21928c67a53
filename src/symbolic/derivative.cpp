#include "adyn/symbolic/derivative.hpp"

#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {

using GiNaC::ex;
using GiNaC::ex_to;
using GiNaC::is_a;

ex ChainRule::operator()(const ex& e) {
  if (is<GiNaC::symbol>(e)) return of_symbol(ex_to<GiNaC::symbol>(e));
  if (atomic(e)) return 0;  // numbers and constants
  if (auto done = memo_.find(e); done != memo_.end()) return done->second;
  ex d;
  if (is<GiNaC::add>(e)) d = of_sum(e);
  else if (is<GiNaC::mul>(e)) d = of_product(e);
  else if (is<GiNaC::power>(e)) d = of_power(e);
  else if (is<GiNaC::function>(e)) d = of_function(e);
  else d = of_other(e);
  memo_.emplace(e, d);
  return d;
}

GiNaC::matrix ChainRule::operator()(const GiNaC::matrix& m) {
  return map_entries(m, [this](const ex& e) { return (*this)(e); });
}

ex ChainRule::of_sum(const ex& e) {
  GiNaC::exvector terms;
  for (const auto& term : e)
    if (ex d = (*this)(term); !d.is_zero()) terms.push_back(d);
  return terms.empty() ? ex(0) : ex(GiNaC::add(terms));
}

// Leibniz: d(Π f_i) = Σ_i (Π_{j≠i} f_j) df_i.
ex ChainRule::of_product(const ex& e) {
  GiNaC::exvector terms;
  const std::size_t n = e.nops();
  for (std::size_t i = 0; i < n; ++i) {
    ex d = (*this)(e.op(i));
    if (d.is_zero()) continue;
    GiNaC::exvector factors;
    factors.reserve(n);
    for (std::size_t j = 0; j < n; ++j)
      if (j != i) factors.push_back(e.op(j));
    factors.push_back(d);
    terms.push_back(GiNaC::mul(factors));
  }
  return terms.empty() ? ex(0) : ex(GiNaC::add(terms));
}

// d aᵖ = p aᵖ⁻¹ da + aᵖ log(a) dp.
ex ChainRule::of_power(const ex& e) {
  const ex a = e.op(0), p = e.op(1);
  const ex da = (*this)(a), dp = (*this)(p);
  ex d = 0;
  if (!da.is_zero()) d += times(p, GiNaC::pow(a, p - 1), da);
  if (!dp.is_zero()) d += times(e, GiNaC::log(a), dp);
  return d;
}

// Anything else (a relational, a series) is differentiated only where it does not depend on the
// variable.
ex ChainRule::of_other(const ex& e) {
  for (const auto& child : e)
    if (!(*this)(child).is_zero()) {
      throw Error("cannot differentiate '" + to_text(e) + "'");
    }
  return 0;
}

ex ChainRule::of_function(const ex& e) {
  const std::size_t n = e.nops();
  std::vector<ex> dargs(n);
  bool constant = true;
  for (std::size_t i = 0; i < n; ++i) constant = (dargs[i] = (*this)(e.op(i))).is_zero() && constant;
  if (constant) return 0;
  if (is_intermediate(e)) return intermediate(dargs[0]);  // d intermediate(a) = intermediate(da)
  const unsigned serial = ex_to<GiNaC::function>(e).get_serial();
  if (n == 1) {
    const ex& a = e.op(0);
    const ex& da = dargs[0];
    if (serial == GiNaC::sin_SERIAL::serial) return times(GiNaC::cos(a), da);
    if (serial == GiNaC::cos_SERIAL::serial) return times(-GiNaC::sin(a), da);
    if (serial == GiNaC::tan_SERIAL::serial) return times(1 + GiNaC::pow(e, 2), da);
    if (serial == GiNaC::exp_SERIAL::serial) return times(e, da);
    if (serial == GiNaC::log_SERIAL::serial) return quotient(da, a);
    if (serial == GiNaC::sinh_SERIAL::serial) return times(GiNaC::cosh(a), da);
    if (serial == GiNaC::cosh_SERIAL::serial) return times(GiNaC::sinh(a), da);
    if (serial == GiNaC::tanh_SERIAL::serial) return times(1 - GiNaC::pow(e, 2), da);
    if (serial == GiNaC::asin_SERIAL::serial) return quotient(da, GiNaC::sqrt(1 - GiNaC::pow(a, 2)));
    if (serial == GiNaC::acos_SERIAL::serial) return quotient(-da, GiNaC::sqrt(1 - GiNaC::pow(a, 2)));
    if (serial == GiNaC::atan_SERIAL::serial) return quotient(da, 1 + GiNaC::pow(a, 2));
  }
  if (n == 2 && serial == GiNaC::atan2_SERIAL::serial) {
    const ex &y = e.op(0), &x = e.op(1);
    return quotient(times(x, dargs[0]) - times(y, dargs[1]), GiNaC::pow(x, 2) + GiNaC::pow(y, 2));
  }
  // Any other function (abs, a step): GiNaC's partial derivatives by argument, chain rule here.
  ex d = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (dargs[i].is_zero()) continue;
    GiNaC::symbol x;
    GiNaC::exmap at{{e.op(i), x}};
    GiNaC::exvector args(e.begin(), e.end());
    args[i] = x;
    ex f = GiNaC::function(ex_to<GiNaC::function>(e).get_serial(), args);
    d += times(f.diff(x).subs(GiNaC::exmap{{x, e.op(i)}}), dargs[i]);
  }
  return d;
}

DirectionalDerivative::DirectionalDerivative(const GiNaC::exmap& directions) {
  for (const auto& [s, d] : directions) {
    if (!is<GiNaC::symbol>(s)) throw Error("a directional derivative's direction is given for a symbol, not '" + to_text(s) + "'");
    directions_.emplace(s, d);
  }
}

ex DirectionalDerivative::of_symbol(const GiNaC::symbol& s) {
  auto found = directions_.find(s);
  return found == directions_.end() ? ex(0) : found->second;
}

TotalTimeDerivative::TotalTimeDerivative(const std::vector<GiNaC::symbol>& held) {
  for (const auto& s : held) symbols_.emplace(s, 0);
}

ex TotalTimeDerivative::of_symbol(const GiNaC::symbol& s) {
  if (auto done = symbols_.find(s); done != symbols_.end()) return done->second;
  ex d = s.is_equal(time()) ? ex(1) : is_dynamic(s) ? ex(derivative_of(s)) : ex(0);
  symbols_.emplace(s, d);
  return d;
}

ex partial_derivative(const ex& e, const GiNaC::symbol& x) {
  PartialDerivative d(x);
  return d(e);
}

bool Occurrence::in(const ex& e) {
  if (targets_.count(e)) return true;
  if (atomic(e)) return false;
  if (auto done = memo_.find(e); done != memo_.end()) return done->second;
  bool found = false;
  for (const auto& child : e)
    if ((found = in(child))) break;
  memo_.emplace(e, found);
  return found;
}

bool Occurrence::in(const GiNaC::matrix& m) {
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      if (in(m(i, j))) return true;
  return false;
}

bool contains(const ex& e, const ex& s) { return Occurrence(s).in(e); }

Substitution::Substitution(const GiNaC::exmap& m) : map_(m) {
  for (const auto& [key, value] : m) symbols_only_ = symbols_only_ && is<GiNaC::symbol>(key);
}

ex Substitution::operator()(const ex& e) {
  if (!symbols_only_) return e.subs(map_, GiNaC::subs_options::no_pattern);
  if (is<GiNaC::symbol>(e)) {
    auto it = map_.find(e);
    return it == map_.end() ? e : it->second;
  }
  if (atomic(e)) return e;
  if (auto done = memo_.find(e); done != memo_.end()) return done->second;
  ex out = e.map(*this);
  memo_.emplace(e, out);
  return out;
}

GiNaC::matrix Substitution::operator()(const GiNaC::matrix& m) {
  return map_entries(m, [this](const ex& e) { return (*this)(e); });
}

ex substitute(const ex& e, const GiNaC::exmap& m) {
  Substitution s(m);
  return s(e);
}

}  // namespace adyn::sym
