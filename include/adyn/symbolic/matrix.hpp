#pragma once
// Small helpers on GiNaC matrices of expressions (symbolic side only; numeric linear algebra is
// Eigen's).
#include <ginac/ginac.h>

#include <functional>
#include <vector>

#include "adyn/error.hpp"

namespace adyn::sym {

/// Column of expressions as a GiNaC matrix.
GiNaC::matrix column(const std::vector<GiNaC::symbol>& xs);
GiNaC::matrix column(const std::vector<GiNaC::ex>& xs);
/// Jacobian ∂f_i/∂x_j of a column of expressions.
GiNaC::matrix jacobian(const GiNaC::matrix& f, const std::vector<GiNaC::symbol>& xs);
/// The entries row by row.
std::vector<GiNaC::ex> entries(const GiNaC::matrix& m);
/// f applied to every entry.
GiNaC::matrix map_entries(const GiNaC::matrix& m, const std::function<GiNaC::ex(const GiNaC::ex&)>& f);
/// a b and s a, built without GiNaC's operator* (see arithmetic.hpp): their cost does not depend
/// on the size of the entries' trees.
GiNaC::matrix product(const GiNaC::matrix& a, const GiNaC::matrix& b);
GiNaC::matrix scaled(const GiNaC::matrix& a, const GiNaC::ex& s);
/// The largest order of determinant(): its minors are the sets of columns, 2ⁿ of them.
inline constexpr unsigned largest_graph_determinant = 20;
/// (determinant() and solve_linear() throw adyn::BeyondGraphDeterminant for a larger system.)
/// The determinant by Laplace expansion with shared minors, nothing expanded or normalized: a
/// graph whose size does not depend on the entries' (order ≤ largest_graph_determinant; the work
/// is 2ⁿ n). A matrix that is not square is a logic error.
GiNaC::ex determinant(const GiNaC::matrix& a);
/// Entries up to this many operations are normalized where the formulations put them in textbook
/// form (solved dependent speeds, Maggi's blocks, Boltzmann–Hamel's coefficients); larger ones are
/// kept as graphs: normal() of a vehicle's rolling rows swells without bound.
inline constexpr std::size_t normalization_limit = 400;
/// normal() of e, its numerator and denominator expanded and scaled so that the denominator's
/// first term in the canonical order (canonical_order.hpp) has coefficient 1: GiNaC's normal()
/// returns one of several equal forms (factored or not, with either sign), depending on its own
/// order, which changes from run to run; this form does not.
GiNaC::ex canonical_normal(const GiNaC::ex& e);
/// canonical_normal(e) when e holds at most normalization_limit operations, else e.
GiNaC::ex normal_if_small(const GiNaC::ex& e);
GiNaC::matrix normal_if_small(const GiNaC::matrix& m);
/// x solving A x = b (A square and regular). When the entries of A and b hold at most
/// `simplify_limit` operations together: GiNaC's solve, each entry of x normalized (the textbook
/// forms). Beyond: Cramer's rule over the graph, x_ik = det(A with column i replaced by b_·k) /
/// det(A), nothing expanded — a symbolic solve of larger systems swells (its expansions and gcds
/// took the Whipple bicycle's 5 × 5 constraint block past 5 minutes); BeyondGraphDeterminant for
/// more than largest_graph_determinant unknowns.
GiNaC::matrix solve_linear(const GiNaC::matrix& A, const GiNaC::matrix& b, std::size_t simplify_limit);
/// True if every entry is structurally zero.
bool is_zero_matrix(const GiNaC::matrix& m);
/// True if some entry contains `s`.
bool matrix_has(const GiNaC::matrix& m, const GiNaC::ex& s);

}  // namespace adyn::sym
