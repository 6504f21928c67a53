#include "adyn/symbolic/hoist.hpp"

#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {
namespace {

using GiNaC::ex;

class Hoister : public GiNaC::map_function {
 public:
  Hoister(const std::vector<GiNaC::symbol>& parameters, std::string prefix, HoistedSubexpressions& out)
      : prefix_(std::move(prefix)), out_(out) {
    for (const auto& p : parameters) parameter_only_.emplace(p, true);
  }

  ex operator()(const ex& e) override {
    if (atomic(e)) return e;
    if (parameter_only(e)) return define(e);
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    ex out;
    if (is<GiNaC::add>(e) || is<GiNaC::mul>(e)) out = hoist_operands(e);
    else out = e.map(*this);
    memo_.emplace(e, out);
    return out;
  }

 private:
  // A sum or a product: its parameter-only operands become one symbol, the others are rebuilt.
  ex hoist_operands(const ex& e) {
    GiNaC::exvector constant, rest;
    for (const auto& operand : order_.operands(e)) {
      if (parameter_only(operand)) constant.push_back(operand);
      else rest.push_back((*this)(operand));
    }
    if (constant.size() == 1) rest.push_back((*this)(constant.front()));
    else if (constant.size() > 1)
      rest.push_back(define(is<GiNaC::add>(e) ? ex(GiNaC::dynallocate<GiNaC::add>(constant))
                                                       : ex(GiNaC::dynallocate<GiNaC::mul>(constant))));
    if (is<GiNaC::add>(e)) return GiNaC::dynallocate<GiNaC::add>(rest);
    return GiNaC::dynallocate<GiNaC::mul>(rest);
  }

  // A constant and its negation share one symbol (CanonicalOrder::positive_form: GiNaC gives a
  // sum in a product either sign).
  ex define(const ex& e) {
    if (atomic(e)) return e;
    if (const auto [positive, negated] = order_.positive_form(e); negated) return -define(positive);
    if (auto known = defined_.find(e); known != defined_.end()) return known->second;
    GiNaC::symbol k = interned_symbol(prefix_ + std::to_string(out_.definitions.size()));
    out_.definitions.emplace_back(k, e);
    defined_.emplace(e, k);
    return k;
  }

  bool parameter_only(const ex& e) {
    if (is<GiNaC::numeric>(e)) return true;
    if (is<GiNaC::symbol>(e)) return parameter_only_.count(e) > 0;
    if (e.nops() == 0) return true;  // constants such as Pi
    if (auto known = parameter_only_.find(e); known != parameter_only_.end()) return known->second;
    bool only = true;
    for (const auto& child : e)
      if (!parameter_only(child)) {
        only = false;
        break;
      }
    parameter_only_.emplace(e, only);
    return only;
  }

  std::string prefix_;
  HoistedSubexpressions& out_;
  ExMap<bool> parameter_only_;  // the parameters themselves, and what was learnt of subexpressions
  ExMap<ex> memo_, defined_;
  CanonicalOrder order_;
};

}  // namespace

HoistedSubexpressions hoist_parameter_subexpressions(const std::vector<ex>& exprs,
                                                     const std::vector<GiNaC::symbol>& parameters,
                                                     const std::string& prefix) {
  HoistedSubexpressions out;
  Hoister hoist(parameters, prefix, out);
  for (const auto& e : exprs) out.outputs.push_back(hoist(e));
  return out;
}

}  // namespace adyn::sym
