#include "adyn/symbolic/graph_program.hpp"

#include <cmath>
#include <limits>

#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "function_value.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {

// Appends each distinct subexpression's node after its operands' (so that one pass in order
// evaluates them), its operands in the canonical order, as GraphValue in evaluate.cpp takes them.
class GraphProgram::Builder {
 public:
  Builder(GraphProgram& program, const std::vector<GiNaC::symbol>& variables) : p_(program) {
    for (std::size_t i = 0; i < variables.size(); ++i) variables_.emplace(variables[i], static_cast<int>(i));
  }

  std::uint32_t node(const GiNaC::ex& e) {
    if (auto done = index_.find(e); done != index_.end()) return done->second;
    const std::uint32_t k = built(e);
    index_.emplace(e, k);
    return k;
  }

 private:
  static constexpr long double nan = std::numeric_limits<long double>::quiet_NaN();

  std::uint32_t built(const GiNaC::ex& e) {
    if (is<GiNaC::numeric>(e)) return number(e);
    if (is<GiNaC::constant>(e)) return number(e.evalf());
    if (is<GiNaC::symbol>(e)) {
      const auto it = variables_.find(e);
      return it == variables_.end() ? append({Kind::Number, nan, 0, 0, 0}) : append({Kind::Variable, 0, it->second, 0, 0});
    }
    if (is<GiNaC::add>(e)) return with_operands(Kind::Sum, 0, order_.operands(e));
    if (is<GiNaC::mul>(e)) return with_operands(Kind::Product, 0, order_.operands(e));
    if (is<GiNaC::power>(e)) {
      if (e.op(1).info(GiNaC::info_flags::integer) && is<GiNaC::numeric>(e.op(1)))
        return with_operands(Kind::IntegerPower, GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_int(), {e.op(0)});
      return with_operands(Kind::Power, 0, {e.op(0), e.op(1)});
    }
    if (is<GiNaC::function>(e)) {
      const std::vector<GiNaC::ex> args(e.begin(), e.end());
      return with_operands(Kind::Function, static_cast<int>(GiNaC::ex_to<GiNaC::function>(e).get_serial()), args);
    }
    return append({Kind::Number, nan, 0, 0, 0});
  }

  std::uint32_t number(const GiNaC::ex& n) {
    const auto& x = GiNaC::ex_to<GiNaC::numeric>(n);
    return append({Kind::Number, x.is_real() ? static_cast<long double>(x.to_double()) : nan, 0, 0, 0});
  }

  std::uint32_t with_operands(Kind kind, int index, const std::vector<GiNaC::ex>& operands) {
    std::vector<std::uint32_t> nodes;
    for (const auto& op : operands) nodes.push_back(node(op));
    const auto first = static_cast<std::uint32_t>(p_.operands_.size());
    p_.operands_.insert(p_.operands_.end(), nodes.begin(), nodes.end());
    return append({kind, 0, index, first, static_cast<std::uint32_t>(nodes.size())});
  }

  std::uint32_t append(const Node& n) {
    p_.nodes_.push_back(n);
    return static_cast<std::uint32_t>(p_.nodes_.size() - 1);
  }

  GraphProgram& p_;
  ExMap<int> variables_;
  ExMap<std::uint32_t> index_;
  CanonicalOrder order_;
};

GraphProgram::GraphProgram(const std::vector<GiNaC::ex>& expressions, const std::vector<GiNaC::symbol>& variables)
    : variables_(variables) {
  Builder builder(*this, variables);
  for (const auto& e : expressions) outputs_.push_back(builder.node(e));
}

namespace {

std::vector<GiNaC::symbol> symbols_of(const std::vector<GiNaC::ex>& expressions) {
  const auto found = free_symbols(expressions);
  std::vector<GiNaC::symbol> out;
  for (const auto& s : canonically_sorted({found.begin(), found.end()})) out.push_back(GiNaC::ex_to<GiNaC::symbol>(s));
  return out;
}

}  // namespace

GraphProgram::GraphProgram(const std::vector<GiNaC::ex>& expressions) : GraphProgram(expressions, symbols_of(expressions)) {}

Eigen::VectorXd GraphProgram::operator()(const GiNaC::exmap& at) const {
  Eigen::VectorXd x(static_cast<Eigen::Index>(variables_.size()));
  for (std::size_t i = 0; i < variables_.size(); ++i) {
    const auto it = at.find(variables_[i]);
    const bool real = it != at.end() && is<GiNaC::numeric>(it->second) && GiNaC::ex_to<GiNaC::numeric>(it->second).is_real();
    x(static_cast<Eigen::Index>(i)) = real ? GiNaC::ex_to<GiNaC::numeric>(it->second).to_double() : std::numeric_limits<double>::quiet_NaN();
  }
  return (*this)(x);
}

Eigen::VectorXd GraphProgram::operator()(const Eigen::VectorXd& x) const {
  std::vector<long double> v(nodes_.size());
  std::vector<long double> args;
  for (std::size_t k = 0; k < nodes_.size(); ++k) {
    const Node& n = nodes_[k];
    const std::uint32_t* op = operands_.data() + n.first;
    switch (n.kind) {
      case Kind::Number: v[k] = n.number; break;
      case Kind::Variable: v[k] = x(n.index); break;
      case Kind::Sum: {
        long double sum = 0;
        for (std::uint32_t i = 0; i < n.count; ++i) sum += v[op[i]];
        v[k] = sum;
        break;
      }
      case Kind::Product: {
        long double product = 1;
        for (std::uint32_t i = 0; i < n.count; ++i) product *= v[op[i]];
        v[k] = product;
        break;
      }
      case Kind::IntegerPower: v[k] = std::pow(v[op[0]], n.index); break;
      case Kind::Power: v[k] = std::pow(v[op[0]], v[op[1]]); break;
      case Kind::Function:
        args.assign(n.count, 0);
        for (std::uint32_t i = 0; i < n.count; ++i) args[i] = v[op[i]];
        v[k] = function_value(static_cast<unsigned>(n.index), args);
        break;
    }
  }
  Eigen::VectorXd out(static_cast<Eigen::Index>(outputs_.size()));
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const auto value = static_cast<double>(v[outputs_[i]]);
    out(static_cast<Eigen::Index>(i)) = std::isfinite(value) ? value : std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

}  // namespace adyn::sym
