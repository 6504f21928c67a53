#pragma once
// The motion of every frame and point of a system in the inertial frame N, each quantity built once
// from its parent's: the derived data of the kinematics (as Pinocchio's Data beside its Model), and
// the "intermediate variables" of Autolev. With C = ^B C ^P the parent-to-child direction cosines,
//     [^Nω^B]_B = C [^Nω^P]_P + [^Pω^B]_B                  (addition theorem, Kane §1.5)
//     [^Nα^B]_B = d[^Nω^B]_B/dt                            (^Nω^B × ^Nω^B = 0)
//     [^Nv^P]_N = [^Nv^Q]_N + ^N C ^F (d[r]_F/dt + [^Nω^F]_F × [r]_F)   (Q the parent point, r in F)
//     [^Na^P]_N = d[^Nv^P]_N/dt,
//     |^Nv^P|² = |^Nv^Q|² + 2 ^Nv^Q · w + w · w,   w = ^N d r^{P/Q}/dt,
// the last with ^Nv^Q kept as the sum of its joints' w, each in its own frame: the kinetic energy
// so keeps the textbook form (l1² q̇1² + 2 l1 l2 q̇1 q̇2 cos(q1 − q2) + l2² q̇2², never sin² + cos²)
// at O(n²) terms for a chain.
// Angular velocities are kept in their own body's basis and velocities in N's, one basis each, so
// a child's components refer to its parent's as shared subexpressions: a chain of n bodies costs
// O(n) nodes, and a dot product of two of its vectors O(1), where vectors kept as sums of parts in
// every frame along the path cost O(n) parts and O(n²) pairs. Time derivatives go through one
// sym::TotalTimeDerivative and the rewrites (q̇ -> N u + n, u_d -> A u_i + b) through memoized
// substitutions, all shared by every body, so each shared subexpression is processed once.
#include <ginac/ginac.h>

#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::kin {

class RecursiveKinematics {
 public:
  /// `rewrites`: substitutions applied in turn to every expression with rates in it (the local
  /// angular velocities and the derivatives of positions and velocities), e.g. the kinematic
  /// equations and then the dependent speeds.
  explicit RecursiveKinematics(const ReferenceFrame& N, const std::vector<GiNaC::exmap>& rewrites = {});
  RecursiveKinematics(const RecursiveKinematics&) = delete;
  RecursiveKinematics& operator=(const RecursiveKinematics&) = delete;

  const ReferenceFrame& inertial_frame() const { return N_; }
  /// ^Nω^B in B's basis.
  const Vector& angular_velocity(const ReferenceFrame& B);
  /// ^Nα^B in B's basis.
  const Vector& angular_acceleration(const ReferenceFrame& B);
  /// ^N v^P in N's basis. Throws adyn::ModelError as Point::velocity_in does.
  const Vector& velocity(const Point& P);
  /// ^N a^P = ^N d(^N v^P)/dt in N's basis.
  const Vector& acceleration(const Point& P);
  /// ^N v^P as the sum of the rates of the positions along the tree, each in its own frame.
  const Vector& velocity_by_parts(const Point& P);
  /// ^N v^P · ^N v^P, built from the parent's.
  const GiNaC::ex& speed_squared(const Point& P);
  /// An expression with the rewrites applied.
  GiNaC::ex rewritten(const GiNaC::ex& e);

 private:
  // Looked up by identity, in order; a deque, so references handed out stay valid as it grows.
  template <class Key>
  using Table = std::deque<std::pair<Key, Vector>>;

  const Vector& omega_from_root(const ReferenceFrame& B);
  /// The parent of P when P's velocity follows from the parent's (the point whose velocity is
  /// known lies up the tree of positions), else none.
  std::optional<Point> moving_parent(const Point& P);
  /// w = ^N d r^{P/Q}/dt for Q the parent, one part per frame of r.
  const Vector& joint_rate(const Point& P);
  /// ^N v^P when it does not follow from the parent's: known, or found by Point::velocity_in.
  Vector velocity_otherwise(const Point& P);
  Vector rewritten(const Vector& v);
  Mat derivative(const Mat& components);  // d/dt, rewritten

  ReferenceFrame N_;
  std::deque<sym::Substitution> rewrites_;
  sym::TotalTimeDerivative d_dt_;
  Table<ReferenceFrame> omega_root_, omega_, alpha_;
  Table<Point> joint_rate_, velocity_, acceleration_, velocity_by_parts_;
  std::deque<std::pair<Point, GiNaC::ex>> speed_squared_;
  std::deque<std::pair<Point, std::optional<Point>>> moving_parent_;  // (the tree search done once per point)
};

}  // namespace adyn::kin
