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
// these take milliseconds; docs/performance.md). A system whose constraints close loops of such a
// tree has, by the principles that keep the rows with multipliers (Lagrange's M u̇ = F + Gᵀλ,
// G u̇ = g), the M and F of the tree cut open: the spanning tree's recursions and the loop-closure
// rows (Featherstone, ch. 8.1).
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

/// The depth (bodies on a path from the ground) from which a tree its constraints close has M and F
/// by its recursions shorter than Lagrange's, whose expressions are expanded in the coordinates and
/// grow with the depth cubed. Measured on chains closed at the tip (docs/performance.md, "Closed
/// trees"): at depth 3 Lagrange's program is shorter, planar or spatial; at 4 either; from 5 on the
/// recursions', 0.6–0.3 × Lagrange's at depth 5–8.
inline constexpr std::size_t closed_tree_depth = 5;

/// M u̇ = F + Gᵀλ, G u̇ = g of a system with constraints, M and F by the recursions over the tree its
/// bodies form without them (a closed loop cut open, a robot's mimic joints).
struct ClosedTreeForm {
  std::optional<EquationsOfMotion> equations;  // none where the tree is shallower than closed_tree_depth
  std::size_t bodies = 0, depth = 0;           // the tree's
};

/// `eom` with M and F from the tree of the system without its constraints, G and g as derived: when
/// M and F are that system's whatever the principle (not_own_with_multipliers, evaluator_choice.hpp),
/// the system has constraints, no events, and its bodies form a tree without them; else none.
std::optional<ClosedTreeForm> closed_tree_mass_matrix_form(const model::System& system, const EquationsOfMotion& eom);

/// Whether the bodies of `open` (a system without constraints) hang closed_tree_depth deep or more,
/// from their parents alone (KinematicTree::shape); false where they form no tree as far as that tells.
bool hangs_deep_enough(const model::System& open);

/// The bodies without the constraints and how deep they hang (no equations; KinematicTree::shape),
/// none where they form no tree as far as that tells, or, from closed_tree_depth on, at all.
std::optional<ClosedTreeForm> closed_tree_shape(const model::System& system);

}  // namespace adyn::formulations
