#pragma once
// Equations of motion as LaTeX and as C (after common-subexpression elimination).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// The same equations with every entry trigonometrically simplified (sym::trig_simplify); a tree's
/// by its recursions (by_tree_recursions: named intermediates) as they are.
EquationsOfMotion simplified(const EquationsOfMotion& eom);

/// Whether the entries of the equations, written out as trees (sym::expression_size), hold more
/// than `limit` nodes together.
bool written_out_larger_than(const EquationsOfMotion& eom, std::size_t limit);

/// Written out as trees, an unconstrained tree's M and F by its recursions hold more nodes than
/// this (the UR5's 890 000, the heavy symmetric top's 24 000, the two-link arm's 67 000): they are
/// printed as the recursions compute them, not derived by the method and simplified.
inline constexpr std::size_t tree_form_limit = 50000;

/// An unconstrained tree's M u̇ = F as its recursions compute them (tree_mass_matrix_form.hpp, by
/// `method` or replacing equations derived) when written out they hold more than tree_form_limit
/// nodes — what `adyn derive` and adyn.Equations print instead of the method's equations
/// simplified, whose derivation and simplification cost seconds for a robot where these cost
/// milliseconds; none otherwise.
std::optional<EquationsOfMotion> large_tree_form(const model::System& system, const std::string& method);
std::optional<EquationsOfMotion> large_tree_form(const model::System& system, const EquationsOfMotion& eom);

/// The equations to print: large_tree_form(system, eom), else simplified(eom).
EquationsOfMotion printable(const model::System& system, const EquationsOfMotion& eom);

/// The parameters the equations use (symbols other than t, q, u), sorted by name.
std::vector<GiNaC::symbol> parameters_of(const EquationsOfMotion& eom);

/// Whether q̇_i's kinematic equation says more than q̇_i = q̇_i (u = q̇) or than an already listed
/// dependent speed — the rates worth printing.
bool rate_is_informative(const EquationsOfMotion& eom, std::size_t i);

/// The form of the equations in words, e.g. "M u' = F + G^T lambda, G u' = g".
std::string equation_form(const EquationsOfMotion& eom);

/// Equations rewritten over named intermediates: their common subexpressions z0, z1, … in order
/// of evaluation (sym::cse) when the entries hold more than `tree_limit` nodes written out as trees
/// together — each shared subexpression would be printed wherever it is referenced (gigabytes for
/// the Whipple bicycle) —, else unchanged and with no intermediates.
struct IntermediateForm {
  std::vector<std::pair<GiNaC::symbol, GiNaC::ex>> intermediates;
  EquationsOfMotion equations;
};
IntermediateForm with_intermediates(const EquationsOfMotion& eom, std::size_t tree_limit = 20000);

/// An aligned LaTeX block: M, F (and G, g, dependent speeds, q̇ when not trivial), after the
/// intermediates of with_intermediates when there are any.
std::string to_latex(const EquationsOfMotion& eom);

/// C source of `void name(const double* t, const double* q, const double* u, const double* p,
/// double* M, double* F, double* qdot[, double* G, double* g][, double* C])`; M and G row-major, p in the
/// order of parameters_of(), listed in a leading comment. The terms of M and F that share a
/// kinematic factor are gathered (sym::collect_state_terms), and common subexpressions are shared
/// across all outputs.
std::string to_c(const EquationsOfMotion& eom, const std::string& name = "eom");

}  // namespace adyn::formulations
