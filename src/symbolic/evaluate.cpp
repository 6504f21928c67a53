#include "adyn/symbolic/evaluate.hpp"

#include <charconv>
#include <cmath>
#include <iomanip>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/library_messages.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::sym {

namespace {

using GiNaC::ex;

// Floating-point value of an expression graph: each distinct subexpression is computed once (the
// tree of a chain's kinematics, with its shared parent quantities, would be exponentially larger),
// in extended precision (a shade more accurate than doubles where the equations cancel, as
// Hamilton's do), sums and products operand by operand in the canonical order, so that the value
// is the same to the last bit in every run (GiNaC's evalf adds in its own order, which is not).
// NaN where the arithmetic cannot follow (a value that is not a number, a complex intermediate):
// the caller then takes GiNaC's path, which also words the errors.
class GraphValue {
 public:
  explicit GraphValue(const GiNaC::exmap& values) : values_(values) {}

  long double operator()(const ex& e) {
    if (GiNaC::is_a<GiNaC::numeric>(e)) return real(e);
    if (GiNaC::is_a<GiNaC::symbol>(e)) {
      auto it = values_.find(e);
      return it != values_.end() && GiNaC::is_a<GiNaC::numeric>(it->second) ? real(it->second) : nan();
    }
    if (GiNaC::is_a<GiNaC::constant>(e)) return real(e.evalf());
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    const long double v = compute(e);
    memo_.emplace(e, v);
    return v;
  }

 private:
  static long double nan() { return std::numeric_limits<long double>::quiet_NaN(); }
  static long double real(const ex& n) {
    const auto& x = GiNaC::ex_to<GiNaC::numeric>(n);
    return x.is_real() ? x.to_double() : nan();
  }

  long double compute(const ex& e) {
    if (GiNaC::is_a<GiNaC::add>(e)) {
      long double sum = 0;
      for (const auto& term : order_.operands(e)) sum += (*this)(term);
      return sum;
    }
    if (GiNaC::is_a<GiNaC::mul>(e)) {
      long double product = 1;
      for (const auto& factor : order_.operands(e)) product *= (*this)(factor);
      return product;
    }
    if (GiNaC::is_a<GiNaC::power>(e)) {
      const long double base = (*this)(e.op(0));
      if (e.op(1).info(GiNaC::info_flags::integer) && GiNaC::is_a<GiNaC::numeric>(e.op(1)))
        return std::pow(base, GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_int());
      return std::pow(base, (*this)(e.op(1)));
    }
    if (GiNaC::is_a<GiNaC::function>(e)) return function(e);
    return nan();
  }

  long double function(const ex& e) {
    std::vector<long double> a;
    for (const auto& arg : e) a.push_back((*this)(arg));
    const unsigned serial = GiNaC::ex_to<GiNaC::function>(e).get_serial();
    if (a.size() == 1) {
      const long double x = a[0];
      if (serial == GiNaC::sin_SERIAL::serial) return std::sin(x);
      if (serial == GiNaC::cos_SERIAL::serial) return std::cos(x);
      if (serial == GiNaC::tan_SERIAL::serial) return std::tan(x);
      if (serial == GiNaC::exp_SERIAL::serial) return std::exp(x);
      if (serial == GiNaC::log_SERIAL::serial) return x > 0 ? std::log(x) : nan();
      if (serial == GiNaC::asin_SERIAL::serial) return std::asin(x);
      if (serial == GiNaC::acos_SERIAL::serial) return std::acos(x);
      if (serial == GiNaC::atan_SERIAL::serial) return std::atan(x);
      if (serial == GiNaC::sinh_SERIAL::serial) return std::sinh(x);
      if (serial == GiNaC::cosh_SERIAL::serial) return std::cosh(x);
      if (serial == GiNaC::tanh_SERIAL::serial) return std::tanh(x);
      if (serial == GiNaC::abs_SERIAL::serial) return std::abs(x);
    }
    if (a.size() == 2 && serial == GiNaC::atan2_SERIAL::serial) return std::atan2(a[0], a[1]);
    // Any other function: GiNaC's own value at the arguments' values.
    GiNaC::exvector args;
    for (long double x : a) args.push_back(static_cast<double>(x));
    const ex v = GiNaC::function(serial, args).evalf();
    return GiNaC::is_a<GiNaC::numeric>(v) ? real(v) : nan();
  }

  const GiNaC::exmap& values_;
  ExMap<long double> memo_;
  CanonicalOrder order_;
};

// A real number as a double prints it, also beyond the range of doubles (to 3 digits there):
// "0.8", "1e+200", "-1.96e+308", "1e+400".
std::string shown(const GiNaC::numeric& n) {
  std::ostringstream out;
  if (const double d = n.to_double(); std::isfinite(d) || n.is_zero()) {
    out << d;
    return out.str();
  }
  out << std::setprecision(3);
  const GiNaC::ex decades = (GiNaC::log(GiNaC::abs(n)) / GiNaC::log(GiNaC::numeric(10))).evalf();
  const double d = GiNaC::is_a<GiNaC::numeric>(decades) ? GiNaC::ex_to<GiNaC::numeric>(decades).to_double() : 0;
  const double exponent = std::floor(d);
  out << (n.is_negative() ? "-" : "") << std::pow(10.0, d - exponent) << "e" << (exponent >= 0 ? "+" : "") << exponent;
  return out.str();
}

// " at q1 = 0.5, u1 = 1e+200": the values of the symbols `e` depends on (at most six, in the
// canonical order), for a message about its value.
std::string at_values(const GiNaC::ex& e, const GiNaC::exmap& values) {
  const auto symbols = free_symbols(e);
  std::string out;
  std::size_t shown_values = 0;
  for (const auto& s : canonically_sorted({symbols.begin(), symbols.end()})) {
    const auto it = values.find(s);
    if (it == values.end() || !GiNaC::is_a<GiNaC::numeric>(it->second) || !GiNaC::ex_to<GiNaC::numeric>(it->second).is_real())
      continue;
    if (++shown_values > 6) return out + ", ...";
    out += (out.empty() ? " at " : ", ") + to_text(s) + " = " + shown(GiNaC::ex_to<GiNaC::numeric>(it->second));
  }
  return out;
}

// GiNaC's path: substitution and evalf, with the errors worded.
double evaluate_by_substitution(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what) {
  GiNaC::ex v;
  try {
    v = e.subs(values, GiNaC::subs_options::no_pattern).evalf();
  } catch (const std::exception& err) {
    throw EvaluationError(what + ": cannot be evaluated" + at_values(e, values) + ": " + library_message(err));
  }
  if (!GiNaC::is_a<GiNaC::numeric>(v)) {
    std::string names;
    const auto symbols = free_symbols(v);
    for (const auto& s : canonically_sorted({symbols.begin(), symbols.end()})) names += (names.empty() ? "" : ", ") + to_text(s);
    throw EvaluationError(what + ": no value given for " + names);
  }
  const auto& n = GiNaC::ex_to<GiNaC::numeric>(v);
  if (!n.is_real()) throw EvaluationError(what + ": value is not real" + at_values(e, values));
  double d = n.to_double();
  if (!std::isfinite(d))
    throw EvaluationError(what + ": its value, about " + shown(n) + ", is beyond the range of floating-point numbers" +
                          at_values(e, values));
  return d;
}

// The graph's value, or GiNaC's path where the graph could not follow (which words the error).
double finite_or_worded(long double graph_value, const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what) {
  const auto v = static_cast<double>(graph_value);
  return std::isfinite(v) ? v : evaluate_by_substitution(e, values, what);
}

}  // namespace

struct GraphEvaluator::Impl {
  explicit Impl(const GiNaC::exmap& v) : values(v), graph(values) {}
  GiNaC::exmap values;
  GraphValue graph;
};

GraphEvaluator::GraphEvaluator(const GiNaC::exmap& values) : impl_(std::make_unique<Impl>(values)) {}
GraphEvaluator::~GraphEvaluator() = default;

double GraphEvaluator::operator()(const GiNaC::ex& e, const std::string& what) {
  return finite_or_worded(impl_->graph(e), e, impl_->values, what);
}

double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what) {
  return finite_or_worded(GraphValue(values)(e), e, values, what);
}

GiNaC::exmap with_generic_values(GiNaC::exmap given, const GiNaC::matrix& m, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(0.3, 1.2);
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) {
      const auto symbols = free_symbols(m(i, j));
      for (const auto& s : canonically_sorted({symbols.begin(), symbols.end()}))
        if (!given.count(s)) given[s] = dist(rng);
    }
  return given;
}

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

bool is_float(const ex& e) { return GiNaC::is_a<GiNaC::numeric>(e) && !e.info(GiNaC::info_flags::crational); }

// A rational that stands for a double (exact_numbers) or has grown from them (a numerator beyond a
// double's 53 bits), or a float: shown as a float.
bool inexact(const ex& e) {
  if (!GiNaC::is_a<GiNaC::numeric>(e)) return false;
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
  if (GiNaC::is_a<GiNaC::add>(e) || GiNaC::is_a<GiNaC::mul>(e) || e.nops() == 0) return std::nullopt;
  bool any_inexact = false;
  for (const auto& op : e) {
    if (!GiNaC::is_a<GiNaC::numeric>(op)) return std::nullopt;
    any_inexact = any_inexact || inexact(op);
  }
  if (!any_inexact) return std::nullopt;  // sqrt(2), sin(2/5): exact, kept
  const long double v = GraphValue({})(e);
  return std::isfinite(v) ? std::optional(v) : std::nullopt;
}

class DecimalNumbers : public GiNaC::map_function {
 public:
  ex operator()(const ex& e) override {
    if (inexact(e)) return float_of(GiNaC::ex_to<GiNaC::numeric>(e));
    if (atomic(e)) return e;
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    const ex r = rebuilt(e);
    memo_.emplace(e, r);
    return r;
  }

 private:
  ex rebuilt(const ex& e) {
    if (GiNaC::is_a<GiNaC::add>(e)) return sum(e);
    if (GiNaC::is_a<GiNaC::mul>(e)) return product(e);
    const ex mapped = e.map(*this);
    const auto value = value_of_inexact_numbers(mapped);
    return value ? ex(as_float(*value)) : mapped;
  }

  // Terms with one non-numeric part gathered, their coefficients added in the canonical order.
  ex sum(const ex& e) {
    std::vector<ex> rests;
    std::vector<std::vector<ex>> coefficients;
    ExMap<std::size_t> index;
    for (const auto& term : order_.operands(e)) {
      const ex t = (*this)(term);
      ex c = 1, rest = t;
      if (GiNaC::is_a<GiNaC::numeric>(t)) c = t, rest = 1;
      else if (GiNaC::is_a<GiNaC::mul>(t)) {
        rest = 1;
        for (const auto& f : order_.operands(t)) (GiNaC::is_a<GiNaC::numeric>(f) ? c : rest) *= f;
      }
      auto [it, fresh] = index.emplace(rest, rests.size());
      if (fresh) rests.push_back(rest), coefficients.emplace_back();
      coefficients[it->second].push_back(c);
    }
    GiNaC::exvector terms;
    for (std::size_t k = 0; k < rests.size(); ++k) terms.push_back(folded(coefficients[k], true) * rests[k]);
    return GiNaC::dynallocate<GiNaC::add>(terms);
  }

  ex product(const ex& e) {
    std::vector<ex> numbers;
    GiNaC::exvector factors;
    for (const auto& f : order_.operands(e)) {
      const ex g = (*this)(f);
      (GiNaC::is_a<GiNaC::numeric>(g) ? numbers : factors).push_back(g);
    }
    factors.push_back(folded(numbers, false));
    return GiNaC::dynallocate<GiNaC::mul>(factors);
  }

  // Σ or Π of numbers: exactly if all are exact, else in extended precision in the given order.
  static ex folded(const std::vector<ex>& numbers, bool add) {
    bool any_inexact = false;
    for (const auto& n : numbers) any_inexact = any_inexact || inexact(n);
    if (!any_inexact) {
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

  ExMap<ex> memo_;
  CanonicalOrder order_;
};

}  // namespace

ex exact_numbers(const ex& e) {
  struct : GiNaC::map_function {
    ex operator()(const ex& x) override {
      // (a float beyond the range of doubles, 1e400, stays a float)
      if (is_float(x)) return exact_if_double(GiNaC::ex_to<GiNaC::numeric>(x).to_double(), x);
      if (atomic(x)) return x;
      const ex mapped = x.map(*this);
      // A function or power of numbers made exact from doubles (sin of one, say): its value, as
      // exact as they are; GiNaC would keep it as an opaque function of a huge rational.
      const auto value = value_of_inexact_numbers(mapped);
      return value ? exact_if_double(static_cast<double>(*value), mapped) : mapped;
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

ex decimal_numbers(const ex& e) { return DecimalNumbers()(e); }

GiNaC::matrix decimal_numbers(const GiNaC::matrix& m) {
  DecimalNumbers f;
  GiNaC::matrix out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out(i, j) = f(m(i, j));
  return out;
}

Eigen::MatrixXd evaluate(const GiNaC::matrix& m, const GiNaC::exmap& values, const std::string& what) {
  GraphEvaluator value(values);
  Eigen::MatrixXd out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      out(i, j) = value(m(i, j), what + "(" + std::to_string(i) + "," + std::to_string(j) + ")");
  return out;
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
