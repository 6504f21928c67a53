#pragma once
// Numbers in two forms: exact (a double as the rational it is, a model file's decimal as written)
// for derivation, where GiNaC's floating-point arithmetic would round in its own order of
// operands, which changes from run to run; and decimal, for display, where rationals grown from
// doubles would be unreadable.
#include <ginac/ginac.h>

namespace adyn::sym {

/// `e` with every floating-point number replaced by the rational it is (as a double), exactly:
/// arithmetic on the result is exact, so it does not depend on the order in which GiNaC takes
/// operands (its floating-point sums and products do, and that order changes from run to run).
/// Functions and powers of such numbers become the exact rationals of their values.
GiNaC::ex exact_numbers(const GiNaC::ex& e);
GiNaC::matrix exact_numbers(const GiNaC::matrix& m);
GiNaC::exmap exact_numbers(const GiNaC::exmap& values);
/// x as an exact rational: the shortest decimal that reads back as x (0.35 is 7/20), as a model
/// file's number reads. Throws for x not finite.
GiNaC::ex exact_decimal(double x);

/// The inverse of exact_numbers() for display: rationals with denominators beyond 2^20 or
/// numerators beyond 2^53 (doubles made exact, and what grew from them) become floating-point
/// numbers, and so do functions, powers, sums and products of them, computed operand by operand
/// in the canonical order (the same value to the last bit, and the same text, in every run).
/// Exact numbers such as 5/4, sqrt(2) or sin(2/5) stay as they are. An expression holding such
/// numbers whose expansion is small enough is shown as one fraction of polynomials in its symbols,
/// a number per monomial (cos(1)² and the like folded into it), the denominator's first term 1.
GiNaC::ex decimal_numbers(const GiNaC::ex& e);
GiNaC::matrix decimal_numbers(const GiNaC::matrix& m);

}  // namespace adyn::sym
