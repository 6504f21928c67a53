#include "adyn/kinematics/point.hpp"

#include <deque>
#include <optional>
#include <set>
#include <vector>

#include "adyn/error.hpp"
#include "epochs.hpp"

namespace adyn::kin {
namespace detail {

struct PointNode {
  std::string name;
  std::shared_ptr<PointNode> parent;             // the point this one is positioned from
  std::vector<std::weak_ptr<PointNode>> children;  // the points positioned from this one
  Vector position;                               // r^{this/parent}
  std::vector<ReferenceFrame> fixed_in;
  std::vector<std::pair<ReferenceFrame, Vector>> velocities;
  std::vector<std::pair<ReferenceFrame, Vector>> accelerations;
};

}  // namespace detail

namespace {

using NodePtr = std::shared_ptr<detail::PointNode>;

std::optional<Vector> lookup(const std::vector<std::pair<ReferenceFrame, Vector>>& table, const ReferenceFrame& F) {
  for (const auto& [frame, v] : table)
    if (frame == F) return v;
  return std::nullopt;
}

void store(std::vector<std::pair<ReferenceFrame, Vector>>& table, const ReferenceFrame& F, const Vector& v) {
  for (auto& [frame, w] : table)
    if (frame == F) {
      w = v;
      return;
    }
  table.emplace_back(F, v);
}

bool is_fixed_in(const NodePtr& n, const ReferenceFrame& F) {
  for (const auto& f : n->fixed_in)
    if (f == F) return true;
  return false;
}

// r from the root of n's position tree to n, or throws if `root` is given and not an ancestor.
Vector position_from_root(const NodePtr& n, NodePtr& root) {
  Vector r;
  NodePtr cur = n;
  for (; cur->parent; cur = cur->parent) r += cur->position;
  root = cur;
  return r;
}

bool velocity_known(const NodePtr& n, const ReferenceFrame& F) {
  return is_fixed_in(n, F) || lookup(n->velocities, F).has_value();
}

// The point nearest to `start` along the tree of positions (parents and children alike) whose
// velocity in F is known: fixed in F or set. Null if there is none.
NodePtr nearest_known(const NodePtr& start, const ReferenceFrame& F) {
  std::deque<NodePtr> queue{start};
  std::set<const detail::PointNode*> seen{start.get()};
  auto visit = [&](const NodePtr& n) {
    if (n && seen.insert(n.get()).second) queue.push_back(n);
  };
  while (!queue.empty()) {
    NodePtr n = queue.front();
    queue.pop_front();
    if (velocity_known(n, F)) return n;
    visit(n->parent);
    for (const auto& child : n->children) visit(child.lock());
  }
  return nullptr;
}

void detach_from_parent(const NodePtr& n) {
  if (!n->parent) return;
  auto& siblings = n->parent->children;
  std::erase_if(siblings, [&](const std::weak_ptr<detail::PointNode>& w) {
    auto p = w.lock();
    return !p || p == n;
  });
}

}  // namespace

Point::Point(const std::string& name) : node_(std::make_shared<detail::PointNode>()) {
  if (name.empty()) throw ModelError("point", "a point needs a name");
  node_->name = name;
}

const std::string& Point::name() const { return node_->name; }

void Point::set_position(const Point& from, const Vector& r) {
  for (NodePtr n = from.node_; n; n = n->parent)
    if (n == node_)
      throw ModelError("point '" + name() + "'", "cannot be positioned from '" + from.name() +
                                                     "': that point is this one or is positioned from it "
                                                     "(a cycle of positions)");
  detach_from_parent(node_);
  ++detail::point_epoch;
  node_->parent = from.node_;
  node_->position = r;
  from.node_->children.push_back(node_);
}

Point Point::locate_new(const std::string& name, const Vector& r) const {
  Point p(name);
  p.set_position(*this, r);
  return p;
}

Vector Point::position_from(const Point& other) const {
  NodePtr root_a, root_b;
  Vector ra = position_from_root(node_, root_a);
  Vector rb = position_from_root(other.node_, root_b);
  if (root_a != root_b)
    throw ModelError("points '" + name() + "' and '" + other.name() + "'",
                     "have no chain of positions between them");
  return ra - rb;
}

void Point::fix_in(const ReferenceFrame& F) {
  if (!is_fixed_in(node_, F)) node_->fixed_in.push_back(F);
  ++detail::point_epoch;
}

void Point::set_velocity(const ReferenceFrame& F, const Vector& v) {
  store(node_->velocities, F, v);
  ++detail::point_epoch;
}

void Point::set_acceleration(const ReferenceFrame& F, const Vector& a) {
  store(node_->accelerations, F, a);
  ++detail::point_epoch;
}

std::optional<Point> Point::parent() const {
  if (!node_->parent) return std::nullopt;
  return Point(node_->parent);
}

const Vector& Point::position_from_parent() const { return node_->position; }

std::optional<Vector> Point::known_velocity_in(const ReferenceFrame& F) const {
  if (auto v = lookup(node_->velocities, F)) return v;
  if (is_fixed_in(node_, F)) return Vector();
  return std::nullopt;
}

bool Point::velocity_is_set_in(const ReferenceFrame& F) const {
  if (lookup(node_->velocities, F)) return true;
  if (is_fixed_in(node_, F)) return false;
  const NodePtr known = nearest_known(node_, F);
  return known && lookup(known->velocities, F).has_value();
}

Point Point::anchor_in(const ReferenceFrame& F) const {
  NodePtr known = nearest_known(node_, F);
  if (!known)
    throw ModelError("point '" + name() + "'",
                     "its velocity in frame '" + F.name() +
                         "' is not defined: no point on its chain of positions is fixed in that frame "
                         "or has its velocity in it set (fix one with fix_in, or set a velocity)");
  return Point(known);
}

// ^F v^P = ^F v^K + ^F d r^{P/K}/dt, with K the nearest point whose velocity in F is known.
Vector Point::velocity_in(const ReferenceFrame& F) const {
  if (auto v = lookup(node_->velocities, F)) return *v;
  if (is_fixed_in(node_, F)) return Vector();
  Point known = anchor_in(F);
  return known.velocity_in(F) + position_from(known).dt(F);
}

// ^F a^P = ^F a^K + ^F d² r^{P/K}/dt² (so an acceleration set on K is used), else ^F d(^F v^P)/dt.
Vector Point::acceleration_in(const ReferenceFrame& F) const {
  if (auto a = lookup(node_->accelerations, F)) return *a;
  if (is_fixed_in(node_, F)) return Vector();
  if (lookup(node_->velocities, F)) return velocity_in(F).dt(F);
  Point known = anchor_in(F);
  return known.acceleration_in(F) + position_from(known).dt(F).dt(F);
}

Vector velocity_two_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B) {
  return Q.velocity_in(F) + B.angular_velocity_in(F).cross(P.position_from(Q));
}

Vector acceleration_two_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B) {
  Vector r = P.position_from(Q);
  Vector w = B.angular_velocity_in(F);
  return Q.acceleration_in(F) + B.angular_acceleration_in(F).cross(r) + w.cross(w.cross(r));
}

Vector velocity_one_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B) {
  return P.velocity_in(B) + velocity_two_point(P, Q, F, B);
}

Vector acceleration_one_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B) {
  Vector coriolis = 2 * B.angular_velocity_in(F).cross(P.velocity_in(B));
  return P.acceleration_in(B) + acceleration_two_point(P, Q, F, B) + coriolis;
}

}  // namespace adyn::kin
