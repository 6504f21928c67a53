#pragma once
// How large an expression becomes when expanded: a short expression can stand for millions of terms
// — (x + y + 1)^40 (x − y + 2)^40 is 30 characters and 741 321 terms — and expand(), normal() and
// the trigonometric simplification, which expand, then take minutes to hours. Algebra that expands
// asks expansion_is_small first and keeps larger expressions as they are (graphs, never expanded).
#include <ginac/ginac.h>

#include <cstddef>
#include <vector>

namespace adyn::sym {

/// An upper bound of the number of terms of the expansion of e or of any of its subexpressions,
/// whichever is largest (the arguments of functions and of fractional powers expand on their own):
/// a sum has the terms of its operands together, a product their product, a power of a sum of k
/// terms to the n-th (or −n-th) power C(n + k − 1, k − 1). Linear in the size of e's graph;
/// saturates at infinity instead of overflowing.
double expanded_terms(const GiNaC::ex& e);

/// An estimate of the terms of normal(e) (numerator and denominator together) or of any of its
/// subexpressions, whichever is largest: expanded_terms, and a sum brought over the least common
/// multiple of its terms' denominators — Σ a_k / D_k has Σ a_k Π_{j≠k} D_j in its numerator when
/// the D_k differ (told apart by their expression), which expanded_terms counts as Σ a_k D_k.
double normalized_terms(const GiNaC::ex& e);

/// Whether e is small enough for algebra that expands it: at most `limit` operations (as
/// operation_count) and at most `limit` terms when expanded (expanded_terms).
bool expansion_is_small(const GiNaC::ex& e, std::size_t limit);
/// The same of a set of expressions that algebra expands together (a linear system solved
/// symbolically): their operations and their expanded terms summed.
bool expansion_is_small(const std::vector<GiNaC::ex>& es, std::size_t limit);

}  // namespace adyn::sym
