#pragma once
// Dyadics D = Σ D_ij l_i r_j with the left and right bases in any frames (Kane's notes, summary
// sheet: inertia dyadics, the unit dyadic U).
#include <ginac/ginac.h>

#include <functional>
#include <string>
#include <vector>

#include "adyn/kinematics/reference_frame.hpp"

namespace adyn::kin {

class Vector;

class Dyadic {
 public:
  struct Part {
    ReferenceFrame left;
    ReferenceFrame right;
    Mat components;  // 3x3: D = Σ components(i,j) left_i right_j
  };

  /// The zero dyadic.
  Dyadic() = default;
  /// Components in one frame: D = Σ m_ij f_i f_j.
  Dyadic(const ReferenceFrame& frame, const Mat& components);
  Dyadic(const ReferenceFrame& left, const ReferenceFrame& right, const Mat& components);
  /// The unit dyadic U (identity), components in `frame`.
  static Dyadic unit(const ReferenceFrame& frame);

  const std::vector<Part>& parts() const { return parts_; }
  bool is_zero() const { return parts_.empty(); }

  Dyadic& operator+=(const Dyadic& other);
  Dyadic& operator-=(const Dyadic& other);
  Dyadic& operator*=(const ex& scalar);
  friend Dyadic operator+(Dyadic a, const Dyadic& b) { return a += b; }
  friend Dyadic operator-(Dyadic a, const Dyadic& b) { return a -= b; }
  friend Dyadic operator*(Dyadic a, const ex& s) { return a *= s; }
  friend Dyadic operator*(const ex& s, Dyadic a) { return a *= s; }

  /// D · v
  Vector dot(const Vector& v) const;
  /// D · E
  Dyadic dot(const Dyadic& other) const;
  /// Dᵀ (swaps left and right).
  Dyadic transpose() const;

  /// [D]_F, 3x3: D = Σ [D]_F(i,j) f_i f_j.
  Mat components_in(const ReferenceFrame& F) const;
  Dyadic express(const ReferenceFrame& F) const;

  Dyadic subs(const GiNaC::exmap& m) const;
  Dyadic map(const std::function<ex(const ex&)>& f) const;
  std::string to_string() const;

 private:
  void add_part(const ReferenceFrame& left, const ReferenceFrame& right, const Mat& components);
  std::vector<Part> parts_;
};

/// v · D
Vector dot(const Vector& v, const Dyadic& D);
/// a b (outer product).
Dyadic outer(const Vector& a, const Vector& b);

}  // namespace adyn::kin
