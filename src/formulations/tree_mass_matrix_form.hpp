#pragma once
// The mass-matrix form M u̇ = F of an unconstrained tree as the tree's recursions compute it, every
// quantity a named intermediate (sym::intermediate): M by composite rigid bodies
// (composite_rigid_body.hpp, Featherstone (6.15)) and
//
//     F = Q − τ(q, u, 0)
//
// by recursive Newton–Euler (recursive_newton_euler.hpp, Featherstone Table 5.1: τ(q, u, a) =
// M a − F_0, gravity and the velocity terms inside), Q the generalized active forces of the other
// loads. These are Kane's, Lagrange's and Gibbs–Appell's equations of the system in its own
// coordinates and speeds — the same M and F whichever the principle — in O(n d) operations for n
// bodies at depth d, where the entries written out hold O(n³) terms and more (a robot's, for
// printing: the method's derivation and the simplification of its entries took seconds, where
// these take milliseconds; docs/performance.md).
#include <optional>
#include <string>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// tree_equations_outline(system, method) (articulated_body.hpp) with M and F from the tree, without
/// deriving by the method; none where that gives none or the system is not a tree (NotATree).
std::optional<EquationsOfMotion> tree_mass_matrix_form(const model::System& system, const std::string& method);

/// `eom` with M and F from the tree, when they are the system's own unconstrained equations
/// (not_own_unconstrained, evaluator_choice.hpp), the system has no events and is a tree; else none.
std::optional<EquationsOfMotion> tree_mass_matrix_form(const model::System& system, const EquationsOfMotion& eom);

}  // namespace adyn::formulations
