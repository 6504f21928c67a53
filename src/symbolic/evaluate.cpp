#include "adyn/symbolic/evaluate.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"

namespace adyn::sym {

namespace {

using GiNaC::ex;

// Floating-point value of an expression graph: each distinct subexpression is computed once (the
// tree of a chain's kinematics, with its shared parent quantities, would be exponentially larger).
// NaN where double arithmetic cannot follow (a value that is not a number, a complex intermediate):
// the caller then takes GiNaC's exact path, which also words the errors.
class GraphValue {
 public:
  explicit GraphValue(const GiNaC::exmap& values) : values_(values) {}

  double operator()(const ex& e) {
    if (GiNaC::is_a<GiNaC::numeric>(e)) return real(e);
    if (GiNaC::is_a<GiNaC::symbol>(e)) {
      auto it = values_.find(e);
      return it != values_.end() && GiNaC::is_a<GiNaC::numeric>(it->second) ? real(it->second) : nan();
    }
    if (GiNaC::is_a<GiNaC::constant>(e)) return real(e.evalf());
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    const double v = compute(e);
    memo_.emplace(e, v);
    return v;
  }

 private:
  static double nan() { return std::numeric_limits<double>::quiet_NaN(); }
  static double real(const ex& n) {
    const auto& x = GiNaC::ex_to<GiNaC::numeric>(n);
    return x.is_real() ? x.to_double() : nan();
  }

  double compute(const ex& e) {
    if (GiNaC::is_a<GiNaC::add>(e)) {
      double sum = 0;
      for (const auto& term : e) sum += (*this)(term);
      return sum;
    }
    if (GiNaC::is_a<GiNaC::mul>(e)) {
      double product = 1;
      for (const auto& factor : e) product *= (*this)(factor);
      return product;
    }
    if (GiNaC::is_a<GiNaC::power>(e)) {
      const double base = (*this)(e.op(0));
      if (e.op(1).info(GiNaC::info_flags::integer) && GiNaC::is_a<GiNaC::numeric>(e.op(1)))
        return std::pow(base, GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_int());
      return std::pow(base, (*this)(e.op(1)));
    }
    if (GiNaC::is_a<GiNaC::function>(e)) return function(e);
    return nan();
  }

  double function(const ex& e) {
    std::vector<double> a;
    for (const auto& arg : e) a.push_back((*this)(arg));
    const unsigned serial = GiNaC::ex_to<GiNaC::function>(e).get_serial();
    if (a.size() == 1) {
      const double x = a[0];
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
    for (double x : a) args.push_back(x);
    const ex v = GiNaC::function(serial, args).evalf();
    return GiNaC::is_a<GiNaC::numeric>(v) ? real(v) : nan();
  }

  const GiNaC::exmap& values_;
  ExMap<double> memo_;
};

// Expressions up to this many nodes (of their expanded tree) are evaluated by GiNaC, in exact
// and then 17-digit arithmetic (cheap at that size, and a shade more accurate than doubles where
// the equations cancel, as Hamilton's do); larger ones over the graph in double precision.
constexpr std::size_t exact_evaluation_limit = 20000;

// True if the tree of e has at most `budget` nodes; stops counting as soon as it has more.
bool small(const GiNaC::ex& e, std::size_t& budget) {
  if (budget == 0) return false;
  --budget;
  for (const auto& child : e)
    if (!small(child, budget)) return false;
  return true;
}

bool small(const GiNaC::ex& e) {
  std::size_t budget = exact_evaluation_limit;
  return small(e, budget);
}

// GiNaC's exact path: substitution and evalf, with the errors worded.
double evaluate_by_substitution(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what) {
  GiNaC::ex v;
  try {
    v = e.subs(values, GiNaC::subs_options::no_pattern).evalf();
  } catch (const std::exception& err) {
    throw EvaluationError(what + ": cannot be evaluated (" + err.what() + ")");
  }
  if (!GiNaC::is_a<GiNaC::numeric>(v)) {
    std::ostringstream names;
    for (const auto& s : free_symbols(v)) names << (names.tellp() > 0 ? ", " : "") << s;
    throw EvaluationError(what + ": no value given for " + names.str());
  }
  const auto& n = GiNaC::ex_to<GiNaC::numeric>(v);
  if (!n.is_real()) throw EvaluationError(what + ": value is not real");
  double d = n.to_double();
  if (!std::isfinite(d)) throw EvaluationError(what + ": value is not finite");
  return d;
}

}  // namespace

struct GraphEvaluator::Impl {
  Impl(const GiNaC::exmap& v, Precision p) : values(v), graph(values), precision(p) {}
  GiNaC::exmap values;
  GraphValue graph;
  Precision precision;
};

GraphEvaluator::GraphEvaluator(const GiNaC::exmap& values, Precision precision)
    : impl_(std::make_unique<Impl>(values, precision)) {}
GraphEvaluator::~GraphEvaluator() = default;

double GraphEvaluator::operator()(const GiNaC::ex& e, const std::string& what) {
  if (impl_->precision == Precision::SmallExact && small(e)) return evaluate_by_substitution(e, impl_->values, what);
  const double v = impl_->graph(e);
  return std::isfinite(v) ? v : evaluate_by_substitution(e, impl_->values, what);
}

double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what) {
  if (small(e)) return evaluate_by_substitution(e, values, what);
  const double v = GraphValue(values)(e);
  return std::isfinite(v) ? v : evaluate_by_substitution(e, values, what);
}

GiNaC::exmap with_generic_values(GiNaC::exmap given, const GiNaC::matrix& m, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(0.3, 1.2);
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      for (const auto& s : free_symbols(m(i, j)))
        if (!given.count(s)) given[s] = dist(rng);
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
