// A fingerprint of a function by its values at two generic points (value_fingerprint.hpp).
#include "adyn/symbolic/value_fingerprint.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/node_kind.hpp"
#include "function_value.hpp"

namespace adyn::sym {
namespace {

constexpr std::size_t points = 2;
using Values = std::array<long double, points>;

// Input i's value at the two points: fractional parts of multiples of two irrational numbers (the
// golden ratio's and the plastic number's reciprocals), mapped into [0.3, 0.7).
Values generic_values(std::size_t i) {
  const long double k = static_cast<long double>(i + 1);
  const Values steps = {0.6180339887498948482L, 0.7548776662466927600L};
  Values v{};
  for (std::size_t p = 0; p < points; ++p) v[p] = 0.3L + 0.4L * (k * steps[p] - std::floor(k * steps[p]));
  return v;
}

// The functions that are analytic where they are defined: two of their expressions that agree at
// generic points agree everywhere (not abs or csgn, whose pieces the points may all fall in).
bool analytic(unsigned serial) {
  for (const unsigned f : {GiNaC::sin_SERIAL::serial, GiNaC::cos_SERIAL::serial, GiNaC::tan_SERIAL::serial,
                           GiNaC::exp_SERIAL::serial, GiNaC::log_SERIAL::serial, GiNaC::asin_SERIAL::serial,
                           GiNaC::acos_SERIAL::serial, GiNaC::atan_SERIAL::serial, GiNaC::atan2_SERIAL::serial,
                           GiNaC::sinh_SERIAL::serial, GiNaC::cosh_SERIAL::serial, GiNaC::tanh_SERIAL::serial})
    if (serial == f) return true;
  return false;
}

class GraphValues {
 public:
  explicit GraphValues(const std::vector<GiNaC::symbol>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i) inputs_.emplace(inputs[i], generic_values(i));
  }

  Values operator()(const GiNaC::ex& e) {
    const GiNaC::basic* node = &GiNaC::ex_to<GiNaC::basic>(e);
    if (const auto found = memo_.find(node); found != memo_.end()) return found->second.second;
    const Values v = compute(e);
    memo_.emplace(node, std::make_pair(e, v));
    return v;
  }
  const std::set<std::string>& numbers() const { return numbers_; }
  bool analytic_only() const { return analytic_; }

 private:
  static Values all(long double x) {
    Values v;
    v.fill(x);
    return v;
  }
  static Values number(const GiNaC::ex& n) {
    const auto& x = GiNaC::ex_to<GiNaC::numeric>(n);
    return all(x.is_real() ? x.to_double() : std::numeric_limits<long double>::quiet_NaN());
  }

  Values compute(const GiNaC::ex& e) {
    switch (node_kind(e)) {
      case NodeKind::Number: {  // its magnitude: a sign moves between a factor and a term with the shape
        std::ostringstream text;
        GiNaC::ex(GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(e))).print(GiNaC::print_dflt(text));
        numbers_.insert(text.str());
        return number(e);
      }
      case NodeKind::Constant: return number(e.evalf());
      case NodeKind::Symbol: {
        const auto found = inputs_.find(e);
        return found != inputs_.end() ? found->second : all(std::numeric_limits<long double>::quiet_NaN());
      }
      case NodeKind::Sum: return fold(e, 0.0L, [](long double a, long double b) { return a + b; });
      case NodeKind::Product: return fold(e, 1.0L, [](long double a, long double b) { return a * b; });
      case NodeKind::Power: {
        const Values base = (*this)(e.op(0)), exponent = (*this)(e.op(1));
        const bool integer = is<GiNaC::numeric>(e.op(1)) && e.op(1).info(GiNaC::info_flags::integer);
        Values v;
        for (std::size_t p = 0; p < points; ++p)
          v[p] = integer ? std::pow(base[p], GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_int()) : std::pow(base[p], exponent[p]);
        return v;
      }
      case NodeKind::Function: {
        if (is_intermediate(e)) return (*this)(e.op(0));  // a name for its value (cse.hpp)
        analytic_ = analytic_ && analytic(GiNaC::ex_to<GiNaC::function>(e).get_serial());
        std::vector<Values> args;
        for (const auto& arg : e) args.push_back((*this)(arg));
        Values v;
        std::vector<long double> at(args.size());
        for (std::size_t p = 0; p < points; ++p) {
          for (std::size_t a = 0; a < args.size(); ++a) at[a] = args[a][p];
          v[p] = std::all_of(at.begin(), at.end(), [](long double x) { return std::isfinite(x); })
                     ? function_value(GiNaC::ex_to<GiNaC::function>(e).get_serial(), at)
                     : std::numeric_limits<long double>::quiet_NaN();
        }
        return v;
      }
      case NodeKind::Other: break;
    }
    return all(std::numeric_limits<long double>::quiet_NaN());
  }

  template <class Op>
  Values fold(const GiNaC::ex& e, long double start, Op op) {
    Values v = all(start);
    for (const auto& operand : e) {
      const Values x = (*this)(operand);
      for (std::size_t p = 0; p < points; ++p) v[p] = op(v[p], x[p]);
    }
    return v;
  }

  std::set<std::string> numbers_;  // the numbers' magnitudes as text, in order
  bool analytic_ = true;           // no function but analytic ones
  ExMap<Values> inputs_;  // symbols are equal by their serial, not by their node
  // Looked up only, never walked: no order by address. Each entry holds its node, so that no node
  // freed during the walk (a sum's operand may be a product built for the asking) leaves its
  // address to another.
  std::unordered_map<const GiNaC::basic*, std::pair<GiNaC::ex, Values>> memo_;
};

void append(std::string& text, long long n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  text.append(digits, end);
  text += ' ';
}

}  // namespace

std::optional<std::string> value_fingerprint(const std::vector<GiNaC::symbol>& inputs,
                                             const std::vector<GiNaC::ex>& outputs) {
  GraphValues values(inputs);
  std::vector<Values> at;
  Values largest{};
  for (const auto& e : outputs) {
    at.push_back(values(e));
    for (std::size_t p = 0; p < points; ++p) {
      if (!std::isfinite(at.back()[p])) return std::nullopt;
      largest[p] = std::max(largest[p], std::abs(at.back()[p]));
    }
  }
  if (!values.analytic_only()) return std::nullopt;
  std::string text;
  for (const auto& s : inputs) text += s.get_name() + '\n';
  for (const auto& n : values.numbers()) text += n + '\n';
  append(text, static_cast<long long>(outputs.size()));
  for (const auto& v : at)
    for (std::size_t p = 0; p < points; ++p)
      append(text, std::llround(v[p] / std::max(largest[p], 1e-300L) * 1e10L));  // ten digits of the largest
  return text;
}

}  // namespace adyn::sym
