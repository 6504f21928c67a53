#include "adyn/symbolic/evaluate.hpp"

#include <cmath>
#include <iomanip>
#include <limits>
#include <memory>
#include <random>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/library_messages.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"
#include "function_value.hpp"
#include "adyn/symbolic/node_kind.hpp"

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
    if (is<GiNaC::numeric>(e)) return real(e);
    if (is<GiNaC::symbol>(e)) {
      auto it = values_.find(e);
      return it != values_.end() && is<GiNaC::numeric>(it->second) ? real(it->second) : nan();
    }
    if (is<GiNaC::constant>(e)) return real(e.evalf());
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
    if (is<GiNaC::add>(e)) {
      long double sum = 0;
      for (const auto& term : order_.operands(e)) sum += (*this)(term);
      return sum;
    }
    if (is<GiNaC::mul>(e)) {
      long double product = 1;
      for (const auto& factor : order_.operands(e)) product *= (*this)(factor);
      return product;
    }
    if (is<GiNaC::power>(e)) {
      const long double base = (*this)(e.op(0));
      if (e.op(1).info(GiNaC::info_flags::integer) && is<GiNaC::numeric>(e.op(1)))
        return std::pow(base, GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_int());
      return std::pow(base, (*this)(e.op(1)));
    }
    if (is<GiNaC::function>(e)) return function(e);
    return nan();
  }

  long double function(const ex& e) {
    if (is_intermediate(e)) return (*this)(e.op(0));  // a name for its value (cse.hpp)
    std::vector<long double> a;
    for (const auto& arg : e) a.push_back((*this)(arg));
    return function_value(GiNaC::ex_to<GiNaC::function>(e).get_serial(), a);
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
  const double d = is<GiNaC::numeric>(decades) ? GiNaC::ex_to<GiNaC::numeric>(decades).to_double() : 0;
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
    if (it == values.end() || !is<GiNaC::numeric>(it->second) || !GiNaC::ex_to<GiNaC::numeric>(it->second).is_real())
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
  if (!is<GiNaC::numeric>(v)) {
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

Eigen::MatrixXd evaluate(const GiNaC::matrix& m, const GiNaC::exmap& values, const std::string& what) {
  GraphEvaluator value(values);
  Eigen::MatrixXd out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      out(i, j) = value(m(i, j), what + "(" + std::to_string(i) + "," + std::to_string(j) + ")");
  return out;
}

}  // namespace adyn::sym
