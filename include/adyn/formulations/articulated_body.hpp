#pragma once
// Forward dynamics of a tree of bodies in O(n): the articulated-body algorithm (Featherstone
// 1983; Featherstone, Rigid Body Dynamics Algorithms, 2008, Table 7.1), generated symbolically
// from the model rather than interpreted. Kane's equations of the tree, Σ_k J_kᵀ (M_k a_k − f_k)
// = τ, are solved by eliminating the bodies from the leaves inwards: each body's articulated
// inertia I^A and bias force p^A (its motion's resistance with its subtree attached),
//
//     I^A_k = M_k + Σ_c X_cᵀ (I^A_c − U_c D_c⁻¹ U_cᵀ) X_c,     U = I^A S,  D = Sᵀ I^A S,
//     p^A_k = −f_k + Σ_c X_cᵀ (p^A_c + I^a_c κ_c + U_c D_c⁻¹ (τ_c − S_cᵀ p^A_c)),
//
// then the accelerations from the root outwards:
//
//     u̇_k = D_k⁻¹ (τ_k − S_kᵀ p^A_k − U_kᵀ (X_k a_p + κ_k)),   a_k = X_k a_p + κ_k + S_k u̇_k.
//
// The tree (X, S, κ, the spatial inertias M and the bias forces f = applied − gyroscopic) is
// formulations/kinematic_tree.hpp's. Every quantity is a named intermediate (sym::intermediate),
// so the tape and the generated C evaluate O(n) operations where the mass matrix M u̇ = F of the
// other formulations costs O(n²) to form and O(n³) to factor: for the 100-link chain 3.6 µs a call
// in generated C against 53 µs (docs/performance.md, issue 19). Uniform gravity is applied body by body; every other load enters through
// its generalized active force τ (generalized_forces.hpp).
//
// D_k > 0 at every node is the test that the mass matrix is positive definite (the D_k are the
// pivots of its factorization M = Lᵀ D L, Jain & Rodriguez's innovations factorization): each D_k
// (one block per body, as many rows as its own speeds) is factored as L D Lᵀ and its pivots are
// outputs, so that the evaluator reports a singular mass matrix as the other formulations do.
#include <ginac/ginac.h>

#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/recursive_newton_euler.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct TreeNode;  // kinematic_tree.hpp (the formulations' own)

struct ArticulatedBodyDynamics {
  std::vector<GiNaC::symbol> coordinates, speeds;  // q (n), u (p)
  std::vector<GiNaC::ex> coordinate_rates;         // q̇ (n) in q, u, t
  std::vector<GiNaC::ex> accelerations;            // u̇ (p), through named intermediates
  /// The pivots d_j of D_k = L D Lᵀ for every node, and the diagonal entry (D_k)_jj each came
  /// from (the pivot test of linalg::regular_pivots compares the two).
  std::vector<GiNaC::ex> pivots, pivot_scales;
  std::vector<std::string> bodies;                 // the nodes, parents first
  std::vector<int> parents;                        // each node's parent (−1: the ground)
  std::vector<int> speed_nodes;                    // the node each speed moves relative to its parent
  /// For the derivatives of u̇ (numeric/tree_derivatives.hpp): the same algorithm with the
  /// generalized active forces Q as the symbols `forcing_symbols` (u̇ = M⁻¹(Q + F_0), so that its
  /// derivative along Q is M⁻¹ applied by the algorithm's own passes, O(n)), the forces Q
  /// themselves (u̇ = accelerations_of_forcing at forcing_symbols = forcing), and the inverse
  /// dynamics over the same tree.
  std::vector<GiNaC::symbol> forcing_symbols;
  std::vector<GiNaC::ex> forcing, accelerations_of_forcing;
  InverseDynamics inverse_dynamics;
  /// The tree's nodes (kinematic_tree.hpp), kept for the composite-rigid-body algorithm over the
  /// same tree (composite_rigid_body.hpp), generated only when the mass matrix is asked for.
  std::shared_ptr<const std::vector<TreeNode>> tree_nodes;
};

/// Throws NotATree saying why when the system is not a tree the algorithm handles.
ArticulatedBodyDynamics articulated_body_dynamics(const model::System& system);

/// A system's articulated-body dynamics, derived at the first get() (once, whichever thread asks
/// first), so that equations whose compiled code is found again (numeric::CompiledSystem's set-up
/// cache) are evaluated without deriving them.
class TreeDynamics {
 public:
  explicit TreeDynamics(model::System system) : system_(std::move(system)) {}
  explicit TreeDynamics(ArticulatedBodyDynamics derived) : dynamics_(std::move(derived)) {}
  /// Throws what articulated_body_dynamics throws (NotATree, SingularityError), at every call.
  const ArticulatedBodyDynamics& get() const;

 private:
  std::optional<model::System> system_;
  mutable std::once_flag derived_;
  mutable std::optional<ArticulatedBodyDynamics> dynamics_;
  mutable std::exception_ptr failure_;
};

/// The articulated-body dynamics that evaluate `eom` in O(n): when the equations are the system's
/// unconstrained ones in its own coordinates and speeds (so u̇ is the same, whatever the
/// principle) and the system is a tree; else none.
std::optional<ArticulatedBodyDynamics> articulated_body_dynamics_for(const model::System& system,
                                                                     const EquationsOfMotion& eom);

/// The equations of motion of an unconstrained tree by `method` as the articulated-body algorithm
/// evaluates them, without their mass-matrix form M u̇ = F: the system's coordinates, speeds and
/// kinematic equations q̇ = N u + n, named after the method, M and F left empty (0 × 0, 0 × 1), and
/// the tree's dynamics (tree_dynamics), derived when first needed. The form costs what the
/// algorithm does not: an n-link chain's M has O(n³) terms (minutes for 50 links in relative
/// angles, the algorithm 20 ms). For the methods whose equations of such a system are in its own
/// coordinates and speeds (lagrange without declared speeds, kane, gibbs-appell), after their own
/// checks of the model; none for another method or a system with constraints or events. Whether
/// the system is a tree is found when the dynamics are derived: for one that is not,
/// numeric::CompiledSystem derives M u̇ = F by the method instead, and its evaluator_choice says why.
std::optional<EquationsOfMotion> tree_equations(const model::System& system, const std::string& method);

/// tree_equations without the test that the articulated-body algorithm handles the system (no
/// tree is built): the method's coordinates, speeds and kinematic equations, after its checks of
/// the model, M and F empty; none for another method or a system with constraints or events.
std::optional<EquationsOfMotion> tree_equations_outline(const model::System& system, const std::string& method);

/// The kinetic energy of a tree, T = Σ_k ½ V_kᵀ I_k V_k with V_k = X_k V_p + S_k u_k (each body's
/// velocity from its parent's), every V_k a named intermediate: O(n) operations, where T written in
/// the coordinates has O(n³) terms for an n-link chain (minutes to build and to split for 300
/// links). For evaluation only (the tape, the generated C: the simulation's energy monitor);
/// derivatives do not see through the intermediates. None when the system is not a tree or its
/// kinematics depend on time explicitly (T then has parts T1 and T0 besides T2).
std::optional<GiNaC::ex> tree_kinetic_energy(const model::System& system);

}  // namespace adyn::formulations
