#pragma once
// How a frame B is oriented relative to its parent A: a simple rotation about an axis, one of the
// 12 body-fixed or 12 space-fixed Euler/Tait–Bryan sequences, Euler parameters (unit quaternion),
// Rodrigues parameters (Gibbs vector), or a given direction-cosine matrix.
//
// Conventions (Kane's notes §1.5, Angeles §1.5):
//   dcm()              = ^A C ^B, the matrix whose columns are b_1, b_2, b_3 in A components,
//                        so that [v]_A = ^A C ^B [v]_B;
//   angular_velocity() = ^A ω ^B in B components.
// Every orientation is an active rotation: a simple rotation by θ about k turns A's basis into B's
// (right-handed sense), e.g. about a_3: b_1 = cθ a_1 + sθ a_2 (Kane E9).
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <array>
#include <string>
#include <vector>

namespace adyn::kin {

using GiNaC::ex;
using Mat = GiNaC::matrix;

/// What keeps an orientation from being a rotation at a state: `problem` names the quantity
/// ("its direction-cosine matrix is not a rotation", "its Euler parameters do not have unit norm"),
/// `measure` says by how much ("|CᵀC − I| = 0.3", "det C = −1: a reflection", "norm 1.3"). Empty
/// when it is a rotation.
struct RotationDefect {
  std::string problem, measure;
  bool empty() const { return problem.empty(); }
  /// "its direction-cosine matrix is not a rotation at t = 1.2 (|CᵀC − I| = 0.3)" for where =
  /// "t = 1.2"; without " at …" when `where` is empty.
  std::string text(const std::string& where = "") const;
};

class Orientation {
 public:
  enum class Kind { Axis, BodyFixed, SpaceFixed, Quaternion, Rodrigues, Dcm };

  /// Simple rotation by `angle` about `axis` (3x1 components in the parent basis; normalized
  /// here; fixed in both frames). ^Aω^B = θ̇ k (Kane: simple angular velocity).
  static Orientation axis(const Mat& axis, const ex& angle);
  /// Body-fixed (intrinsic) sequence such as "313", "ZXZ", "123", "XYZ": successive rotations
  /// about axes of the successively rotated frames. C = R_i(θ1) R_j(θ2) R_k(θ3).
  static Orientation body_fixed(const std::string& sequence, const std::array<ex, 3>& angles);
  /// Space-fixed (extrinsic) sequence: rotations about the parent's axes, in order.
  /// C = R_k(θ3) R_j(θ2) R_i(θ1).
  static Orientation space_fixed(const std::string& sequence, const std::array<ex, 3>& angles);
  /// Euler parameters (e0 scalar, e1..e3 vector part): rotation by θ about n with
  /// e0 = cos(θ/2), (e1,e2,e3) = n sin(θ/2). The constraint Σe² = 1 is the user's (or a
  /// holonomic constraint's) business; formulas here are the standard ones valid on it.
  static Orientation quaternion(const std::array<ex, 4>& e);
  /// Euler parameters with the angular velocity given in the child's components (3x1), e.g. the
  /// speeds of a free joint, in place of 2 (e0 ė − ė0 e − e × ė): the two agree where the kinematic
  /// equations ė = ½ G(e) ω hold and Σe² = 1 (Kane, Likins & Levinson 1983 §1.13).
  static Orientation quaternion(const std::array<ex, 4>& e, const Mat& omega_child);
  /// Rodrigues parameters (Gibbs vector) ρ = n tan(θ/2); singular at θ = π.
  static Orientation rodrigues(const std::array<ex, 3>& rho);
  /// A given direction-cosine matrix ^A C ^B (3x3); ω from the definition vect(Cᵀ Ċ).
  static Orientation dcm(const Mat& parent_C_child);

  Kind kind() const { return kind_; }
  /// Human-readable description, e.g. "body-fixed 3-1-3 angles (phi, theta, psi)".
  std::string description() const;
  const Mat& dcm() const { return dcm_; }
  const Mat& angular_velocity() const { return omega_; }
  /// The unit axis of a simple rotation (Kind::Axis; 3x1, the same in both frames), else empty.
  const Mat& rotation_axis() const { return axis_; }
  /// The orientation coordinates (angles, Euler parameters, ...); empty for a given DCM.
  const std::vector<ex>& coordinates() const { return coordinates_; }
  /// Whether the orientation can fail to be a rotation: a given DCM or Euler parameters (the other
  /// kinds are rotations by construction).
  bool may_not_be_rotation() const { return kind_ == Kind::Dcm || kind_ == Kind::Quaternion; }
  /// What keeps this orientation from being a rotation when dcm() evaluates to C (beyond
  /// `tolerance`): for a given DCM, CᵀC ≠ 1 or det C ≠ +1; for Euler parameters e, a norm other
  /// than 1 (C Cᵀ = |e|⁴ 1). Empty for the other kinds.
  RotationDefect rotation_defect(const Eigen::Matrix3d& C, double tolerance = 1e-9) const;
  /// The same at `values` (numbers for its symbols); empty when dcm() cannot be evaluated there.
  RotationDefect rotation_defect(const GiNaC::exmap& values, double tolerance = 1e-9) const;

  /// Kinematic inverse map: the coordinate rates as functions of ω (B components, 3x1), e.g.
  /// Euler-angle rates. Requires the coordinates to be dynamic symbols. Quaternion rates use
  /// ė = ½ G(e)ᵀ ω, Rodrigues ρ̇ = ½ (I + ρρᵀ + ρ×) ω.
  Mat rates_from_angular_velocity(const Mat& omega_child) const;
  /// A scalar that vanishes exactly at the singular configurations of the inverse map
  /// (det of ∂ω/∂θ̇ for Euler angles, 1 for quaternions and axis rotations).
  ex singularity_function() const;
  /// Throws adyn::SingularityError naming `frame_name` if the inverse map is singular (or
  /// nearly: |singularity_function| < tol) at the given values of the coordinates.
  void check_regular(const GiNaC::exmap& values, const std::string& frame_name,
                     double tol = 1e-9) const;

 private:
  Orientation(Kind kind, Mat dcm, Mat omega, std::vector<ex> coordinates, std::string sequence);
  Kind kind_;
  Mat dcm_;
  Mat omega_;
  std::vector<ex> coordinates_;
  std::string sequence_;  // axis digits "313" for Euler sequences
  Mat axis_ = Mat(0, 0);  // Kind::Axis only
};

/// Elementary rotation matrix ^A C ^B for a rotation by θ about the axis-th basis vector (0,1,2).
Mat elementary_rotation(int axis, const ex& angle);

/// Parses "313", "ZXZ", "xyz", "1-2-3" into axis indices; throws if not one of the 12 sequences.
std::array<int, 3> parse_rotation_sequence(const std::string& sequence);

/// The skew-symmetric cross-product matrix [a×] of a 3x1 column.
Mat skew(const Mat& a);
/// The axial vector of a skew matrix: (W32, W13, W21).
Mat vect(const Mat& W);

}  // namespace adyn::kin
