#pragma once
// The value of a GiNaC function (sin, atan2, ...) at real arguments, in extended precision: shared
// by the evaluations over expression graphs (evaluate.cpp, graph_program.cpp).
#include <ginac/ginac.h>

#include <cmath>
#include <limits>
#include <vector>

namespace adyn::sym {

/// NaN where the function has no real value (log of a negative number), as for an unknown one
/// without a real value at the arguments (GiNaC's evalf).
inline long double function_value(unsigned serial, const std::vector<long double>& a) {
  const long double nan = std::numeric_limits<long double>::quiet_NaN();
  if (a.size() == 1) {
    const long double x = a[0];
    if (serial == GiNaC::sin_SERIAL::serial) return std::sin(x);
    if (serial == GiNaC::cos_SERIAL::serial) return std::cos(x);
    if (serial == GiNaC::tan_SERIAL::serial) return std::tan(x);
    if (serial == GiNaC::exp_SERIAL::serial) return std::exp(x);
    if (serial == GiNaC::log_SERIAL::serial) return x > 0 ? std::log(x) : nan;
    if (serial == GiNaC::asin_SERIAL::serial) return std::asin(x);
    if (serial == GiNaC::acos_SERIAL::serial) return std::acos(x);
    if (serial == GiNaC::atan_SERIAL::serial) return std::atan(x);
    if (serial == GiNaC::sinh_SERIAL::serial) return std::sinh(x);
    if (serial == GiNaC::cosh_SERIAL::serial) return std::cosh(x);
    if (serial == GiNaC::tanh_SERIAL::serial) return std::tanh(x);
    if (serial == GiNaC::abs_SERIAL::serial) return std::abs(x);
  }
  if (a.size() == 2 && serial == GiNaC::atan2_SERIAL::serial) return std::atan2(a[0], a[1]);
  // Any other function: GiNaC's own value at the arguments' values.
  GiNaC::exvector args;
  for (long double x : a) args.push_back(static_cast<double>(x));
  const GiNaC::ex v = GiNaC::function(serial, args).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real()) return nan;
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

}  // namespace adyn::sym
