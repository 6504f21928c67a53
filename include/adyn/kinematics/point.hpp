#pragma once
// Points: positions relative to other points (a tree), velocities and accelerations in any frame
// (Kane's notes §1.7), and the two-point / one-point theorems.
//
// ^F v^P is found, unless set explicitly, from the nearest point Q of the tree of positions
// (searched through parents and children alike) whose velocity in F is known (fixed in F, or
// set), by differentiating the position vector in F:
//     ^F v^P = ^F v^Q + ^F d r^{P/Q}/dt,    ^F a^P = ^F a^Q + ^F d² r^{P/Q}/dt².
// A Point is a handle: copies refer to the same point.
#include <memory>
#include <optional>
#include <string>

#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"

namespace adyn::kin {

namespace detail {
struct PointNode;
}

class Point {
 public:
  explicit Point(const std::string& name);
  const std::string& name() const;

  /// Places this point at `r` from `from` (r points from `from` to this point). Throws
  /// adyn::ModelError if that would close a cycle of positions.
  void set_position(const Point& from, const Vector& r);
  /// Convenience: a new point at `r` from this one.
  Point locate_new(const std::string& name, const Vector& r) const;
  /// r^{this/other}: the vector from `other` to this point.
  Vector position_from(const Point& other) const;

  /// Declares the point fixed in F (its velocity and acceleration in F are zero).
  void fix_in(const ReferenceFrame& F);
  /// Sets ^F v^P explicitly (e.g. from a rolling condition).
  void set_velocity(const ReferenceFrame& F, const Vector& v);
  void set_acceleration(const ReferenceFrame& F, const Vector& a);

  /// ^F v^P. Throws adyn::ModelError naming the point and frame when it cannot be determined.
  Vector velocity_in(const ReferenceFrame& F) const;
  /// ^F a^P unless set explicitly: ^F a^Q + ^F d² r^{P/Q}/dt² from the point Q used for the
  /// velocity (so an acceleration set on Q is used), or ^F d(^F v^P)/dt when v^P is set.
  Vector acceleration_in(const ReferenceFrame& F) const;

  /// The point this one is positioned from (none for a root of the tree of positions).
  std::optional<Point> parent() const;
  /// r^{this/parent} as given to set_position (zero for a root).
  const Vector& position_from_parent() const;
  /// Whether ^F v^P is set explicitly, on this point or on the point it is found from (rather than
  /// being zero on a fixed point or the derivative of positions): a set velocity may embed a
  /// constraint, e.g. a rolling condition.
  bool velocity_is_set_in(const ReferenceFrame& F) const;
  /// ^F v^P when it is known without differentiating: set, or zero for a point fixed in F.
  std::optional<Vector> known_velocity_in(const ReferenceFrame& F) const;
  /// The nearest point of the tree of positions whose velocity in F is known (may be this one).
  /// Throws adyn::ModelError naming this point and F when there is none.
  Point anchor_in(const ReferenceFrame& F) const;

  bool operator==(const Point& other) const { return node_ == other.node_; }
  bool operator!=(const Point& other) const { return node_ != other.node_; }

 private:
  explicit Point(std::shared_ptr<detail::PointNode> node) : node_(std::move(node)) {}
  std::shared_ptr<detail::PointNode> node_;
};

/// Theorem I, P and Q both fixed on B: ^F v^P = ^F v^Q + ^Fω^B × r^{PQ}.
Vector velocity_two_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B);
/// Theorem I: ^F a^P = ^F a^Q + ^Fα^B × r^{PQ} + ^Fω^B × (^Fω^B × r^{PQ}).
Vector acceleration_two_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B);
/// Theorem II, P moving on B, Q fixed on B: ^F v^P = ^B v^P + ^F v^{B̄},
/// with ^F v^{B̄} = ^F v^Q + ^Fω^B × r^{PQ} the velocity of B's point coincident with P.
Vector velocity_one_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B);
/// Theorem II: ^F a^P = ^B a^P + ^F a^{B̄} + 2 ^Fω^B × ^B v^P (transport, relative, Coriolis).
Vector acceleration_one_point(const Point& P, const Point& Q, const ReferenceFrame& F, const ReferenceFrame& B);

}  // namespace adyn::kin
