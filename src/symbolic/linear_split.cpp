#include "adyn/symbolic/linear_split.hpp"

#include <set>

#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/node_kind.hpp"

// One structural pass instead of p derivatives per expression (issue 8): see linear_split.hpp.
// The pass only descends into subexpressions that contain x; contains_x is memoised so that each
// distinct subexpression is examined once however deep the tree, which keeps the pass linear in
// the size of the expression (an unmemoised test, repeated at every level, is quadratic). The one
// superlinear cost left is GiNaC's: a coefficient scaled at each level of a deep nest of products
// is flattened into one product each time, as diff's product rule does.

namespace adyn::sym {
namespace {

using GiNaC::ex;

/// The sum of `terms` built in one go (adding them one by one would copy the growing sum each time).
ex sum_of(const GiNaC::exvector& terms) {
  if (terms.empty()) return 0;
  if (terms.size() == 1) return terms.front();
  return GiNaC::dynallocate<GiNaC::add>(terms);
}

}  // namespace

LinearSplitter::LinearSplitter(const std::vector<GiNaC::symbol>& x) : x_(x) {
  for (std::size_t s = 0; s < x_.size(); ++s) index_.emplace(x_[s], s);
}

LinearSplit LinearSplitter::split(const ex& e) {
  SparseSplit sparse = split_sparse(e);
  LinearSplit out{.coefficients = std::vector<ex>(x_.size(), 0), .rest = sparse.rest};
  for (auto& [s, c] : sparse.coefficients) out.coefficients[s] = c;
  return out;
}

LinearSplitter::SparseSplit LinearSplitter::split_sparse(const ex& e) {
  if (!contains_x(e)) return {.coefficients = {}, .rest = e};
  if (is<GiNaC::symbol>(e)) return {.coefficients = {{index_.at(e), 1}}, .rest = 0};  // x_s itself
  if (auto done = splits_.find(e); done != splits_.end()) return done->second;
  SparseSplit out;
  if (is<GiNaC::add>(e)) out = split_sum(e);
  else if (std::size_t k = is<GiNaC::mul>(e) ? linear_factor(e) : e.nops(); k < e.nops()) out = split_product(e, k);
  else out = by_derivatives(e);
  splits_.emplace(e, out);
  return out;
}

// Σ_k t_k: the coefficients and the rest are the sums of those of the terms.
LinearSplitter::SparseSplit LinearSplitter::split_sum(const ex& sum) {
  std::map<std::size_t, GiNaC::exvector> coefficient_terms;
  GiNaC::exvector rest_terms;
  for (const auto& term : sum) {
    if (!contains_x(term)) {
      rest_terms.push_back(term);
      continue;
    }
    SparseSplit part = split_sparse(term);
    for (auto& [s, c] : part.coefficients) coefficient_terms[s].push_back(c);
    if (!part.rest.is_zero()) rest_terms.push_back(part.rest);
  }
  SparseSplit out{.coefficients = {}, .rest = sum_of(rest_terms)};
  for (const auto& [s, terms] : coefficient_terms)
    if (ex c = sum_of(terms); !c.is_zero()) out.coefficients.emplace(s, c);
  return out;
}

// a · f(x), f the factor k and a the others (free of x): the split of f scaled by a (a stays one
// factor, not distributed over the terms of f).
LinearSplitter::SparseSplit LinearSplitter::split_product(const ex& product, std::size_t k) {
  GiNaC::exvector others;
  for (std::size_t i = 0; i < product.nops(); ++i)
    if (i != k) others.push_back(product.op(i));
  const ex a = GiNaC::dynallocate<GiNaC::mul>(others);
  SparseSplit part = split_sparse(product.op(k));
  SparseSplit out{.coefficients = {}, .rest = a * part.rest};
  for (auto& [s, c] : part.coefficients) out.coefficients.emplace(s, a * c);
  return out;
}

// The fallback for x inside a power, a function or several factors: ∂e/∂x_s for the x_s that
// occur, and e at x = 0 (what set_mass_matrix_form computed for the whole residual before).
LinearSplitter::SparseSplit LinearSplitter::by_derivatives(const ex& e) const {
  std::set<std::size_t> present;
  for (const auto& symbol : free_symbols(e))
    if (auto found = index_.find(symbol); found != index_.end()) present.insert(found->second);
  GiNaC::exmap at_zero;
  SparseSplit out;
  for (const std::size_t s : present) {
    at_zero[x_[s]] = 0;
    if (ex c = partial_derivative(e, x_[s]); !c.is_zero()) out.coefficients.emplace(s, c);
  }
  out.rest = substitute(e, at_zero);
  return out;
}

bool LinearSplitter::contains_x(const ex& e) {
  if (is<GiNaC::symbol>(e)) return index_.count(e) > 0;
  if (e.nops() == 0) return false;  // numbers, constants
  if (auto known = contains_.find(e); known != contains_.end()) return known->second;
  bool found = false;
  for (const auto& child : e)
    if (contains_x(child)) {
      found = true;
      break;
    }
  contains_.emplace(e, found);
  return found;
}

std::size_t LinearSplitter::linear_factor(const ex& product) {
  std::size_t found = product.nops();
  for (std::size_t i = 0; i < product.nops(); ++i)
    if (contains_x(product.op(i))) {
      if (found < product.nops()) return product.nops();  // a second factor with x
      found = i;
    }
  return found;
}

LinearSplit split_linear(const ex& e, const std::vector<GiNaC::symbol>& x) { return LinearSplitter(x).split(e); }

}  // namespace adyn::sym
