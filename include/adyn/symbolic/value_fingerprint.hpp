#pragma once
// A fingerprint of a function given by expressions that is the same in every process: what the
// set-up cache keys a compiled function on when it has no model source to key it on
// (numeric/setup_cache.hpp).
//
// Not the expressions' structure: GiNaC orders the operands of sums and products by hash values
// that depend on where its classes were loaded, and the derivations that build on that order
// return, in another process, equal expressions of another shape (a product over a sum where the
// other run has the distributed terms). Their values agree to the last bits: the fingerprint is
// the inputs' names, in order, the magnitudes of the numbers that occur in the expressions (as a
// set: how often a number occurs, and its sign, depend on the shape), and the outputs' values at
// two generic points (each input's value fixed by its position), each rounded to ten digits of the
// largest value at its point. That rounding hides the last bits except where a value lies within
// them of a rounding boundary, about once in 10⁶ values: then the fingerprint differs, which costs a
// miss, not a wrong match. Two analytic functions that differ agree at two generic points to ten
// digits only by design, not by chance (the identity test of polynomials at random points); a
// changed number shows in the set even where its term is too small at those points to move ten
// digits. Expressions with a function that is not analytic (abs, csgn: a term that vanishes on the
// points' side of a switch) have no fingerprint. Each distinct node of the expression graph is
// evaluated once, in extended precision.
#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

namespace adyn::sym {

/// None where an output has no finite real value at one of the points, uses a symbol that is not an
/// input or a function that is not analytic.
std::optional<std::string> value_fingerprint(const std::vector<GiNaC::symbol>& inputs,
                                             const std::vector<GiNaC::ex>& outputs);

}  // namespace adyn::sym
