#pragma once
// The programs of the compiled mass-matrix form (EquationsEvaluator): the state function of M, F,
// q̇, G, g and μ, whose inputs are the state's, the parameters and the constants hoisted from the
// outputs, and those constants as functions of the parameters. Made by gathering the terms that
// share a kinematic factor, hoisting what depends on the parameters alone and compiling, or taken
// from the set-up cache (setup_cache.hpp), which keeps them under the value fingerprint of the
// outputs (sym::value_fingerprint): the same equations, however and wherever derived, are compiled
// once.
#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "setup_cache.hpp"

namespace adyn::numeric {

struct MatrixPrograms {
  std::optional<std::string> state_key;  // the state function's entry, kept once compiled (keep_compiled)
  KeptProgram state, constants;          // the state function's sizes: {the constants' count}
  bool found = false;                    // both from the set-up cache
};

/// The programs of `out` over `in` (t, q, u, then `parameters`), from the set-up cache where it
/// keeps both with sizes that fit, else made (the constants' entry kept at once; the caller keeps
/// the state function's with the library of its C). Appends the constants' inputs to `in`: their
/// symbols, or stand-ins where found (the inputs of the nonideal forces' function follow them).
MatrixPrograms matrix_programs(std::vector<GiNaC::symbol>& in, const std::vector<GiNaC::ex>& out,
                               const std::vector<GiNaC::symbol>& parameters);

}  // namespace adyn::numeric
