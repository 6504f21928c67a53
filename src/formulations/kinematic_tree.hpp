#pragma once
// The tree of a system's bodies as the articulated-body algorithm needs it (Featherstone, Rigid
// Body Dynamics Algorithms, 2008, §3.5 and §7.3), found from the model's frames and points: each
// particle and rigid body is a node k with the velocity V_k = (ω_k, v_k) of its frame and of its
// point (the mass centre, or the particle), in the tree's basis (below), and
//
//     V_k = X_k V_p + S_k u_k,        X_k = [a_k 1, 0; −[R_k]×, 1]                       (1)
//
// with p its parent node, u_k its own speeds (moved by no ancestor), a_k = 1 when its frame turns
// with the parent's (relative angles) and 0 when the angle is measured from N (absolute angles),
// and R_k the part of the position from the parent's point that is fixed in the parent's frame.
// The accelerations follow as a_k = X_k a_p + S_k u̇_k + κ_k, κ_k = c_k − X_k c_p, with c the
// accelerations at u̇ = 0. Every quantity is built from the parent's as named intermediates
// (sym::intermediate), in O(1) per node: rotation matrices, angular velocities, the accelerations
// c of the frames and points on the way.
//
// The basis. Every vector and inertia is expressed in one basis: N's, or, when a free joint
// (model::JointType::Free) hangs a body from the ground, that floating base's frame B. A free
// joint's speeds are the velocity of B's origin and ^Nω^B in B's axes, so in B the base's motion
// subspace is constant, its inertia and its children's rotations are those of a fixed base, and
// only gravity turns with it (^B C ^N g), as the floating-base algorithms compute in the base's
// coordinates (Featherstone 2008, ch. 9) — rather than every node's rotation dense in the base's
// Euler parameters. u̇, τ and M do not depend on the basis where the Euler parameters have unit
// norm (a rotation), as the simulation keeps them (numeric/euler_parameters.hpp); off it, the
// formulations in N's basis and this one differ by O(|e|² − 1), neither of them a rigid motion.
//
// The parents are those the system states (model::System::state_parent, as the URDF reader
// does), else found from the positions (find_parents).
//
// A node's own speeds are those its motion relative to the parent (the relative angular velocity,
// and the derivative of the position in the parent's frame, or in N for a part measured in a frame
// that does not turn with the parent) depends on; they must not move an ancestor and must belong
// to one node only. A system where that fails (closed loops, constraints, speeds that are not
// joint rates) throws NotATree, saying why.
#include <ginac/ginac.h>

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::formulations {

struct TreeNode {
  std::string name;                 // the particle's or body's
  int parent = -1;                  // index of the parent node, −1 for the ground
  bool turns_with_parent = false;   // a_k of (1)
  GiNaC::matrix lever;              // R_k, 3 × 1 in the basis
  std::vector<std::size_t> speeds;  // the own speeds u_k (indices into the system's speeds)
  GiNaC::matrix motion_subspace;    // S_k, 6 × |u_k|
  GiNaC::matrix bias_acceleration;  // κ_k, 6 × 1
  GiNaC::matrix inertia;            // the spatial inertia about the node's point, 6 × 6 in the basis
  GiNaC::matrix bias_force;         // applied minus gyroscopic: (−ω × I ω, m g), 6 × 1
};

/// Every entry a named intermediate (sym::intermediate).
GiNaC::matrix named(const GiNaC::matrix& m);
/// X_k of (1): [a_k 1, 0; −[R_k]×, 1].
GiNaC::matrix spatial_transform(const TreeNode& node);
/// A symmetric matrix from its entries on and above the diagonal, each named once: the entries
/// below are the same expressions, not products of the other order that only round alike.
GiNaC::matrix named_symmetric(const GiNaC::matrix& m);
/// X_kᵀ I X_k of a symmetric I (a node's inertia at its parent's point, as seen in the parent's
/// motion), entries on and above the diagonal (named_symmetric).
GiNaC::matrix inertia_at_parent(const TreeNode& node, const GiNaC::matrix& I);

class KinematicTree {
 public:
  /// Throws NotATree when the system is not a tree of joints (see above).
  explicit KinematicTree(const model::System& system);
  /// Parents before children.
  const std::vector<TreeNode>& nodes() const { return nodes_; }

  /// The nodes, and the most of them on a path from the ground, as their parents are found, before
  /// their motion is (no symbolic work, none of the checks that follow: the tree it would be).
  /// Throws NotATree as the constructor does up to the parents.
  struct Shape {
    std::size_t nodes = 0, depth = 0;
  };
  static Shape shape(const model::System& system);

 private:
  enum class UpToParents { Only };
  KinematicTree(const model::System& system, UpToParents);
  struct FrameMotion {
    GiNaC::matrix R, omega, alpha0;  // ^B C ^F; ^Nω^F and ^Nα^F at u̇ = 0, in B (the basis)
  };
  /// A free joint from the ground: its child's frame, whose basis the tree takes; the child's
  /// origin and its velocity in N, in that basis (the joint's first three speeds).
  struct FloatingBase {
    kin::ReferenceFrame frame;
    kin::Point origin;
    GiNaC::matrix velocity;
  };
  void find_floating_base();
  GiNaC::matrix rotation_to_basis(const kin::ReferenceFrame& F);
  const FrameMotion& frame_motion(const kin::ReferenceFrame& F);
  const GiNaC::matrix& point_acceleration(const kin::Point& P);  // ^N a^P at u̇ = 0, in B
  GiNaC::matrix in_basis(const kin::Vector& v);
  kin::Vector rate(const kin::Vector& v, const kin::ReferenceFrame& F);  // ^F dv/dt in the speeds
  GiNaC::ex at_rest(const GiNaC::ex& e) { return without_udot_(e); }

  // A particle or body: the frame and point of its node's velocity.
  struct Element {
    kin::ReferenceFrame frame;
    kin::Point point;
    GiNaC::ex mass;
    const model::RigidBody* body;  // null for a particle
  };
  void add_node(const std::string& name, const Element& element);
  void find_parents();
  bool stated_parents(std::vector<int>& parent) const;
  void order_by_depth(const std::vector<int>& parent, bool stated);
  void find_own_motion(TreeNode& node, const Element& element);
  std::vector<std::size_t> speeds_in(const kin::Vector& a, const kin::Vector& b) const;
  void find_inertia(TreeNode& node, const Element& element);

  const model::System& system_;
  kin::ReferenceFrame N_;
  std::optional<FloatingBase> floating_;
  kin::ReferenceFrame basis_;                 // N_, or floating_->frame
  std::vector<kin::ReferenceFrame> above_basis_;  // the basis's ancestors (fixed in N)
  std::vector<GiNaC::symbol> speeds_;
  std::map<GiNaC::ex, std::size_t, GiNaC::ex_is_less> speed_index_;  // position in speeds_
  sym::Substitution without_udot_;
  std::deque<std::pair<kin::ReferenceFrame, FrameMotion>> frames_;
  std::deque<std::pair<kin::Point, GiNaC::matrix>> points_;
  std::vector<TreeNode> nodes_;
  std::vector<Element> elements_;  // of each node
};

/// τ(q, u, a) of recursive_newton_euler.hpp over `tree`, `a` the accelerations of the speeds
/// (symbols, or zeros for τ(q, u, 0) = −F_0).
std::vector<GiNaC::ex> recursive_newton_euler(const KinematicTree& tree, const std::vector<GiNaC::ex>& a);

/// M(q) of composite_rigid_body.hpp over a tree's nodes.
GiNaC::matrix composite_rigid_body(const std::vector<TreeNode>& nodes, std::size_t speeds);

}  // namespace adyn::formulations
