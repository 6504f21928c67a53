#pragma once
// Derivatives that cost the size of the expression graph, not of the expanded tree.
//
// Kinematic expressions of a chain share their parent body's quantities: the direction cosines of
// body k are products of body k−1's with one joint rotation, and GiNaC stores each shared
// subexpression once. GiNaC's own diff() walks the tree (every shared node as often as it is
// referenced, so the work doubles with each body) and goes through a thrown exception at every
// sin and cos it differentiates. A ChainRule walks the graph: each distinct subexpression is
// differentiated once (memo keyed by structure), and the derivative of an elementary function is
// written down directly,
//     d sin(a) = cos(a) da,  d cos(a) = −sin(a) da,  d tan(a) = (1 + tan²a) da,  d exp(a) = exp(a) da,
//     d log(a) = da / a,     d aᵖ = p aᵖ⁻¹ da (+ aᵖ log(a) dp),   d atan2(y, x) = (x dy − y dx)/(x² + y²),
// so the derivative shares structure the way its argument does: d(parent quantity) is built once
// and referenced by every child, which is the chain rule through named intermediates. A named
// intermediate (sym::intermediate, cse.hpp) has a named intermediate for derivative,
//     d intermediate(a) = intermediate(da),
// so that the derivative of a recursion over bodies is a recursion over the same bodies (the
// forward mode of automatic differentiation), O(1) per body and variable.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/symbolic/ex_map.hpp"

namespace adyn::sym {

/// A derivation D on expressions, fixed by what it gives for each symbol: D(e) by the chain rule,
/// memoized over the subexpressions of every expression it is applied to (keep one object for
/// all entries of a matrix, or all components of a vector, so that what they share is
/// differentiated once).
class ChainRule {
 public:
  virtual ~ChainRule() = default;
  ChainRule() = default;
  ChainRule(const ChainRule&) = delete;
  ChainRule& operator=(const ChainRule&) = delete;

  GiNaC::ex operator()(const GiNaC::ex& e);
  GiNaC::matrix operator()(const GiNaC::matrix& m);

 protected:
  /// D(s) for a symbol s.
  virtual GiNaC::ex of_symbol(const GiNaC::symbol& s) = 0;

 private:
  GiNaC::ex of_sum(const GiNaC::ex& e);
  GiNaC::ex of_product(const GiNaC::ex& e);
  GiNaC::ex of_power(const GiNaC::ex& e);
  GiNaC::ex of_function(const GiNaC::ex& e);
  GiNaC::ex of_other(const GiNaC::ex& e);
  ExMap<GiNaC::ex> memo_;
};

/// ∂/∂x.
class PartialDerivative final : public ChainRule {
 public:
  explicit PartialDerivative(const GiNaC::symbol& x) : x_(x) {}

 protected:
  GiNaC::ex of_symbol(const GiNaC::symbol& s) override { return s.is_equal(x_) ? 1 : 0; }

 private:
  GiNaC::symbol x_;
};

/// A directional derivative: D(s) = the given expression for the symbols of `directions`, 0 for any
/// other (with directions {x_j ↦ δ_j}, D e = Σ_j ∂e/∂x_j δ_j; with values that are expressions, the
/// derivative of e along the motion those expressions give).
class DirectionalDerivative final : public ChainRule {
 public:
  explicit DirectionalDerivative(const GiNaC::exmap& directions);

 protected:
  GiNaC::ex of_symbol(const GiNaC::symbol& s) override;

 private:
  ExMap<GiNaC::ex> directions_;
};

/// The total time derivative d/dt: t ↦ 1, a dynamic variable x ↦ ẋ (sym::derivative_of), any
/// other symbol (a parameter) ↦ 0 — and the symbols `held` ↦ 0: with held = q̇, the part of
/// d/dt that does not involve q̈.
class TotalTimeDerivative final : public ChainRule {
 public:
  explicit TotalTimeDerivative(const std::vector<GiNaC::symbol>& held = {});

 protected:
  GiNaC::ex of_symbol(const GiNaC::symbol& s) override;

 private:
  ExMap<GiNaC::ex> symbols_;
};

/// ∂e/∂x (one expression; use PartialDerivative to differentiate several that share terms).
GiNaC::ex partial_derivative(const GiNaC::ex& e, const GiNaC::symbol& x);

/// Whether expressions contain the subexpression `s` (typically a symbol), or any of several:
/// each distinct subexpression is examined once over all the expressions tested with one object.
class Occurrence {
 public:
  explicit Occurrence(const GiNaC::ex& s) : targets_{s} {}
  explicit Occurrence(const std::vector<GiNaC::symbol>& any_of) : targets_(any_of.begin(), any_of.end()) {}
  bool in(const GiNaC::ex& e);
  bool in(const GiNaC::matrix& m);

 private:
  GiNaC::exset targets_;
  ExMap<bool> memo_;
};

/// True if `e` contains `s` (one-off Occurrence).
bool contains(const GiNaC::ex& e, const GiNaC::ex& s);

/// e with the symbols that are keys of `m` replaced by their values (GiNaC's subs with
/// no_pattern, for symbol keys), rebuilding each distinct subexpression once.
GiNaC::ex substitute(const GiNaC::ex& e, const GiNaC::exmap& m);

/// A substitution applied to many expressions with one memo (so shared parts are rebuilt once).
class Substitution : public GiNaC::map_function {
 public:
  explicit Substitution(const GiNaC::exmap& m);
  GiNaC::ex operator()(const GiNaC::ex& e) override;
  GiNaC::matrix operator()(const GiNaC::matrix& m);

 private:
  GiNaC::exmap map_;
  bool symbols_only_ = true;
  ExMap<GiNaC::ex> memo_;
};

}  // namespace adyn::sym
