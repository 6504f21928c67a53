#pragma once
// Printers: text, LaTeX (symbols carry TeX names such as \dot{q}_{1}) and C (after CSE). Sums and
// products print their operands in the canonical order (canonical_order.hpp), so the same
// expression prints as the same bytes in every process; numbers come last in sums, factors with
// negative exponents form a denominator.
#include <ginac/ginac.h>

#include <string>
#include <vector>

namespace adyn::sym {

/// GiNaC's plain notation (parsable by adyn's expression parser and by SymPy): a*b^2/(c+d).
std::string to_text(const GiNaC::ex& e);
std::string to_latex(const GiNaC::ex& e);
/// A bmatrix.
std::string to_latex(const GiNaC::matrix& m);
/// A C expression in double precision (pow with integer exponents as products, math.h calls).
std::string to_c(const GiNaC::ex& e);

/// A named flat array of a generated C function: inputs are symbols, outputs are expressions.
struct CArray {
  std::string name;
  std::vector<GiNaC::ex> entries;
};

/// C source of `void name(const double* in..., double* out...)`: the inputs unpacked into local
/// constants, common subexpressions as `const double x<k>`, then `out[i] = ...`. Symbols that
/// are not valid C identifiers are renamed. Beyond 2000 statements the function calls static
/// parts `name_part<k>` in turn, which read inputs as `in[i]` and keep the temporaries a later
/// part uses in a workspace array (compile time stays linear in the size: the 100-link chain's
/// 26 000 statements compile in 14 s). Throws adyn::Error if an output uses a symbol that is not
/// an input.
std::string c_function(const std::string& name, const std::vector<CArray>& inputs, const std::vector<CArray>& outputs);

}  // namespace adyn::sym
