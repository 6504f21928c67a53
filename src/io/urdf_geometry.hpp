#pragma once
// The numeric geometry of a URDF: rigid transforms of joint origins, their composition along
// fixed joints, rotation matrices snapped to exact 0 and ±1, and the mass properties of links
// merged into the body they are fixed to (parallel-axis theorem).
#include <Eigen/Dense>

#include <ginac/ginac.h>

namespace urdf {
class Pose;
class Inertial;
}  // namespace urdf

namespace adyn::io::urdf_geometry {

/// x_parent = R x_child + p: a child frame's orientation (columns: its basis in the parent's) and
/// origin in its parent.
struct Transform {
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
  Eigen::Vector3d p = Eigen::Vector3d::Zero();
};

/// A URDF <origin xyz rpy>: R = Rz(yaw) Ry(pitch) Rx(roll) (fixed axes x, y, z), from urdfdom's
/// unit quaternion of the rpy angles.
Transform transform_of(const urdf::Pose& pose);
/// a then b: the frame b locates in a's child frame, located in a's parent.
Transform compose(const Transform& a, const Transform& b);

/// `m` with every entry within `tolerance` of 0, 1 or −1 set to exactly that: the sines and
/// cosines of a rounded π/2 (1.57079632679) are 5e-12 from 0 and 1.
Eigen::Matrix3d snapped(const Eigen::Matrix3d& m, double tolerance);
/// v with every entry within `tolerance` of 0, 1 or −1 set to exactly that.
Eigen::Vector3d snapped(const Eigen::Vector3d& v, double tolerance);

/// Mass, mass centre and the inertia tensor about the mass centre, in one frame.
struct MassProperties {
  double mass = 0;
  Eigen::Vector3d center = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();
};
/// A link's <inertial> in the link's frame: I_link = R I_inertial Rᵀ with R its origin's rotation.
MassProperties mass_properties_of(const urdf::Inertial& inertial);
/// `m` given in a frame located by `t`, expressed in t's parent.
MassProperties moved(const MassProperties& m, const Transform& t);
/// Two rigidly joined parts as one: mass centre the mass-weighted mean, inertia about it by the
/// parallel-axis theorem, I = Σ I_i + m_i (|d_i|² 1 − d_i d_iᵀ) with d_i from the new centre.
MassProperties combined(const MassProperties& a, const MassProperties& b);

}  // namespace adyn::io::urdf_geometry
