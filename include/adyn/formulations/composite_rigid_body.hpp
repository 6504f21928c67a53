#pragma once
// The mass matrix of a tree of bodies: the composite-rigid-body algorithm (Featherstone, Rigid Body
// Dynamics Algorithms, 2008, Table 6.2) over the tree of formulations/kinematic_tree.hpp, generated
// symbolically. With V_k = X_k V_p + S_k u_k (kinematic_tree.hpp (1)), Kane's M = Σ_k J_kᵀ M_k J_k
// has, for a speed of node i and one of node j on the path from i to the root,
//
//     I^c_i = M_i + Σ_c X_cᵀ I^c_c X_c,        M_ji = S_jᵀ X_{i←j}ᵀ I^c_i S_i,        (Featherstone (6.15))
//
// X_{i←j} = X_i X_{p(i)} ⋯ X_{j+1} the transform from j's velocity to i's; the entries of speeds of
// nodes on no common path are zero. I^c (the composite inertias, leaves inwards) and F = I^c_i S_i
// carried up the path are named intermediates (sym::intermediate): O(n d) operations for a tree of
// depth d, where M from the equations costs O(n²) terms of O(n) factors each.
#include <ginac/ginac.h>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct ArticulatedBodyDynamics;  // articulated_body.hpp

/// M(q) of the system's speeds (p × p, symmetric). Throws NotATree (error.hpp) saying
/// why when the system is not a tree of joints.
GiNaC::matrix composite_rigid_body(const model::System& system);
/// The same over the tree the articulated-body dynamics were generated on (no tree built again).
GiNaC::matrix composite_rigid_body(const ArticulatedBodyDynamics& dynamics);

}  // namespace adyn::formulations
