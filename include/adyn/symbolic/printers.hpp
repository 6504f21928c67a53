#pragma once
// Printers: LaTeX (symbols carry TeX names such as \dot{q}_{1}) and C (after CSE).
#include <ginac/ginac.h>

#include <string>
#include <vector>

namespace adyn::sym {

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
/// are not valid C identifiers are renamed. Throws adyn::Error if an output uses a symbol that
/// is not an input.
std::string c_function(const std::string& name, const std::vector<CArray>& inputs, const std::vector<CArray>& outputs);

}  // namespace adyn::sym
