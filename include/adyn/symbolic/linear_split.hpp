#pragma once
// Splitting an expression that is linear in given symbols x into its coefficients and the rest,
//
//     e = Σ_s c_s x_s + rest,
//
// in one structural pass. The seed is the residual r = M u̇ − F of the equations of motion, which
// is linear in the accelerations u̇ (Kane's F_r + F*_r, Greenwood's Lagrange and Gibbs–Appell
// equations): its coefficients are a row of the mass matrix M and −rest is the forcing F. Taking
// M = ∂r/∂u̇ by p² calls of GiNaC's diff walks the whole residual once per u̇_s (and diff raises and
// catches an exception at every function node such as sin q); that was 99% of Kane's derivation
// time (issue 8). Here each residual is walked once:
//  - a subexpression free of x goes to the rest;
//  - a bare x_s has coefficient 1;
//  - a sum is split term by term;
//  - a product with exactly one factor containing x is split in that factor and scaled by the others;
//  - anything else (x inside a power or a function, products of several factors containing x)
//    falls back on ∂/∂x_s and the substitution x = 0 for that subexpression alone.
// Whether a subexpression contains x, and its split, are remembered per subexpression, so the
// pass is linear in the size of the expression graph (shared subexpressions are examined and split
// once per splitter).
//
// Since ∂/∂x_s and x = 0 are linear and pass through the factors free of x, the split equals
// (∂e/∂x_s, e|_{x=0}) for any e, linear or not: it is a faster way of computing exactly what the
// derivatives gave, and e = Σ c_s x_s + rest holds whenever e is linear in x.
#include <ginac/ginac.h>

#include <map>
#include <unordered_map>
#include <vector>

#include "adyn/symbolic/ex_map.hpp"

namespace adyn::sym {

/// e = Σ_s coefficients[s] x_s + rest.
struct LinearSplit {
  std::vector<GiNaC::ex> coefficients;  // one per symbol of x, 0 where x_s does not occur
  GiNaC::ex rest = 0;                   // e at x = 0
};

/// Splits expressions linear in the symbols x. Keeps what it learnt about subexpressions
/// (whether they contain x) between calls: split the related expressions of one derivation (the
/// p residuals, which share subexpressions) with one splitter.
class LinearSplitter {
 public:
  explicit LinearSplitter(const std::vector<GiNaC::symbol>& x);

  LinearSplit split(const GiNaC::ex& e);

 private:
  /// A split with only the coefficients present (keyed by the position of x_s in x).
  struct SparseSplit {
    std::map<std::size_t, GiNaC::ex> coefficients;
    GiNaC::ex rest = 0;
  };

  SparseSplit split_sparse(const GiNaC::ex& e);
  SparseSplit split_sum(const GiNaC::ex& sum);
  SparseSplit split_product(const GiNaC::ex& product, std::size_t k);
  SparseSplit by_derivatives(const GiNaC::ex& e) const;
  bool contains_x(const GiNaC::ex& e);
  /// The position of the one factor of `product` that contains x, or nops() if there are several.
  std::size_t linear_factor(const GiNaC::ex& product);

  std::vector<GiNaC::symbol> x_;
  std::unordered_map<GiNaC::ex, std::size_t> index_;  // x_s → s
  ExMap<bool> contains_;                              // memo of contains_x
  ExMap<SparseSplit> splits_;                         // memo of split_sparse
};

/// One-off split of e in the symbols x (see LinearSplitter).
LinearSplit split_linear(const GiNaC::ex& e, const std::vector<GiNaC::symbol>& x);

}  // namespace adyn::sym
