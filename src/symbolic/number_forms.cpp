#include "adyn/symbolic/number_forms.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {

using GiNaC::ex;

namespace {

GiNaC::numeric exact(double d) {
  if (d == 0 || !std::isfinite(d)) return GiNaC::numeric(d);
  int exponent = 0;
  const double mantissa = std::frexp(d, &exponent);  // d = mantissa · 2^exponent, |mantissa| in [1/2, 1)
  constexpr int bits = std::numeric_limits<double>::digits;
  const auto integer = static_cast<long long>(std::ldexp(mantissa, bits));
  return GiNaC::numeric(integer) * GiNaC::numeric(2).power(exponent - bits);
}

ex exact_if_double(double d, const ex& otherwise) { return std::isfinite(d) ? ex(exact(d)) : otherwise; }

bool is_float(const ex& e) { return is<GiNaC::numeric>(e) && !e.info(GiNaC::info_flags::crational); }

// A rational that stands for a double (exact_numbers) or has grown from them (a numerator beyond a
// double's 53 bits), or a float: shown as a float.
bool inexact(const ex& e) {
  if (!is<GiNaC::numeric>(e)) return false;
  if (is_float(e)) return true;
  const auto& n = GiNaC::ex_to<GiNaC::numeric>(e);
  static const GiNaC::numeric largest_denominator(1 << 20), largest_numerator = GiNaC::numeric(2).power(53);
  return n.is_real() && (GiNaC::abs(n.denom()) > largest_denominator || GiNaC::abs(n.numer()) > largest_numerator);
}

// v as a floating-point number: a double where it fits, else (beyond 1.8e308, as the products of a
// state's large values in a linearization) GiNaC's float of the same value, whose exponent has no
// such bound (CLN's doubles refuse an infinity).
GiNaC::numeric as_float(long double v) {
  if (std::isfinite(static_cast<double>(v))) return GiNaC::numeric(static_cast<double>(v));
  if (!std::isfinite(v)) throw EvaluationError("a number beyond the range of floating-point numbers");
  int exponent = 0;
  const long double mantissa = std::frexp(v, &exponent);  // v = mantissa · 2^exponent
  constexpr int bits = std::numeric_limits<long double>::digits;
  const auto integer = static_cast<long long>(std::ldexp(mantissa, bits - 1));
  return GiNaC::ex_to<GiNaC::numeric>((GiNaC::numeric(integer) * GiNaC::numeric(2).power(exponent - bits + 1)).evalf());
}

// A number as a float: as a double where it fits (the same bits in every run), else GiNaC's float.
GiNaC::numeric float_of(const GiNaC::numeric& n) {
  const double d = n.to_double();
  return std::isfinite(d) || !n.is_real() ? GiNaC::numeric(d) : GiNaC::ex_to<GiNaC::numeric>(n.evalf());
}

// The value of a function or power whose operands are numbers, one of them inexact (sin of a
// double made exact, say); none for anything else, or when it has no finite real value.
std::optional<long double> value_of_inexact_numbers(const ex& e) {
  if (is<GiNaC::add>(e) || is<GiNaC::mul>(e) || e.nops() == 0) return std::nullopt;
  bool any_inexact = false;
  for (const auto& op : e) {
    if (!is<GiNaC::numeric>(op)) return std::nullopt;
    any_inexact = any_inexact || inexact(op);
  }
  if (!any_inexact) return std::nullopt;  // sqrt(2), sin(2/5): exact, kept
  try {
    return GraphEvaluator({})(e);
  } catch (const EvaluationError&) {
    return std::nullopt;
  }
}

// x / y: exactly if both are exact, else in extended precision (beyond its range, in GiNaC's floats).
ex ratio(const ex& x, const ex& y) {
  if (!is_float(x) && !is_float(y)) return x / y;
  const auto& nx = GiNaC::ex_to<GiNaC::numeric>(x);
  const auto& ny = GiNaC::ex_to<GiNaC::numeric>(y);
  const long double r = static_cast<long double>(nx.to_double()) / ny.to_double();
  return std::isfinite(r) ? as_float(r) : float_of(nx) / float_of(ny);
}

// Σ or Π of numbers: exactly if all are exact, else in extended precision in the given order.
ex folded(const std::vector<ex>& numbers, bool add) {
  bool any_float = false;
  for (const auto& n : numbers) any_float = any_float || is_float(n);
  if (!any_float) {
    ex r = add ? 0 : 1;
    for (const auto& n : numbers) r = add ? r + n : r * n;
    return r;
  }
  long double r = add ? 0 : 1;
  bool beyond_doubles = false;
  for (const auto& n : numbers) {
    const long double v = GiNaC::ex_to<GiNaC::numeric>(n).to_double();
    beyond_doubles = beyond_doubles || !std::isfinite(v);
    r = add ? r + v : r * v;
  }
  if (!beyond_doubles) return as_float(r);
  GiNaC::numeric x = add ? 0 : 1;  // GiNaC's floats, in the same order
  for (const auto& n : numbers) x = add ? x + float_of(GiNaC::ex_to<GiNaC::numeric>(n)) : x * float_of(GiNaC::ex_to<GiNaC::numeric>(n));
  return x;
}

// A number as shown: a float if inexact, else as it is.
ex shown(const ex& n) { return inexact(n) ? ex(float_of(GiNaC::ex_to<GiNaC::numeric>(n))) : n; }

// A sum as its terms, coefficient × rest (the rest 1 for a number), in the canonical order.
struct Terms {
  std::vector<ex> coefficients, rests;

  ex sum() const {
    GiNaC::exvector terms;
    for (std::size_t k = 0; k < rests.size(); ++k) terms.push_back(coefficients[k] * rests[k]);
    return GiNaC::dynallocate<GiNaC::add>(terms);
  }
  bool exact() const {
    return std::none_of(coefficients.begin(), coefficients.end(), [](const ex& c) { return is_float(c); });
  }
  // Where any coefficient is a float, the exact ones that are not integers made floats too: GiNaC
  // takes the content of a sum inside a product out by its own first term, and with a fraction
  // among floats that would multiply the floats (rounding) in an order that changes between runs.
  void floats_beside_floats() {
    if (exact()) return;
    for (auto& c : coefficients)
      if (!c.info(GiNaC::info_flags::integer)) c = float_of(GiNaC::ex_to<GiNaC::numeric>(c));
  }
};

// Terms gathered by their rests: each rest once, in the order first met, with the parts of its
// coefficient, to be added.
class Gathering {
 public:
  void add(const ex& part, const ex& rest) {
    auto [it, fresh] = index_.emplace(rest, rests_.size());
    if (fresh) rests_.push_back(rest), parts_.emplace_back();
    parts_[it->second].push_back(part);
  }
  /// The terms, each coefficient its parts combined by `sum`.
  template <class Sum>
  Terms terms(Sum sum) const {
    Terms out;
    out.rests = rests_;
    for (const auto& parts : parts_) out.coefficients.push_back(sum(parts));
    return out;
  }

 private:
  std::vector<ex> rests_;
  std::vector<std::vector<ex>> parts_;
  ExMap<std::size_t> index_;
};

// Builds the display form bottom-up so that GiNaC's evaluation of what it builds never rounds:
// numbers are gathered and multiplied here, exactly or in extended precision in the canonical
// order, and what reaches GiNaC's constructors is such that its evaluation can at most flip a
// sign. A product's inexact coefficient goes into its first sum, from that sum's exact terms
// (c·x·(a + b) is x·(c·a + c·b), each coefficient rounded once), and its other sums are made
// primitive (3·a + 6·b is 3·(a + 2·b)) or, where that is not exact, led by 1. (GiNaC pulls a sum's
// content and sign out by its own first term, in an order that follows addresses: rebuilt
// naively, exact numbers combined differently, and were shown differently, in every run.)
class DecimalNumbers : public GiNaC::map_function {
 public:
  ex operator()(const ex& e) override {
    if (is<GiNaC::numeric>(e)) return shown(e);
    if (atomic(e)) return e;
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    const ex r = rebuilt(e);
    memo_.emplace(e, r);
    return r;
  }

 private:
  ex rebuilt(const ex& e) {
    if (is<GiNaC::add>(e)) return terms(e, 1).sum();
    if (is<GiNaC::mul>(e)) return product(e);
    if (is<GiNaC::power>(e)) return power(e);
    const ex mapped = e.map(*this);
    const auto value = value_of_inexact_numbers(mapped);
    return value ? ex(as_float(*value)) : mapped;
  }

  // multiplier · e, e a sum, shown: terms with one non-numeric part gathered, their coefficients
  // (times the multiplier) added in the canonical order.
  Terms terms(const ex& e, const ex& multiplier) {
    Gathering gathered;
    auto gather = [&](const ex& t) {
      const auto [c, rest] = coefficient_and_rest(t);
      gathered.add(folded({c, multiplier}, false), rest);
    };
    for (const auto& term : order_.operands(e)) {
      const ex t = (*this)(term);
      if (is<GiNaC::add>(t))
        for (const auto& u : shown_order_.operands(t)) gather(u);
      else
        gather(t);
    }
    return gathered.terms([](const std::vector<ex>& parts) { return shown(folded(parts, true)); });
  }

  // A shown sum's terms as they are.
  Terms terms_of(const ex& s) {
    Terms out;
    for (const auto& term : shown_order_.operands(s)) {
      const auto [c, rest] = coefficient_and_rest(term);
      out.coefficients.push_back(c), out.rests.push_back(rest);
    }
    return out;
  }

  std::pair<ex, ex> coefficient_and_rest(const ex& t) {
    if (is<GiNaC::numeric>(t)) return {t, 1};
    if (!is<GiNaC::mul>(t)) return {1, t};
    ex c = 1, rest = 1;
    for (const auto& f : shown_order_.operands(t)) (is<GiNaC::numeric>(f) ? c : rest) *= f;
    return {c, rest};
  }

  ex product(const ex& e) {
    std::vector<ex> numbers;
    GiNaC::exvector factors;
    std::optional<ex> first_sum;
    for (const auto& f : order_.operands(e)) {
      if (is<GiNaC::numeric>(f)) numbers.push_back(f);
      else if (is<GiNaC::add>(f) && !first_sum) first_sum = f;
      else add_factor((*this)(f), numbers, factors);
    }
    if (first_sum) {
      // Spread over the first sum where the product's number or the sum holds a float (its
      // coefficients as they are, not led by 1); an exact sum has its content taken out.
      const ex coefficient = folded(numbers, false);
      if (Terms spread = terms(*first_sum, coefficient); inexact(coefficient) || !spread.exact()) {
        spread.floats_beside_floats();
        factors.push_back(spread.sum());
        return GiNaC::dynallocate<GiNaC::mul>(factors);
      }
      add_factor((*this)(*first_sum), numbers, factors);
    }
    return assembled(numbers, factors);
  }

  ex power(const ex& e) {
    const ex mapped = GiNaC::dynallocate<GiNaC::power>((*this)(e.op(0)), (*this)(e.op(1)));
    if (const auto value = value_of_inexact_numbers(mapped)) return as_float(*value);
    std::vector<ex> numbers;
    GiNaC::exvector factors;
    add_factor(mapped, numbers, factors);  // (GiNaC takes a product's number out of its power)
    return assembled(numbers, factors);
  }

  // The factors times the numbers' product. (GiNaC spreads a number over a lone sum, c·(a + b) is
  // c·a + c·b: then its new coefficients, shown.)
  ex assembled(const std::vector<ex>& numbers, GiNaC::exvector factors) {
    factors.push_back(shown(folded(numbers, false)));
    const ex p = GiNaC::dynallocate<GiNaC::mul>(factors);
    if (!is<GiNaC::add>(p)) return p;
    Terms spread = terms_of(p);
    for (auto& c : spread.coefficients) c = shown(c);
    return spread.sum();
  }

  // g, shown, into a product: its numbers among the numbers, its other factors among the factors,
  // a sum or an integer power of one normalized (its scale among the numbers).
  void add_factor(const ex& g, std::vector<ex>& numbers, GiNaC::exvector& factors) {
    if (is<GiNaC::numeric>(g)) return numbers.push_back(g);
    if (is<GiNaC::mul>(g)) {
      for (const auto& f : shown_order_.operands(g)) add_factor(f, numbers, factors);
      return;
    }
    const bool is_power = is<GiNaC::power>(g);
    const ex base = is_power ? g.op(0) : g, exponent = is_power ? g.op(1) : ex(1);
    if (!is<GiNaC::add>(base) || !exponent.info(GiNaC::info_flags::integer)) return factors.push_back(g);
    const auto [scale, normalized] = normalized_sum(base);
    if (!scale.is_equal(1)) numbers.push_back(GiNaC::pow(scale, exponent));
    factors.push_back(GiNaC::dynallocate<GiNaC::power>(normalized, exponent));
  }

  // A sum s (shown) as scale × normalized: by its integer content if its coefficients are exact and
  // stay exact (3·a + 6·b is 3·(a + 2·b)), else by its first coefficient in the canonical order.
  std::pair<ex, ex> normalized_sum(const ex& s) {
    Terms t = terms_of(s);
    if (t.exact()) {
      const ex content = s.integer_content();
      Terms primitive = t;
      for (auto& c : primitive.coefficients) c = c / content;
      if (std::none_of(primitive.coefficients.begin(), primitive.coefficients.end(), inexact))
        return {content, primitive.sum()};
    }
    const ex lead = t.coefficients.front();
    for (auto& c : t.coefficients) c = shown(ratio(c, lead));
    t.coefficients.front() = 1;
    t.floats_beside_floats();
    return {lead, t.sum()};
  }

  // The expression and its display form apart, memo and order: GiNaC makes two equal expressions
  // share one tree when it compares them, and a float equals the exact number it was made from,
  // so an order (or a memo) that met both would hand back the exact one for the float.
  ExMap<ex> memo_;
  CanonicalOrder order_, shown_order_;
};

}  // namespace

ex exact_numbers(const ex& e) {
  // Each shared subexpression once (memo): a substituted equation is a graph, not a tree. A float
  // and the exact number it stands for are equal to GiNaC, and both map to that number.
  struct : GiNaC::map_function {
    ExMap<ex> memo;
    ex operator()(const ex& x) override {
      // (a float beyond the range of doubles, 1e400, stays a float)
      if (is_float(x)) return exact_if_double(GiNaC::ex_to<GiNaC::numeric>(x).to_double(), x);
      if (atomic(x)) return x;
      if (const auto done = memo.find(x); done != memo.end()) return done->second;
      return memo.emplace(x, exact(x)).first->second;
    }
    // x with its operands made exact. A function or power of numbers made exact from doubles (sin
    // of one, say) is its value, as exact as they are; GiNaC would keep it as an opaque function of
    // a huge rational. It is judged as it stands, held: GiNaC's evaluation rewrites a power of a
    // rational, (a/b)^(1/2) as a^(1/2) b^(−1/2), whose parts would escape (the bicycle leaning at
    // phi = 0.1: roots of 33-digit integers, kept, cancelling in sums by GiNaC's order of terms).
    ex exact(const ex& x) {
      // (exactly these classes: a derivative of a function is a function to GiNaC's type test, and
      // would lose its derivative rebuilt as one)
      const bool power = GiNaC::is_exactly_a<GiNaC::power>(x), function = GiNaC::is_exactly_a<GiNaC::function>(x);
      if (!power && !function) return x.map(*this);
      GiNaC::exvector operands;
      for (const auto& op : x) operands.push_back((*this)(op));
      const unsigned serial = function ? GiNaC::ex_to<GiNaC::function>(x).get_serial() : 0;
      const ex evaluated = power ? GiNaC::pow(operands[0], operands[1]) : ex(GiNaC::function(serial, operands));
      const ex held = power ? ex(GiNaC::power(operands[0], operands[1]).hold()) : ex(GiNaC::function(serial, operands).hold());
      const auto value = value_of_inexact_numbers(held);
      return value ? exact_if_double(static_cast<double>(*value), evaluated) : evaluated;
    }
  } exact_floats;
  return exact_floats(e);
}

GiNaC::matrix exact_numbers(const GiNaC::matrix& m) { return map_entries(m, [](const ex& e) { return exact_numbers(e); }); }

GiNaC::exmap exact_numbers(const GiNaC::exmap& values) {
  GiNaC::exmap out;
  for (const auto& [s, v] : values) out[s] = exact_numbers(v);
  return out;
}

namespace {

// Whether e holds an inexact number (each shared subexpression looked at once).
bool has_inexact(const ex& e, ExMap<bool>& seen) {
  if (is<GiNaC::numeric>(e)) return inexact(e);
  if (atomic(e)) return false;
  if (auto it = seen.find(e); it != seen.end()) return it->second;
  bool found = false;
  for (const auto& op : e) found = found || has_inexact(op, seen);
  seen.emplace(e, found);
  return found;
}

// An expanded polynomial's terms gathered by their factors that hold symbols (a, b*c^2), each
// gathered coefficient — numbers and functions or powers of numbers, such as cos(1)^2 — one number
// where it holds an inexact one (its value, computed in the canonical order: sym::evaluate), else
// kept exact; in the canonical order of those factors.
Terms by_monomial(const ex& polynomial, CanonicalOrder& order) {
  Gathering gathered;
  const auto terms = is<GiNaC::add>(polynomial) ? order.operands(polynomial) : std::vector<ex>{polynomial};
  for (const auto& term : terms) {
    ex constant = 1, monomial = 1;
    for (const auto& f : is<GiNaC::mul>(term) ? order.operands(term) : std::vector<ex>{term})
      (free_symbols(f).empty() ? constant : monomial) *= f;
    gathered.add(constant, monomial);
  }
  return gathered.terms([](const std::vector<ex>& parts) {
    const ex c = GiNaC::dynallocate<GiNaC::add>(GiNaC::exvector(parts.begin(), parts.end()));
    ExMap<bool> seen;
    return has_inexact(c, seen) ? ex(float_of(GiNaC::numeric(evaluate(c, {}, "coefficient")))) : c;
  });
}

// c / lead, each a number or an exact constant such as sqrt(2): exactly where both are exact, else
// in extended precision.
ex quotient(const ex& c, const ex& lead) {
  if (!is_float(c) && !is_float(lead)) return c / lead;
  auto number = [](const ex& x) { return is<GiNaC::numeric>(x) ? x : ex(GiNaC::numeric(evaluate(x, {}, "coefficient"))); };
  return shown(ratio(number(c), number(lead)));
}

// Entries past this many terms expanded are shown as built (their normal form would take long).
constexpr std::size_t compact_limit = 40000;

// e, holding inexact numbers, as one fraction of polynomials in its symbols with a number per
// monomial, the denominator's first coefficient 1: the compact form of a linearization's entry at
// a point of doubles (a four-bar's K: 42 kB as built, its products of sums with coefficients of
// 1e-65 and 1e64; as one fraction a few kB).
std::optional<ex> compact_fraction(const ex& e) {
  ExMap<bool> seen;
  if (!has_inexact(e, seen) || !expansion_is_small(e, compact_limit)) return std::nullopt;
  try {
    const ex fraction = canonical_normal(e).numer_denom();
    CanonicalOrder order;
    Terms numerator = by_monomial(fraction.op(0).expand(), order), denominator = by_monomial(fraction.op(1).expand(), order);
    const ex lead = denominator.coefficients.front();
    for (auto* t : {&numerator, &denominator})
      for (auto& c : t->coefficients) c = quotient(c, lead);
    denominator.coefficients.front() = 1;
    return numerator.sum() / denominator.sum();
  } catch (const EvaluationError&) {  // a coefficient beyond the range of doubles: shown as built
    return std::nullopt;
  }
}

}  // namespace

ex decimal_numbers(const ex& e) {
  const auto compact = compact_fraction(e);
  return DecimalNumbers()(compact ? *compact : e);
}

GiNaC::matrix decimal_numbers(const GiNaC::matrix& m) {
  DecimalNumbers shown;  // one memo for the entries' shared subexpressions
  return map_entries(m, [&](const ex& e) {
    const auto compact = compact_fraction(e);
    return shown(compact ? *compact : e);
  });
}

// The shortest decimal that reads back as x (std::to_chars), as an exact rational: 0.35 is 7/20,
// as a model file reads it, so that the equations are derived in exact arithmetic (floats in
// GiNaC's sums would round in its order of operands).
GiNaC::ex exact_decimal(double x) {
  if (!std::isfinite(x)) throw Error("exact_decimal: " + std::to_string(x) + " is not a finite number");
  char text[64];
  const auto end = std::to_chars(text, text + sizeof text, x).ptr;
  const std::string decimal(text, end);
  const auto e = decimal.find('e');
  const std::string mantissa = decimal.substr(0, e);
  long exponent = e == std::string::npos ? 0 : std::stol(decimal.substr(e + 1));
  std::string digits;
  for (std::size_t i = 0; i < mantissa.size(); ++i) {
    if (mantissa[i] == '.') exponent -= static_cast<long>(mantissa.size() - i - 1);
    else if (mantissa[i] != '-') digits += mantissa[i];
  }
  const GiNaC::numeric value = GiNaC::numeric(digits.c_str()) * GiNaC::numeric(10).power(GiNaC::numeric(exponent));
  return x < 0 ? -value : value;
}

}  // namespace adyn::sym
