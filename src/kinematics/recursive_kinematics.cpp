#include "adyn/kinematics/recursive_kinematics.hpp"

#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::kin {
namespace {

template <class Key>
const Vector* find(const std::deque<std::pair<Key, Vector>>& table, const Key& key) {
  for (const auto& [k, v] : table)
    if (k == key) return &v;
  return nullptr;
}

template <class Key>
const Vector& store(std::deque<std::pair<Key, Vector>>& table, const Key& key, Vector v) {
  table.emplace_back(key, std::move(v));
  return table.back().second;
}

// Whether `ancestor` is P or one of the points P is positioned from.
bool on_path_to_root(const Point& P, const Point& ancestor) {
  for (std::optional<Point> p = P; p; p = p->parent())
    if (*p == ancestor) return true;
  return false;
}

}  // namespace

RecursiveKinematics::RecursiveKinematics(const ReferenceFrame& N, const std::vector<GiNaC::exmap>& rewrites) : N_(N) {
  for (const auto& m : rewrites)
    if (!m.empty()) rewrites_.emplace_back(m);
}

GiNaC::ex RecursiveKinematics::rewritten(const GiNaC::ex& e) {
  GiNaC::ex out = e;
  for (auto& s : rewrites_) out = s(out);
  return out;
}

Vector RecursiveKinematics::rewritten(const Vector& v) {
  return v.map([&](const GiNaC::ex& e) { return rewritten(e); });
}

Mat RecursiveKinematics::derivative(const Mat& components) {
  return sym::map_entries(components, [&](const GiNaC::ex& e) { return rewritten(d_dt_(e)); });
}

// ^Rω^B for R the root of B's tree, in B's basis: the parent's carried over plus B's own step.
const Vector& RecursiveKinematics::omega_from_root(const ReferenceFrame& B) {
  if (const Vector* w = find(omega_root_, B)) return *w;
  Vector w;
  if (auto P = B.parent()) {
    const Vector& wp = omega_from_root(*P);
    if (!wp.is_zero()) w = Vector(B, sym::product(B.dcm(*P), wp.parts().front().components));
    w += rewritten(Vector(B, B.orientation().angular_velocity()));
  }
  return store(omega_root_, B, std::move(w));
}

const Vector& RecursiveKinematics::angular_velocity(const ReferenceFrame& B) {
  if (const Vector* w = find(omega_, B)) return *w;
  Vector w = omega_from_root(B);
  if (const Vector& wN = omega_from_root(N_); !wN.is_zero()) w -= wN.express(B);  // ^Nω^B = ^Rω^B − ^Rω^N
  return store(omega_, B, std::move(w));
}

const Vector& RecursiveKinematics::angular_acceleration(const ReferenceFrame& B) {
  if (const Vector* a = find(alpha_, B)) return *a;
  const Vector& w = angular_velocity(B);
  Vector alpha = w.is_zero() ? Vector() : Vector(B, derivative(w.parts().front().components));
  return store(alpha_, B, std::move(alpha));
}

std::optional<Point> RecursiveKinematics::moving_parent(const Point& P) {
  for (const auto& [point, parent] : moving_parent_)
    if (point == P) return parent;
  std::optional<Point> parent;
  if (!P.known_velocity_in(N_))
    if (auto candidate = P.parent(); candidate && on_path_to_root(*candidate, P.anchor_in(N_))) parent = candidate;
  moving_parent_.emplace_back(P, parent);
  return parent;
}

const Vector& RecursiveKinematics::joint_rate(const Point& P) {
  if (const Vector* w = find(joint_rate_, P)) return *w;
  Vector w;
  for (const auto& part : P.position_from_parent().parts()) {
    w += Vector(part.frame, derivative(part.components));
    if (const Vector& omega = angular_velocity(part.frame); !omega.is_zero())
      w += omega.cross(Vector(part.frame, part.components));
  }
  return store(joint_rate_, P, std::move(w));
}

Vector RecursiveKinematics::velocity_otherwise(const Point& P) {
  if (auto known = P.known_velocity_in(N_)) return rewritten(*known);
  return rewritten(P.velocity_in(N_));
}

// ^N v^P = ^N v^Q + w from the parent Q when the point whose velocity is known lies up the tree of
// positions; otherwise as Point::velocity_in finds it (a known point below or beside).
const Vector& RecursiveKinematics::velocity(const Point& P) {
  if (const Vector* v = find(velocity_, P)) return *v;
  auto Q = moving_parent(P);
  Vector v = Q ? velocity(*Q) + joint_rate(P).express(N_) : velocity_otherwise(P).express(N_);
  return store(velocity_, P, std::move(v));
}

const Vector& RecursiveKinematics::velocity_by_parts(const Point& P) {
  if (const Vector* v = find(velocity_by_parts_, P)) return *v;
  auto Q = moving_parent(P);
  Vector v = Q ? velocity_by_parts(*Q) + joint_rate(P) : velocity_otherwise(P);
  return store(velocity_by_parts_, P, std::move(v));
}

const GiNaC::ex& RecursiveKinematics::speed_squared(const Point& P) {
  for (const auto& [point, v2] : speed_squared_)
    if (point == P) return v2;
  GiNaC::ex v2;
  if (auto Q = moving_parent(P)) {
    const Vector& w = joint_rate(P);
    v2 = speed_squared(*Q) + sym::times(2, velocity_by_parts(*Q).dot(w)) + w.dot(w);
  } else {
    const Vector& v = velocity_by_parts(P);
    v2 = v.dot(v);
  }
  speed_squared_.emplace_back(P, v2);
  return speed_squared_.back().second;
}

const Vector& RecursiveKinematics::acceleration(const Point& P) {
  if (const Vector* a = find(acceleration_, P)) return *a;
  const Vector& v = velocity(P);
  Vector a = v.is_zero() ? Vector() : Vector(N_, derivative(v.parts().front().components));
  return store(acceleration_, P, std::move(a));
}

}  // namespace adyn::kin
