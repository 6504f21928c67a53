#pragma once
// Vectors with components in any number of frames: v = Σ_F ([v]_F · basis of F). Keeping each
// part in the frame where it is simplest (a body frame) keeps expressions compact; a vector is
// expressed in one frame only when asked (Kane's notes §1.3, A1).
#include <ginac/ginac.h>

#include <functional>
#include <string>
#include <vector>

#include "adyn/kinematics/reference_frame.hpp"

namespace adyn::kin {

class Dyadic;

class Vector {
 public:
  struct Part {
    ReferenceFrame frame;
    Mat components;  // 3x1, in `frame`'s basis
  };

  /// The zero vector.
  Vector() = default;
  Vector(const ReferenceFrame& frame, const ex& c1, const ex& c2, const ex& c3);
  /// `components` is 3x1 in `frame`'s basis.
  Vector(const ReferenceFrame& frame, const Mat& components);

  const std::vector<Part>& parts() const { return parts_; }
  /// True if every component is structurally zero (no simplification attempted).
  bool is_zero() const { return parts_.empty(); }

  Vector operator-() const;
  Vector& operator+=(const Vector& other);
  Vector& operator-=(const Vector& other);
  Vector& operator*=(const ex& scalar);
  friend Vector operator+(Vector a, const Vector& b) { return a += b; }
  friend Vector operator-(Vector a, const Vector& b) { return a -= b; }
  friend Vector operator*(Vector a, const ex& s) { return a *= s; }
  friend Vector operator*(const ex& s, Vector a) { return a *= s; }
  friend Vector operator/(Vector a, const ex& s) { return a *= 1 / s; }

  /// [v]_F, 3x1.
  Mat components_in(const ReferenceFrame& F) const;
  /// The same vector with all of it in F's basis.
  Vector express(const ReferenceFrame& F) const;

  ex dot(const Vector& other) const;
  Vector cross(const Vector& other) const;
  Dyadic outer(const Vector& other) const;
  ex magnitude() const;
  Vector normalized() const;

  /// ^F dv/dt by the transport theorem applied to each part:
  /// ^F d(part)/dt = ^P d(part)/dt + ^Fω^P × part (Kane §1.5).
  Vector dt(const ReferenceFrame& F) const;
  /// ^F ∂v/∂s. Parts in frames whose orientation in F does not involve s are differentiated in
  /// place; the others are first expressed in F.
  Vector diff(const GiNaC::symbol& s, const ReferenceFrame& F) const;
  /// Component-wise ∂/∂s in each part's own frame: equals ^F ∂v/∂s for every F when no
  /// orientation depends on s (true for generalized speeds, q̇ and most parameters).
  Vector diff(const GiNaC::symbol& s) const;

  Vector subs(const GiNaC::exmap& m) const;
  /// Applies f to every component (e.g. a simplifier).
  Vector map(const std::function<ex(const ex&)>& f) const;
  /// Plain-text form, e.g. "(l*cos(q1))*N.x + m*B.z".
  std::string to_string() const;
  std::string to_latex() const;

 private:
  void add_part(const ReferenceFrame& frame, const Mat& components);
  std::vector<Part> parts_;
};

ex dot(const Vector& a, const Vector& b);
Vector cross(const Vector& a, const Vector& b);
std::ostream& operator<<(std::ostream& os, const Vector& v);

}  // namespace adyn::kin
