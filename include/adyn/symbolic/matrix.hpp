#pragma once
// Small helpers on GiNaC matrices of expressions (symbolic side only; numeric linear algebra is
// Eigen's).
#include <ginac/ginac.h>

#include <functional>
#include <vector>

namespace adyn::sym {

/// Column of expressions as a GiNaC matrix.
GiNaC::matrix column(const std::vector<GiNaC::symbol>& xs);
GiNaC::matrix column(const std::vector<GiNaC::ex>& xs);
/// Jacobian ∂f_i/∂x_j of a column of expressions.
GiNaC::matrix jacobian(const GiNaC::matrix& f, const std::vector<GiNaC::symbol>& xs);
/// f applied to every entry.
GiNaC::matrix map_entries(const GiNaC::matrix& m, const std::function<GiNaC::ex(const GiNaC::ex&)>& f);
/// a b and s a, built without GiNaC's operator* (see arithmetic.hpp): their cost does not depend
/// on the size of the entries' trees.
GiNaC::matrix product(const GiNaC::matrix& a, const GiNaC::matrix& b);
GiNaC::matrix scaled(const GiNaC::matrix& a, const GiNaC::ex& s);
/// The determinant by Laplace expansion with shared minors, nothing expanded or normalized: a
/// graph whose size does not depend on the entries' (order ≤ 20; the work is 2ⁿ n).
GiNaC::ex determinant(const GiNaC::matrix& a);
/// True if every entry is structurally zero.
bool is_zero_matrix(const GiNaC::matrix& m);
/// True if some entry contains `s`.
bool matrix_has(const GiNaC::matrix& m, const GiNaC::ex& s);

}  // namespace adyn::sym
