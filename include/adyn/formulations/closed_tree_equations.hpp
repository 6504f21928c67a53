#pragma once
// Lagrange's equations of a system whose constraints close loops of a kinematic tree (a linkage cut
// open at a joint: the IFToMM A-series; a robot's mimic joints),
//
//     M u̇ = F + Gᵀλ,   G u̇ = g,   u = q̇,
//
// with M and F those of the tree cut open — by its recursions, composite rigid bodies and recursive
// Newton–Euler (Featherstone, ch. 8.1: the spanning tree's H and C with the loop-closure rows) —
// and the rows Lagrange's (lagrange.hpp): the equations `simulate` evaluates, without expanding T.
// The same equations as lagrange(system) up to rounding (the same M and F, other expressions).
#include <optional>
#include <string>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// The equations above when `method` is Lagrange's and the system has constraints, no events, and
/// its bodies form a tree without its constraints; else none (derive by the method).
std::optional<EquationsOfMotion> closed_tree_equations(const model::System& system, const std::string& method);

}  // namespace adyn::formulations
