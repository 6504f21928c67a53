#pragma once
// Antiderivatives of the expressions that integrable constraints produce: sums of terms that are
// (factor free of x) × (polynomial in x), or × sin / cos of an argument linear in x. Used to find
// the integral φ(q, t) of an integrable velocity constraint. Anything else returns nullopt: adyn
// then reports the constraint as integrable without a closed-form integral.
#include <ginac/ginac.h>

#include <optional>

namespace adyn::sym {

/// F with ∂F/∂x = f, or nullopt if f is outside the supported class.
std::optional<GiNaC::ex> antiderivative(const GiNaC::ex& f, const GiNaC::symbol& x);

}  // namespace adyn::sym
