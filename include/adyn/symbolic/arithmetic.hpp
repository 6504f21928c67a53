#pragma once
// Products built without GiNaC's operator*.
//
// GiNaC's a * b first asks b (and maybe a) for its return type, to choose between a commutative
// product and a noncommutative one; mul::return_type asks every factor, recursively, so the
// question walks the whole tree of b, every shared subexpression as often as it is referenced.
// On the expression graphs of a chain (each body's quantities built from its parent's) that walk
// is exponential in the number of bodies. adyn's expressions are all commutative (scalars; GiNaC
// matrices are kept as matrices), so its graph passes build products directly.
#include <ginac/ginac.h>

namespace adyn::sym {

/// a b, as a commutative product.
inline GiNaC::ex times(const GiNaC::ex& a, const GiNaC::ex& b) { return GiNaC::dynallocate<GiNaC::mul>(a, b); }

/// a b c.
inline GiNaC::ex times(const GiNaC::ex& a, const GiNaC::ex& b, const GiNaC::ex& c) {
  return GiNaC::dynallocate<GiNaC::mul>(a, b, c);
}

/// a / b.
inline GiNaC::ex quotient(const GiNaC::ex& a, const GiNaC::ex& b) {
  return GiNaC::dynallocate<GiNaC::mul>(a, GiNaC::dynallocate<GiNaC::power>(b, -1));
}

}  // namespace adyn::sym
