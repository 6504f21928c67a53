#pragma once
// Trigonometric simplification and a complete trigonometric zero test.
//
// Sines and cosines of sums and integer multiples are expanded into those of the atomic angles;
// then, with s = sin x and c = cos x as polynomial variables, reduction modulo s² + c² − 1
// (replacing s^(2m+e) by (1 − c²)^m s^e) gives a canonical form: the zero test is complete for
// rational expressions in sines and cosines of integer combinations of angles.
#include <ginac/ginac.h>

#include <cstddef>

namespace adyn::sym {

/// sin/cos/tan of sums and integer multiples rewritten through the atomic angles; tan = sin/cos.
GiNaC::ex expand_trig(const GiNaC::ex& e);

/// True if e is identically zero as a rational function of sines and cosines (and other opaque
/// subexpressions).
bool is_zero_trig(const GiNaC::ex& e);

/// Expressions with more operations (as operation_count) than this are left as they are by
/// trig_simplify: expanding them costs more than it could save (the equations of multibody
/// systems stay compact as graphs of shared subexpressions, not as expanded sums).
inline constexpr std::size_t simplification_limit = 3000;

/// A practical simplifier: sin² + cos² and similar collapse; never returns a larger expression
/// than it was given (size = expression_size). Large expressions are returned unchanged: more
/// than simplification_limit operations or expanded terms, or a normal form (its first step)
/// estimated at more than simplification_limit terms (normalized_terms) — a sum of fractions with
/// different denominators is brought over their product: Hamilton's ṗ of the flyball governor
/// (IFToMM A05), a kinetic part over (det M)², a damper's over |r|² and a spring's square root, took
/// 3 minutes per entry and gained nothing.
GiNaC::ex trig_simplify(const GiNaC::ex& e);
GiNaC::matrix trig_simplify(const GiNaC::matrix& m);

/// Number of nodes of the expression tree (counted over the graph), numbers and signs aside: an
/// expression and its negation have one size.
std::size_t expression_size(const GiNaC::ex& e);

}  // namespace adyn::sym
