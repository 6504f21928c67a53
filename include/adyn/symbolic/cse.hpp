#pragma once
// Common-subexpression elimination over a set of expressions: every non-atomic subexpression
// (sum, product, power, function call) referenced more than once becomes a temporary. One
// hashing pass counts references, one pass rebuilds bottom-up, so the cost is linear in the size
// of the expression DAG.
#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

namespace adyn::sym {

struct CseResult {
  std::vector<std::pair<GiNaC::symbol, GiNaC::ex>> temporaries;  // in evaluation order
  std::vector<GiNaC::ex> outputs;                                 // in terms of the temporaries
  /// Operations (as operation_count) in the temporaries and outputs together.
  std::size_t operation_count() const;
};

/// A named intermediate of a recursive computation (a body's quantity built from its parent's, as
/// in the articulated-body algorithm): kept whole as one operand, where GiNaC would merge a sum into
/// the sum it is added to and a recursion over n bodies would grow to n² terms, and always made a
/// temporary by cse() (so computed once by the tape and the generated C). Atoms are returned as
/// they are. Only cse() and what uses it (the tape, the C printer) see through it.
GiNaC::ex intermediate(const GiNaC::ex& e);
bool is_intermediate(const GiNaC::ex& e);

/// CSE of `exprs`; temporaries are named prefix0, prefix1, ...
CseResult cse(const std::vector<GiNaC::ex>& exprs, const std::string& prefix = "x");

/// A prefix for temporaries (base, base+base, ...) such that no symbol of `exprs` is named prefix<digits>.
std::string unused_prefix(const std::vector<GiNaC::ex>& exprs, const std::string& base = "z");

/// Arithmetic operations and function calls in e, counted much as SymPy's count_ops does: a sum or
/// product of k terms counts k − 1, a power or a function call 1; a sign nothing (it becomes a
/// subtraction), so that the count does not depend on the sign GiNaC gives a sum in a product.
std::size_t operation_count(const GiNaC::ex& e);

}  // namespace adyn::sym
