#pragma once
// Numeric attitude conversions between the orientation parameterizations of Orientation:
// Euler/Tait–Bryan angles (12 body-fixed, 12 space-fixed sequences), Euler parameters (unit
// quaternion), Rodrigues parameters and the direction-cosine matrix ^A C ^B (Kane's notes §1.5,
// Angeles §1.5). Same conventions as Orientation: active rotations, C's columns are B's basis in
// A components; e0 = cos(θ/2), (e1, e2, e3) = n sin(θ/2); ρ = n tan(θ/2).
//
// Quaternion ↔ matrix work is Eigen's (Eigen::Quaterniond); the Euler-angle extraction is
// Eigen's eulerAngles, with the gimbal-lock configurations detected and reported.
#include <Eigen/Dense>

#include <string>

namespace adyn::kin {

enum class EulerConvention { BodyFixed, SpaceFixed };

/// ^A C ^B of a body-fixed (C = R_i(θ1) R_j(θ2) R_k(θ3)) or space-fixed
/// (C = R_k(θ3) R_j(θ2) R_i(θ1)) sequence such as "313" or "XYZ".
Eigen::Matrix3d dcm_from_euler(const std::string& sequence, EulerConvention convention,
                               const Eigen::Vector3d& angles);

/// Angles (θ1, θ2, θ3) of the sequence that reproduce C. The middle angle is in [0, π] for
/// symmetric sequences (313, ...) and in [−π/2, π/2] for Tait–Bryan ones (123, ...). Throws
/// adyn::SingularityError naming the sequence when C is within `tol` of a gimbal-lock
/// configuration (sin θ2 = 0, resp. cos θ2 = 0), where θ1 and θ3 are not separately defined.
Eigen::Vector3d euler_from_dcm(const std::string& sequence, EulerConvention convention,
                               const Eigen::Matrix3d& C, double tol = 1e-9);

/// Euler parameters (e0, e1, e2, e3) of a proper orthogonal C, with e0 >= 0.
Eigen::Vector4d quaternion_from_dcm(const Eigen::Matrix3d& C);
/// C of Euler parameters; throws adyn::ModelError if they are far from unit norm.
Eigen::Matrix3d dcm_from_quaternion(const Eigen::Vector4d& e, double tol = 1e-6);

/// Rodrigues parameters ρ = e_v / e0; throws adyn::SingularityError near a half turn (e0 → 0).
Eigen::Vector3d rodrigues_from_quaternion(const Eigen::Vector4d& e, double tol = 1e-9);
/// e0 = 1/√(1 + ρ·ρ), e_v = ρ e0.
Eigen::Vector4d quaternion_from_rodrigues(const Eigen::Vector3d& rho);
Eigen::Matrix3d dcm_from_rodrigues(const Eigen::Vector3d& rho);
Eigen::Vector3d rodrigues_from_dcm(const Eigen::Matrix3d& C, double tol = 1e-9);

/// Why C is not a rotation, or "" when it is one: "|CᵀC − I| = 0.3" (not orthonormal: the
/// Frobenius norm beyond `tol`), "det C = −1: a reflection", "entries that are not finite numbers".
std::string rotation_matrix_defect(const Eigen::Matrix3d& C, double tol = 1e-9);
/// Throws adyn::ModelError naming `object` ("is not a rotation (|CᵀC − I| = 0.3)") unless C is
/// orthonormal with det +1 (to `tol`).
void check_rotation_matrix(const Eigen::Matrix3d& C, const std::string& object, double tol = 1e-9);

}  // namespace adyn::kin
