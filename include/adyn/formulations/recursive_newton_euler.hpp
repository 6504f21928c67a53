#pragma once
// Inverse dynamics of a tree of bodies in O(n): the recursive Newton–Euler algorithm (Featherstone,
// Rigid Body Dynamics Algorithms, 2008, Table 5.1) over the tree of formulations/kinematic_tree.hpp,
// generated symbolically. Given the accelerations a of the speeds (symbols), the bodies'
// accelerations from the root outwards, the forces each needs, and their sums from the leaves in:
//
//     a_k = X_k a_p + S_k a_{u_k} + κ_k,        f_k = M_k a_k − b_k,
//     f^t_k = f_k + Σ_c X_cᵀ f^t_c,            τ_{u_k} = S_kᵀ f^t_k,
//
// with b_k the applied and gyroscopic forces beside M a (uniform gravity, −ω × I ω). So
// τ(q, u, a) = M(q) a − F_0(q, u), the generalized forces the joints need for the accelerations a
// against gravity and the velocity terms; the model's other loads give the generalized active
// forces Q(q, u, t) (generalized_forces.hpp), and the motion is where τ(q, u, u̇) = Q. Every
// quantity is a named intermediate (sym::intermediate), so the tape and the generated C evaluate
// O(n) operations, and derivatives taken by the chain rule (sym::ChainRule) follow the same
// recursion: ∂/∂x of body k's quantities from its parent's.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct InverseDynamics {
  std::vector<GiNaC::symbol> coordinates, speeds;  // q (n), u (p)
  std::vector<GiNaC::symbol> accelerations;        // a (p): sym::derivatives_of(speeds), inputs here
  std::vector<GiNaC::ex> required;                 // τ(q, u, a) = M a − F_0 (p), named intermediates
  std::vector<GiNaC::ex> applied;                  // Q(q, u, t): the loads' but gravity's (p)
  /// τ − Q = M a − F: zero at the motion's accelerations.
  std::vector<GiNaC::ex> residuals() const;
};

/// Throws NotATree (error.hpp) saying why when the system is not a tree of joints.
InverseDynamics inverse_dynamics(const model::System& system);

}  // namespace adyn::formulations
