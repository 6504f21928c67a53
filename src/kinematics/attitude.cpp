#include "adyn/kinematics/attitude.hpp"

#include <Eigen/Geometry>

#include <cmath>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/kinematics/orientation.hpp"

namespace adyn::kin {

namespace {

Eigen::Matrix3d elementary(int axis, double angle) {
  return Eigen::AngleAxisd(angle, Eigen::Vector3d::Unit(axis)).toRotationMatrix();
}

// A body-fixed sequence equivalent to the given one: a space-fixed i-j-k sequence with angles
// (θ1, θ2, θ3) is the body-fixed k-j-i sequence with angles (θ3, θ2, θ1).
struct BodyFixedSequence {
  std::array<int, 3> axes;
  bool reversed;
};

BodyFixedSequence body_fixed_equivalent(const std::string& sequence, EulerConvention convention) {
  auto a = parse_rotation_sequence(sequence);
  if (convention == EulerConvention::BodyFixed) return {a, false};
  return {{a[2], a[1], a[0]}, true};
}

Eigen::Vector3d ordered(const Eigen::Vector3d& angles, bool reversed) {
  return reversed ? Eigen::Vector3d(angles(2), angles(1), angles(0)) : angles;
}

// +1 when (a, b, third) is a cyclic permutation of (0, 1, 2).
int parity(int a, int b) { return (b - a + 3) % 3 == 1 ? 1 : -1; }

}  // namespace

Eigen::Matrix3d dcm_from_euler(const std::string& sequence, EulerConvention convention,
                               const Eigen::Vector3d& angles) {
  auto seq = body_fixed_equivalent(sequence, convention);
  Eigen::Vector3d a = ordered(angles, seq.reversed);
  return elementary(seq.axes[0], a(0)) * elementary(seq.axes[1], a(1)) * elementary(seq.axes[2], a(2));
}

// Closed-form extraction from C = R_i(a) R_j(b) R_k(c). (Eigen's eulerAngles puts the first angle
// in [0, π] and does not report gimbal lock; the usual ranges and the detection are wanted here.)
Eigen::Vector3d euler_from_dcm(const std::string& sequence, EulerConvention convention,
                               const Eigen::Matrix3d& C, double tol) {
  check_rotation_matrix(C, "direction-cosine matrix for sequence '" + sequence + "'", 1e-6);
  auto seq = body_fixed_equivalent(sequence, convention);
  const int i = seq.axes[0], j = seq.axes[1], k = seq.axes[2];
  Eigen::Vector3d out;
  double lock_measure;
  if (i == k) {  // symmetric (proper Euler) sequence: C_ii = cos b
    const int l = 3 - i - j;
    const double e = parity(i, j);
    lock_measure = std::hypot(C(j, i), C(l, i));  // |sin b|
    out << std::atan2(C(j, i), -e * C(l, i)), std::atan2(lock_measure, C(i, i)),
        std::atan2(C(i, j), e * C(i, l));
  } else {  // Tait–Bryan sequence: C_ik = ε sin b
    const double e = parity(i, j);
    lock_measure = std::hypot(C(i, i), C(i, j));  // |cos b|
    out << std::atan2(-e * C(j, k), C(k, k)), std::atan2(e * C(i, k), lock_measure),
        std::atan2(-e * C(i, j), C(i, i));
  }
  if (lock_measure < tol)
    throw SingularityError("rotation sequence '" + sequence + "'",
                           "gimbal lock: the first and third angles are not separately defined "
                           "for this direction-cosine matrix");
  return ordered(out, seq.reversed);
}

Eigen::Vector4d quaternion_from_dcm(const Eigen::Matrix3d& C) {
  check_rotation_matrix(C, "direction-cosine matrix", 1e-6);
  Eigen::Quaterniond q(C);
  Eigen::Vector4d e(q.w(), q.x(), q.y(), q.z());
  return e(0) < 0 ? Eigen::Vector4d(-e) : e;
}

Eigen::Matrix3d dcm_from_quaternion(const Eigen::Vector4d& e, double tol) {
  if (std::abs(e.squaredNorm() - 1) > tol)
    throw ModelError("Euler parameters", "do not have unit norm (e0² + e1² + e2² + e3² = " +
                                             std::to_string(e.squaredNorm()) + ")");
  return Eigen::Quaterniond(e(0), e(1), e(2), e(3)).normalized().toRotationMatrix();
}

Eigen::Vector3d rodrigues_from_quaternion(const Eigen::Vector4d& e, double tol) {
  if (std::abs(e(0)) < tol)
    throw SingularityError("Rodrigues parameters",
                           "undefined for a rotation by 180 degrees (e0 = 0)");
  return e.tail<3>() / e(0);
}

Eigen::Vector4d quaternion_from_rodrigues(const Eigen::Vector3d& rho) {
  const double e0 = 1 / std::sqrt(1 + rho.squaredNorm());
  Eigen::Vector4d e;
  e << e0, rho * e0;
  return e;
}

Eigen::Matrix3d dcm_from_rodrigues(const Eigen::Vector3d& rho) {
  return dcm_from_quaternion(quaternion_from_rodrigues(rho));
}

Eigen::Vector3d rodrigues_from_dcm(const Eigen::Matrix3d& C, double tol) {
  return rodrigues_from_quaternion(quaternion_from_dcm(C), tol);
}

std::string rotation_matrix_defect(const Eigen::Matrix3d& C, double tol) {
  if (!C.allFinite()) return "entries that are not finite numbers";
  const double orthogonality = (C.transpose() * C - Eigen::Matrix3d::Identity()).norm();
  std::ostringstream os;
  if (orthogonality > tol) os << "|CᵀC − I| = " << orthogonality;
  else if (C.determinant() < 0) os << "det C = −1: a reflection";
  return os.str();
}

void check_rotation_matrix(const Eigen::Matrix3d& C, const std::string& object, double tol) {
  if (const auto defect = rotation_matrix_defect(C, tol); !defect.empty())
    throw ModelError(object, "is not a rotation (" + defect + ")");
}

}  // namespace adyn::kin
