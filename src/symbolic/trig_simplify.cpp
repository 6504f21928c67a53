#include "adyn/symbolic/trig_simplify.hpp"


#include <map>
#include <optional>
#include <vector>

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::sym {
using namespace GiNaC;  // is_ex_the_function needs the unqualified function names
namespace {

// sin and cos of a + b, with a the first term of a sum or one unit of an integer multiple.
struct TrigPair {
  ex s, c;
};

TrigPair expanded(const ex& arg);

// Splits arg into (head, rest) with arg = head + rest, or returns false if arg is atomic.
bool split(const ex& arg, ex& head, ex& rest) {
  if (is_a<add>(arg)) {
    head = arg.op(0);
    rest = arg - head;
    return true;
  }
  if (is_a<mul>(arg)) {
    ex coeff = 1, body = 1;
    for (const auto& f : arg) (is_a<numeric>(f) ? coeff : body) *= f;
    const numeric& n = ex_to<numeric>(coeff);
    if (n.is_integer() && abs(n) > 1) {
      head = body * (n > 0 ? 1 : -1);
      rest = arg - head;
      return true;
    }
  }
  return false;
}

bool negative_multiple(const ex& arg) {
  if (!is_a<mul>(arg)) return false;
  for (const auto& f : arg)
    if (is_a<numeric>(f)) return ex_to<numeric>(f).is_real() && ex_to<numeric>(f) < 0;
  return false;
}

TrigPair expanded(const ex& arg) {
  if (negative_multiple(arg)) {  // sin(−x) = −sin x, cos(−x) = cos x
    TrigPair p = expanded(-arg);
    return {-p.s, p.c};
  }
  ex head, rest;
  if (!split(arg, head, rest)) return {sin(arg), cos(arg)};
  TrigPair a = expanded(head), b = expanded(rest);
  return {a.s * b.c + a.c * b.s, a.c * b.c - a.s * b.s};
}

struct ExpandTrig : map_function {
  ex operator()(const ex& e) override {
    if (is_ex_the_function(e, sin)) return expanded(e.op(0).map(*this).expand()).s;
    if (is_ex_the_function(e, cos)) return expanded(e.op(0).map(*this).expand()).c;
    if (is_ex_the_function(e, tan)) {
      TrigPair p = expanded(e.op(0).map(*this).expand());
      return p.s / p.c;
    }
    return e.map(*this);
  }
};

// sin(x), cos(x) -> s_x, c_x for every atomic argument x.
struct Polynomial {
  ex e;
  std::vector<std::pair<symbol, symbol>> sc;  // (s_x, c_x)
  exmap back;                                  // s_x -> sin(x), c_x -> cos(x)
};

Polynomial to_polynomial(const ex& e) {
  Polynomial p;
  std::map<ex, std::size_t, ex_is_less> index;
  exmap forward;
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!is_ex_the_function(*it, sin) && !is_ex_the_function(*it, cos)) continue;
    ex x = it->op(0);
    if (index.count(x)) continue;
    index[x] = p.sc.size();
    symbol s("s_trig"), c("c_trig");
    p.sc.emplace_back(s, c);
    forward[sin(x)] = s;
    forward[cos(x)] = c;
    p.back[s] = sin(x);
    p.back[c] = cos(x);
  }
  p.e = e.subs(forward, subs_options::no_pattern);
  return p;
}

// Replaces every subexpression that is not polynomial in the s/c symbols (functions of them,
// non-integer powers) by an opaque symbol, so that the reduction sees a polynomial.
struct Freeze : map_function {
  const std::vector<std::pair<symbol, symbol>>& sc;
  exmap thawed;
  std::map<ex, ex, ex_is_less> frozen;
  explicit Freeze(const std::vector<std::pair<symbol, symbol>>& vars) : sc(vars) {}
  bool involves_trig(const ex& e) const {
    for (const auto& [s, c] : sc)
      if (e.has(s) || e.has(c)) return true;
    return false;
  }
  ex operator()(const ex& e) override {
    if (is_a<add>(e) || is_a<mul>(e)) return e.map(*this);
    if (is_a<power>(e) && e.op(1).info(info_flags::integer)) return pow((*this)(e.op(0)), e.op(1));
    if (is_a<symbol>(e) || is_a<numeric>(e) || !involves_trig(e)) return e;
    auto it = frozen.find(e);
    if (it != frozen.end()) return it->second;
    symbol opaque("opaque");
    frozen[e] = opaque;
    thawed[opaque] = e;
    return opaque;
  }
};

// Reduces a polynomial modulo s² + c² − 1 for each pair, eliminating `eliminate_sine ? s : c`.
ex reduce(const ex& poly, const std::vector<std::pair<symbol, symbol>>& sc, bool eliminate_sine) {
  Freeze freeze(sc);
  ex r = freeze(poly).expand();
  for (const auto& [s, c] : sc) {
    const symbol& x = eliminate_sine ? s : c;
    const symbol& y = eliminate_sine ? c : s;
    ex out = 0;
    for (int k = r.ldegree(x); k <= r.degree(x); ++k)
      out += r.coeff(x, k) * pow(x, k % 2) * pow(1 - y * y, k / 2);
    r = out.expand();
  }
  return r.subs(freeze.thawed, subs_options::no_pattern);
}

// numerator/denominator reduced, back in sin/cos; the smaller of the two eliminations.
ex reduced_form(const ex& e) {
  Polynomial p = to_polynomial(e);
  ex nd = canonical_normal(p.e).numer_denom();
  std::optional<ex> best;
  for (bool sine : {true, false}) {
    ex reduced = reduce(nd.op(0), p.sc, sine) / reduce(nd.op(1), p.sc, sine);
    ex candidate = collect_common_factors(reduced.subs(p.back, subs_options::no_pattern));
    if (candidate.is_zero()) return 0;
    if (!best || expression_size(candidate) < expression_size(*best)) best = candidate;
  }
  return *best;
}

}  // namespace

ex expand_trig(const ex& e) {
  ExpandTrig f;
  return f(e);
}

bool is_zero_trig(const ex& e) {
  Polynomial p = to_polynomial(expand_trig(e));
  ex numer = canonical_normal(p.e).numer();
  return reduce(numer, p.sc, true).is_zero();
}

ex trig_simplify(const ex& e) {
  if (is_a<symbol>(e) || is_a<numeric>(e) || !expansion_is_small(e, simplification_limit) ||
      normalized_terms(e) > simplification_limit)
    return e;
  ex best = e;
  for (const ex& start : {e, expand_trig(e)}) {
    ex candidate = reduced_form(start);
    if (candidate.is_zero()) return 0;
    if (expression_size(candidate) < expression_size(best)) best = candidate;
  }
  return best;
}

matrix trig_simplify(const matrix& m) {
  return map_entries(m, [](const ex& e) { return trig_simplify(e); });
}

namespace {

// Numbers are not counted, nor a product of one factor and a number: an expression and its
// negation have one size, whichever sign GiNaC gives the sums inside (it chooses by its order,
// which changes from run to run), so that choices by size are the same in every run.
std::size_t tree_size(const ex& e, ExMap<std::size_t>& memo) {
  if (is_a<numeric>(e)) return 0;
  if (e.nops() == 0) return 1;
  if (auto done = memo.find(e); done != memo.end()) return done->second;
  std::size_t n = 0, factors = 0;
  for (const auto& child : e) {
    n += tree_size(child, memo);
    factors += is_a<numeric>(child) ? 0 : 1;
  }
  n += is_a<mul>(e) && factors < 2 ? 0 : 1;
  memo.emplace(e, n);
  return n;
}

}  // namespace

std::size_t expression_size(const ex& e) {
  ExMap<std::size_t> memo;
  return tree_size(e, memo);
}

}  // namespace adyn::sym
