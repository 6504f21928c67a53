#pragma once
// Dynamic variables q(t), u(t) and the total time derivative by the chain rule.
//
// A dynamic variable is an ordinary GiNaC symbol registered together with the symbol that stands
// for its time derivative (q -> q̇ -> q̈ -> ...). Expressions therefore stay plain GiNaC
// expressions: partial derivatives with respect to q, q̇ or u are GiNaC's diff(), and
//     d/dt f(q, q̇, u, t) = ∂f/∂t + Σ ∂f/∂q q̇ + Σ ∂f/∂q̇ q̈ + Σ ∂f/∂u u̇          (chain rule)
// is time_derivative(f). Parameters (masses, lengths) are plain symbols: their derivative is 0.
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/symbolic/matrix.hpp"

namespace adyn::sym {

using GiNaC::ex;
using GiNaC::symbol;

/// The time symbol t shared by all of adyn.
const symbol& time();

/// The same symbol for the same name, process-wide: for generated names (CSE temporaries, C
/// identifiers), so that generated code does not depend on how many symbols were made before.
symbol interned_symbol(const std::string& name);

/// A plain (constant) parameter symbol, e.g. a mass or a length. `latex` defaults to `name`.
symbol parameter(const std::string& name, const std::string& latex = "");

/// A new dynamic variable x(t). Its derivative symbols are created on demand and named
/// `name_d`, `name_dd`, ... (LaTeX \dot{x}, \ddot{x}, ...). Names must be unique per variable.
symbol dynamic_symbol(const std::string& name, const std::string& latex = "");

/// n dynamic variables prefix1 ... prefixn (1-based, as in the seeds: q1, q2, ...).
std::vector<symbol> dynamic_symbols(const std::string& prefix, int n);

/// True if `s` is a symbol registered as a dynamic variable (or a derivative of one).
bool is_dynamic(const ex& s);

/// The symbol for d^order x / dt^order of the dynamic variable x (order >= 0).
symbol derivative_of(const ex& x, int order = 1);

/// The same for a list of variables.
std::vector<symbol> derivatives_of(const std::vector<symbol>& xs, int order = 1);

/// How many times x's root variable was differentiated to give x (0 for q, 1 for q̇, ...).
int derivative_order(const ex& x);

/// Total time derivative by the chain rule over every dynamic symbol in `e` and explicit t.
ex time_derivative(const ex& e);

/// All symbols occurring in `e`.
GiNaC::exset free_symbols(const ex& e);
/// The symbols of all of `exprs`, their shared subexpressions visited once.
GiNaC::exset free_symbols(const std::vector<ex>& exprs);

/// True if `e` contains the symbol `s`.
bool depends_on(const ex& e, const ex& s);

/// Element-wise total time derivative of a matrix.
GiNaC::matrix time_derivative(const GiNaC::matrix& m);

}  // namespace adyn::sym
