#pragma once
// Hoisting the subexpressions that depend on the parameters alone out of an evaluation: in
//
//     M_12 = l1 l2 (m2 + m3) (sin q1 sin q2 + cos q1 cos q2)
//
// l1 l2 (m2 + m3) is the same at every state. Each maximal parameter-only subexpression (and the
// parameter-only operands of a sum or a product, taken together: the l1 l2 (m2 + m3) above) becomes
// a new symbol k_i defined by that subexpression; a numeric evaluator computes the k_i once per
// parameter set and takes them as inputs at every state. Numbers count as parameters.
#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

namespace adyn::sym {

struct HoistedSubexpressions {
  std::vector<std::pair<GiNaC::symbol, GiNaC::ex>> definitions;  // k_i = expression of the parameters
  std::vector<GiNaC::ex> outputs;                                 // the expressions in terms of k_i
};

/// Hoists the subexpressions of `exprs` whose symbols are all among `parameters`; the new symbols
/// are named prefix0, prefix1, ...
HoistedSubexpressions hoist_parameter_subexpressions(const std::vector<GiNaC::ex>& exprs,
                                                     const std::vector<GiNaC::symbol>& parameters,
                                                     const std::string& prefix = "k");

}  // namespace adyn::sym
