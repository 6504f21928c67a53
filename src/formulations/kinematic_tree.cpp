#include "kinematic_tree.hpp"

#include <algorithm>
#include <optional>

#include "adyn/model/joint.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::formulations {

using GiNaC::ex;
using GiNaC::matrix;

matrix named(const matrix& m) { return sym::map_entries(m, [](const ex& e) { return sym::intermediate(e); }); }

matrix spatial_transform(const TreeNode& node) {
  matrix X = GiNaC::ex_to<matrix>(GiNaC::unit_matrix(6));
  const ex a = node.turns_with_parent ? 1 : 0;
  for (unsigned i = 0; i < 3; ++i) X(i, i) = a;
  const matrix& R = node.lever;
  const ex minus_skew[3][3] = {{0, R(2, 0), -R(1, 0)}, {-R(2, 0), 0, R(0, 0)}, {R(1, 0), -R(0, 0), 0}};
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) X(i + 3, j) = minus_skew[i][j];
  return X;
}

matrix named_symmetric(const matrix& m) {
  matrix out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = i; j < m.cols(); ++j) out(i, j) = out(j, i) = sym::intermediate(m(i, j));
  return out;
}

matrix inertia_at_parent(const TreeNode& node, const matrix& I) {
  const matrix X = spatial_transform(node);
  return named_symmetric(sym::product(X.transpose(), sym::product(I, X)));  // (its upper triangle named)
}

namespace {

matrix zero(unsigned rows) { return matrix(rows, 1); }

matrix cross(const matrix& a, const matrix& b) {
  return matrix(3, 1, GiNaC::lst{a(1, 0) * b(2, 0) - a(2, 0) * b(1, 0), a(2, 0) * b(0, 0) - a(0, 0) * b(2, 0),
                                 a(0, 0) * b(1, 0) - a(1, 0) * b(0, 0)});
}

/// The 6 × 1 (top; bottom).
matrix stacked(const matrix& top, const matrix& bottom) {
  matrix s(6, 1);
  for (unsigned i = 0; i < 3; ++i) s(i, 0) = top(i, 0), s(i + 3, 0) = bottom(i, 0);
  return s;
}

GiNaC::exmap udot_to_zero(const std::vector<GiNaC::symbol>& speeds) {
  GiNaC::exmap m;
  for (const auto& u : speeds) m[sym::derivative_of(u)] = 0;
  return m;
}

bool mentions(const kin::Vector& v, const std::vector<GiNaC::symbol>& symbols) {
  for (const auto& part : v.parts())
    for (unsigned i = 0; i < 3; ++i)
      for (const auto& s : symbols)
        if (part.components(i, 0).has(s)) return true;
  return false;
}

}  // namespace

KinematicTree::KinematicTree(const model::System& system, UpToParents)
    : system_(system), N_(system.inertial_frame()), basis_(N_), speeds_(system.speeds()),
      without_udot_(udot_to_zero(speeds_)) {
  for (std::size_t s = 0; s < speeds_.size(); ++s) speed_index_[speeds_[s]] = s;
  if (!system.constraints().empty())
    throw NotATree("constraint '" + system.constraints().front().name +
                   "': the articulated-body algorithm solves unconstrained trees");
  if (!system.dependent_speeds().empty()) throw NotATree("the system has dependent speeds");
  system.check_kinematic_equations();
  for (const auto& p : system.particles()) {
    const auto& parts = p.point().position_from_parent().parts();
    add_node(p.name(), {parts.size() == 1 ? parts.front().frame : N_, p.point(), p.mass(), nullptr});
  }
  for (const auto& b : system.bodies()) add_node(b.name(), {b.frame(), b.mass_center(), b.mass(), &b});
  find_parents();
}

KinematicTree::Shape KinematicTree::shape(const model::System& system) {
  const KinematicTree tree(system, UpToParents::Only);
  std::vector<std::size_t> depth;  // parents first
  for (const auto& node : tree.nodes_)
    depth.push_back(node.parent < 0 ? 1 : depth[static_cast<std::size_t>(node.parent)] + 1);
  return {tree.nodes_.size(), depth.empty() ? 0 : *std::max_element(depth.begin(), depth.end())};
}

KinematicTree::KinematicTree(const model::System& system) : KinematicTree(system, UpToParents::Only) {
  find_floating_base();
  for (std::size_t k = 0; k < nodes_.size(); ++k) {
    find_own_motion(nodes_[k], elements_[k]);
    find_inertia(nodes_[k], elements_[k]);
  }
  std::vector<int> owner(speeds_.size(), -1);
  for (std::size_t k = 0; k < nodes_.size(); ++k)
    for (auto s : nodes_[k].speeds) {
      if (owner[s] >= 0)
        throw NotATree("speed '" + speeds_[s].get_name() + "' moves both '" + nodes_[static_cast<std::size_t>(owner[s])].name +
                       "' and '" + nodes_[k].name + "' relative to their parents");
      owner[s] = static_cast<int>(k);
    }
  for (std::size_t s = 0; s < speeds_.size(); ++s)
    if (owner[s] < 0) throw NotATree("speed '" + speeds_[s].get_name() + "' moves no body relative to its parent");
}

void KinematicTree::add_node(const std::string& name, const Element& element) {
  for (std::size_t j = 0; j < elements_.size(); ++j)
    if (elements_[j].point == element.point)
      throw NotATree("'" + nodes_[j].name + "' and '" + name + "' share the point '" + element.point.name() + "'");
  TreeNode node;
  node.name = name;
  nodes_.push_back(std::move(node));
  elements_.push_back(element);
}

// The parent of a node is found up its point's tree of positions: the nearest point that is
// another node's, or whose position from its own parent is measured in another body's frame, not
// N (a joint on that body; a particle has no frame of its own, so a weight at a rod's end hangs
// from the rod and not the rod from it). Any choice that passes find_own_motion's checks gives the
// same dynamics; this one finds the joints of chains and trees as they are usually modelled. The
// nodes are then ordered by depth (stable), parents first. Parents the system states replace the
// search.
void KinematicTree::find_parents() {
  const std::size_t K = nodes_.size();
  auto node_of = [&](auto&& is_its, std::size_t k) {
    for (std::size_t j = 0; j < K; ++j)
      if (j != k && is_its(elements_[j])) return static_cast<int>(j);
    return -1;
  };
  std::vector<int> parent(K, -1);
  if (stated_parents(parent)) return order_by_depth(parent, true);
  for (std::size_t k = 0; k < K; ++k)
    for (std::optional<kin::Point> Q = elements_[k].point; Q && parent[k] < 0; Q = Q->parent()) {
      if (*Q != elements_[k].point) parent[k] = node_of([&](const Element& e) { return e.point == *Q; }, k);
      const auto& parts = Q->position_from_parent().parts();
      if (parent[k] < 0 && parts.size() == 1 && parts.front().frame != N_)
        parent[k] = node_of([&](const Element& e) { return e.body && e.frame == parts.front().frame; }, k);
    }
  order_by_depth(parent, false);
}

// The parents the system states (URDF joints: model::System::state_parent), when it states one
// for every node: no guess from positions, which cannot tell the frame of a joint whose origin
// coincides with its parent's.
bool KinematicTree::stated_parents(std::vector<int>& parent) const {
  const auto& stated = system_.stated_parents();
  if (stated.empty()) return false;
  auto is_node = [&](const std::string& name) {
    return std::any_of(nodes_.begin(), nodes_.end(), [&](const TreeNode& n) { return n.name == name; });
  };
  for (const auto& [body, hangs_from] : stated)
    for (const auto& name : {body, hangs_from})
      if (!name.empty() && !is_node(name))
        throw NotATree("a joint moves '" + name + "', which is no particle or body of the system");
  for (std::size_t k = 0; k < nodes_.size(); ++k) {
    const auto it = stated.find(nodes_[k].name);
    if (it == stated.end())
      throw NotATree("'" + nodes_[k].name + "' has no stated parent, while the system states the parents of other bodies");
    if (it->second.empty()) continue;
    for (std::size_t j = 0; j < nodes_.size() && parent[k] < 0; ++j)
      if (nodes_[j].name == it->second) parent[k] = static_cast<int>(j);
  }
  return true;
}

void KinematicTree::order_by_depth(const std::vector<int>& parent, bool stated) {
  const std::size_t K = nodes_.size();
  std::vector<std::size_t> depth(K, 0), order(K);
  for (std::size_t k = 0; k < K; ++k)
    for (int j = parent[k]; j >= 0; j = parent[static_cast<std::size_t>(j)])
      if (++depth[k] > K)
        throw NotATree("'" + nodes_[k].name + "' hangs from a body that hangs from it" +
                       (stated ? std::string(" (the parents its joints state)")
                               : std::string(", by the parents guessed from the positions: state the tree by joints")));
  for (std::size_t k = 0; k < K; ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return depth[a] < depth[b]; });
  std::vector<int> position(K);
  for (std::size_t i = 0; i < K; ++i) position[order[i]] = static_cast<int>(i);
  std::vector<TreeNode> nodes;
  std::vector<Element> elements;
  for (auto k : order) {
    nodes.push_back(nodes_[k]);
    nodes.back().parent = parent[k] < 0 ? -1 : position[static_cast<std::size_t>(parent[k])];
    elements.push_back(elements_[k]);
  }
  nodes_ = std::move(nodes), elements_ = std::move(elements);
}

// The speeds (their positions in speeds_, ascending) occurring in a or b: one pass over each
// distinct subexpression, so that a system of K bodies and K speeds costs O(K) here, not O(K²).
std::vector<std::size_t> KinematicTree::speeds_in(const kin::Vector& a, const kin::Vector& b) const {
  std::vector<GiNaC::ex> components;
  for (const auto* v : {&a, &b})
    for (const auto& part : v->parts())
      for (unsigned i = 0; i < 3; ++i) components.push_back(part.components(i, 0));
  std::vector<std::size_t> out;
  for (const auto& s : sym::free_symbols(components))
    if (const auto it = speed_index_.find(s); it != speed_index_.end()) out.push_back(it->second);
  std::sort(out.begin(), out.end());
  return out;
}

// The node's motion relative to its parent, (1) of kinematic_tree.hpp: the relative angular
// velocity (in the parent's frame, else in N), and each part x of the position from the parent's
// point differentiated in the parent's frame (then ^N dx/dt = ω_p × x + ^P dx/dt: x is in R_k),
// else in N; whichever involves no ancestor's speed.
void KinematicTree::find_own_motion(TreeNode& node, const Element& element) {
  std::vector<GiNaC::symbol> ancestors;
  for (int j = node.parent; j >= 0; j = nodes_[static_cast<std::size_t>(j)].parent)
    for (auto s : nodes_[static_cast<std::size_t>(j)].speeds) ancestors.push_back(speeds_[s]);
  const bool grounded = node.parent < 0;
  const auto p = static_cast<std::size_t>(node.parent);
  const kin::ReferenceFrame F = element.frame, Fp = grounded ? N_ : elements_[p].frame;
  const kin::Point P = element.point, Pp = grounded ? system_.origin() : elements_[p].point;

  kin::Vector omega = system_.in_speeds(F.angular_velocity_in(Fp));
  node.turns_with_parent = !grounded && !mentions(omega, ancestors);
  if (!node.turns_with_parent) omega = system_.in_speeds(F.angular_velocity_in(N_));
  if (mentions(omega, ancestors))
    throw NotATree("frame '" + F.name() + "' of '" + node.name + "' turns with speeds of the bodies it hangs from, "
                   "both relative to '" + Fp.name() + "' and to '" + N_.name() + "'");
  kin::Vector velocity;
  matrix lever = zero(3);
  const bool floats = grounded && floating_ && F == floating_->frame;
  if (floats) velocity = kin::Vector(F, floating_->velocity);  // the free joint's origin, from its speeds
  const kin::Vector position = P.position_from(floats ? floating_->origin : Pp);
  for (const auto& part : position.parts()) {
    const kin::Vector x(part.frame, part.components);
    if (!grounded) {
      kin::Vector relative = rate(x, Fp);
      if (!mentions(relative, ancestors)) {
        velocity += relative;
        lever = lever.add(in_basis(x));
        continue;
      }
    }
    kin::Vector absolute = rate(x, N_);
    if (mentions(absolute, ancestors))
      throw NotATree("point '" + P.name() + "' of '" + node.name + "' moves with speeds of the bodies it hangs from, "
                     "relative to '" + Pp.name() + "' in '" + Fp.name() + "' and in '" + N_.name() + "'");
    velocity += absolute;
  }
  node.lever = named(lever);

  node.speeds = speeds_in(omega, velocity);
  node.motion_subspace = matrix(6, static_cast<unsigned>(node.speeds.size()));
  for (unsigned j = 0; j < node.speeds.size(); ++j) {
    const auto& u = speeds_[node.speeds[j]];
    const matrix column = named(stacked(in_basis(omega.diff(u)), in_basis(velocity.diff(u))));
    for (unsigned i = 0; i < 6; ++i) node.motion_subspace(i, j) = column(i, 0);
  }

  // κ_k = c_k − X_k c_p, X_k c_p = (a c_ωp, c_p + c_ωp × R_k).
  const FrameMotion& frame = frame_motion(F);
  const matrix alpha_p = grounded ? zero(3) : frame_motion(Fp).alpha0;
  const matrix& a_p = grounded ? zero(3) : point_acceleration(Pp);
  node.bias_acceleration = named(stacked(node.turns_with_parent ? frame.alpha0.sub(alpha_p) : frame.alpha0,
                                         point_acceleration(P).sub(a_p).sub(cross(alpha_p, node.lever))));
}

// The spatial inertia about the mass centre, and the forces beside M a: gravity and the
// gyroscopic couple (Kane's inertia torque −(I α + ω × I ω), its α part in M).
void KinematicTree::find_inertia(TreeNode& node, const Element& element) {
  matrix inertia(6, 6), moment = zero(3), force = zero(3);
  if (element.body) {
    const FrameMotion& frame = frame_motion(element.frame);
    const matrix I_F = element.body->central_inertia().components_in(element.frame);
    const matrix I = named_symmetric(sym::product(sym::product(frame.R, I_F), frame.R.transpose()));
    for (unsigned i = 0; i < 3; ++i)
      for (unsigned j = 0; j < 3; ++j) inertia(i, j) = I(i, j);
    moment = cross(frame.omega, named(sym::product(I, frame.omega))).mul_scalar(-1);
  }
  for (unsigned i = 3; i < 6; ++i) inertia(i, i) = element.mass;
  if (const auto& g = system_.gravity()) force = in_basis(g->acceleration).mul_scalar(element.mass);
  node.inertia = inertia;
  node.bias_force = named(stacked(moment, force));
}

// A free joint hanging a body from the ground (the first, in the order of the system's joints):
// the basis becomes its child's frame B, whose origin O moves with the joint's first three speeds
// v in B's axes. That is the joint's kinematic equation ṙ = ^J C ^B v (model/joint.hpp) with its
// frame J fixed in N, checked here, so that O's velocity is v and its acceleration ω × v at u̇ = 0,
// with no ^B C ^J ^J C ^B products to cancel.
void KinematicTree::find_floating_base() {
  const auto free = model::joint_type_name(model::JointType::Free);
  const auto joint = std::find_if(system_.joints().begin(), system_.joints().end(),
                                  [&](const model::JointRecord& j) { return j.type == free && j.parent.empty(); });
  if (joint == system_.joints().end()) return;
  const kin::ReferenceFrame B = system_.frame(joint->child);
  const kin::Point O = system_.point(joint->child);
  const auto& named = system_.symbol_table();  // the joint's coordinates and speeds by name
  std::vector<GiNaC::ex> speed, coordinate;
  for (std::size_t i = 0; i < 3; ++i) {
    speed.push_back(named.at(joint->speeds.at(i)));
    coordinate.push_back(named.at(joint->coordinates.at(i)));
  }
  const matrix v(3, 1, GiNaC::lst{speed[0], speed[1], speed[2]});
  for (const auto& part : O.position_from_parent().parts()) {
    if (!part.components.has(coordinate[0])) continue;
    const auto J = part.frame;
    if (!system_.in_speeds(J.angular_velocity_in(N_)).is_zero()) return;
    const matrix rdot = sym::product(J.dcm(B), v);
    for (unsigned i = 0; i < 3; ++i)
      if (part.components(i, 0) != coordinate[i] ||
          !(system_.in_speeds(sym::derivative_of(coordinate[i])) - rdot(i, 0)).expand().is_zero())
        return;
    floating_ = FloatingBase{B, O, v};
    basis_ = B;
    for (auto F = B.parent(); F; F = F->parent()) above_basis_.push_back(*F);
  }
}

// ^B C ^F: the identity for the basis, its own dcm for the basis's ancestors, else through F's parent.
matrix KinematicTree::rotation_to_basis(const kin::ReferenceFrame& F) {
  if (F == basis_) return GiNaC::ex_to<matrix>(GiNaC::unit_matrix(3));
  if (std::find(above_basis_.begin(), above_basis_.end(), F) != above_basis_.end()) return named(basis_.dcm(F));
  const auto parent = F.parent();
  if (!parent) throw NotATree("frame '" + F.name() + "' is not oriented in the tree of '" + N_.name() + "'");
  return named(sym::product(frame_motion(*parent).R, parent->dcm(F)));
}

const KinematicTree::FrameMotion& KinematicTree::frame_motion(const kin::ReferenceFrame& F) {
  for (const auto& [frame, motion] : frames_)
    if (frame == F) return motion;
  if (F == N_) return frames_.emplace_back(F, FrameMotion{rotation_to_basis(F), zero(3), zero(3)}).second;
  const auto parent = F.parent();
  if (!parent) throw NotATree("frame '" + F.name() + "' is not oriented in the tree of '" + N_.name() + "'");
  const FrameMotion& P = frame_motion(*parent);
  auto& m = frames_.emplace_back(F, FrameMotion{rotation_to_basis(F), zero(3), zero(3)}).second;
  // ^Nω^F = ^Nω^P + ^Pω^F;  ^Nα^F = ^Nα^P + ^F d(^Pω^F)/dt + ^Nω^P × ^Pω^F  (Kane §1.5, 1.6).
  const kin::Vector relative = system_.in_speeds(F.angular_velocity_in(*parent));
  const matrix w = in_basis(relative);
  m.omega = named(P.omega.add(w));
  const matrix rate_of_relative = sym::map_entries(in_basis(rate(relative, F)), [&](const ex& e) { return at_rest(e); });
  m.alpha0 = named(P.alpha0.add(rate_of_relative).add(cross(P.omega, w)));
  return m;
}

// ^N a^P = ^N a^Q + Σ_x (α × x + ω × (ω × x) + 2 ω × ^F ẋ + ^F ẍ) over the parts x of r^{P/Q}, each
// in its frame F (Kane §1.7), at u̇ = 0.
const GiNaC::matrix& KinematicTree::point_acceleration(const kin::Point& P) {
  static const matrix none = zero(3);
  if (P == system_.origin()) return none;
  for (const auto& [point, a] : points_)
    if (point == P) return a;
  if (floating_ && P == floating_->origin)
    return points_.emplace_back(P, named(cross(frame_motion(floating_->frame).omega, floating_->velocity))).second;
  if (P.velocity_is_set_in(N_))
    throw NotATree("point '" + P.name() + "': its velocity is given (a constraint such as rolling), not found from positions");
  const auto Q = P.parent();
  if (!Q) throw NotATree("point '" + P.name() + "' is not positioned from the origin '" + system_.origin().name() + "'");
  matrix a = point_acceleration(*Q);
  for (const auto& part : P.position_from_parent().parts()) {
    const FrameMotion& F = frame_motion(part.frame);
    const kin::Vector x(part.frame, part.components);
    const kin::Vector xdot = rate(x, part.frame);
    const matrix xN = named(in_basis(x)), xdotN = named(in_basis(xdot));
    const matrix xddotN = sym::map_entries(in_basis(rate(xdot, part.frame)), [&](const ex& e) { return at_rest(e); });
    a = a.add(cross(F.alpha0, xN)).add(cross(F.omega, cross(F.omega, xN))).add(cross(F.omega, xdotN).mul_scalar(2)).add(xddotN);
  }
  return points_.emplace_back(P, named(a)).second;
}

GiNaC::matrix KinematicTree::in_basis(const kin::Vector& v) {
  matrix sum = zero(3);
  for (const auto& part : v.parts()) sum = sum.add(sym::product(frame_motion(part.frame).R, part.components));
  return sum;
}

kin::Vector KinematicTree::rate(const kin::Vector& v, const kin::ReferenceFrame& F) { return system_.in_speeds(v.dt(F)); }

}  // namespace adyn::formulations
