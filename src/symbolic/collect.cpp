#include "adyn/symbolic/collect.hpp"

#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {
namespace {

using GiNaC::ex;

/// A term c · s of a sum: c constant, s the product of the state-dependent factors (1 if none).
struct Term {
  ex constant, state;
};

ex sum_of(const GiNaC::exvector& terms) {
  if (terms.empty()) return 0;
  if (terms.size() == 1) return terms.front();
  return GiNaC::dynallocate<GiNaC::add>(terms);
}

ex product_of(const GiNaC::exvector& factors) {
  if (factors.empty()) return 1;
  if (factors.size() == 1) return factors.front();
  return GiNaC::dynallocate<GiNaC::mul>(factors);
}

/// c = number · key, the number taken out so that c and −2c share a key.
std::pair<GiNaC::numeric, ex> numeric_part(const ex& c) {
  if (is<GiNaC::mul>(c)) {
    GiNaC::numeric number = 1;
    GiNaC::exvector rest;
    for (const auto& f : c) {
      if (is<GiNaC::numeric>(f)) number *= GiNaC::ex_to<GiNaC::numeric>(f);
      else rest.push_back(f);
    }
    return {number, product_of(rest)};
  }
  return {1, c};
}

class StateTermCollector : public GiNaC::map_function {
 public:
  ex operator()(const ex& e) override { return collect(e); }

  ex collect(const ex& e) {
    if (atomic(e) || is_constant(e)) return e;
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    ex out;
    if (is<GiNaC::add>(e) || is<GiNaC::mul>(e)) {
      std::vector<Term> terms;
      gather(e, 1, terms);
      out = combine(terms);
    } else {
      out = e.map(*this);  // a power or a function: its arguments
    }
    memo_.emplace(e, out);
    return out;
  }

  bool is_constant(const ex& e) {
    if (is<GiNaC::symbol>(e)) return !is_dynamic(e) && !e.is_equal(time());
    if (e.nops() == 0) return true;  // numbers, constants
    if (auto known = constant_.find(e); known != constant_.end()) return known->second;
    bool constant = true;
    for (const auto& child : e)
      if (!is_constant(child)) {
        constant = false;
        break;
      }
    constant_.emplace(e, constant);
    return constant;
  }

 private:
  // The terms of scale · e: sums are flattened and constant factors distributed over them.
  void gather(const ex& e, const ex& scale, std::vector<Term>& out) {
    if (is_constant(e)) {
      out.push_back({scale * e, 1});
    } else if (is<GiNaC::add>(e)) {
      for (const auto& t : order_.operands(e)) gather(t, scale, out);
    } else if (is<GiNaC::mul>(e)) {
      GiNaC::exvector constant{scale}, state;
      for (const auto& f : order_.operands(e)) {
        if (is_constant(f)) {
          constant.push_back(f);
          continue;
        }
        const ex g = collect(f);  // may come back as constant · state
        if (!is<GiNaC::mul>(g)) state.push_back(g);
        else
          for (const auto& h : g) (is_constant(h) ? constant : state).push_back(h);
      }
      const ex c = product_of(constant);
      if (state.size() == 1 && is<GiNaC::add>(state.front())) {
        for (const auto& t : order_.operands(state.front())) {
          Term split = split_term(t);
          out.push_back({c * split.constant, split.state});
        }
      } else {
        out.push_back({c, product_of(state)});
      }
    } else {
      out.push_back({scale, collect(e)});
    }
  }

  Term split_term(const ex& t) {
    if (is_constant(t)) return {t, 1};
    if (!is<GiNaC::mul>(t)) return {1, t};
    GiNaC::exvector constant, state;
    for (const auto& f : t) (is_constant(f) ? constant : state).push_back(f);
    return {product_of(constant), product_of(state)};
  }

  // Σ c_k s_k with equal s gathered, then equal coefficients (up to a number) gathered, each
  // group under the sign of its coefficient that the canonical order calls positive.
  ex combine(const std::vector<Term>& terms) {
    std::vector<ex> states;
    std::vector<GiNaC::exvector> coefficients;
    ExMap<std::size_t> by_state;
    for (const auto& t : terms) {
      const auto [state, negated] = order_.positive_form(t.state);  // s and −s are one state
      auto [it, fresh] = by_state.emplace(state, states.size());
      if (fresh) states.push_back(state), coefficients.emplace_back();
      coefficients[it->second].push_back(negated ? ex(-t.constant) : t.constant);
    }
    GiNaC::exvector result;
    std::vector<ex> keys;
    std::vector<GiNaC::exvector> grouped;
    ExMap<std::size_t> by_key;
    for (std::size_t i = 0; i < states.size(); ++i) {
      ex c = sum_of(coefficients[i]);
      if (coefficients[i].size() > 1) c = GiNaC::collect_common_factors(c);
      if (c.is_zero()) continue;
      if (is<GiNaC::numeric>(c) || states[i].is_equal(1)) {
        result.push_back(c * states[i]);
        continue;
      }
      const auto [number, signed_key] = numeric_part(c);
      const auto [key, negated] = order_.positive_form(signed_key);
      auto [it, fresh] = by_key.emplace(key, keys.size());
      if (fresh) keys.push_back(key), grouped.emplace_back();
      grouped[it->second].push_back((negated ? -number : number) * states[i]);
    }
    for (std::size_t k = 0; k < keys.size(); ++k) result.push_back(keys[k] * sum_of(grouped[k]));
    return sum_of(result);
  }

  ExMap<ex> memo_;
  ExMap<bool> constant_;
  CanonicalOrder order_;
};

}  // namespace

ex collect_state_terms(const ex& e) { return StateTermCollector().collect(e); }

std::vector<ex> collect_state_terms(const std::vector<ex>& exprs) {
  StateTermCollector collector;
  std::vector<ex> out;
  out.reserve(exprs.size());
  for (const auto& e : exprs) out.push_back(collector.collect(e));
  return out;
}

}  // namespace adyn::sym
