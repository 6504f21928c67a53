#pragma once
// Robot descriptions in URDF (the Unified Robot Description Format of ROS), read with urdfdom,
// as a System (docs/urdf.md):
//
// - each link with its own motion is a rigid body named after the link, in a frame of that name
//   whose origin is the point of that name, with its mass centre `<link>_com`;
// - revolute and continuous joints give a coordinate named after the joint (the rotation angle
//   about the joint's axis, any unit vector), prismatic joints the displacement along it; the
//   speeds are their rates; each has an input `tau_<joint>` (a torque about the axis or a force
//   along it, as a generalized force on its coordinate) and, with <dynamics damping>, the load
//   −damping·q̇;
// - a fixed joint merges its child link into the body it hangs from (mass, mass centre, and
//   inertia by the parallel-axis theorem); its frame and point are kept for later children;
// - the root link is fixed to the world: its frame is the inertial frame, its origin the origin,
//   gravity is −g along its z axis (parameter g = 9.81), as Pinocchio's buildModel without a root
//   joint reads a description; or, with UrdfOptions::floating_base, it moves by a free joint;
// - floating joints are free joints (7 coordinates: the position in the joint's frame and Euler
//   parameters; 6 speeds: the child origin's velocity and the angular velocity relative to the
//   parent, in the child's axes: q' = N(q) u, urdf_free_joint.cpp); planar joints give <joint>_x,
//   <joint>_y along the joint's plane and <joint>_theta about its normal (the axis); neither has
//   an input. With a free joint every other joint's speed is declared, <joint>_u = q', and Kane's
//   equations are the document's method;
// - the joint origins' rotations R = Rz(yaw) Ry(pitch) Rx(roll) are constant frames, with every
//   entry within UrdfOptions::snap_tolerance of 0 or ±1 set to exactly that;
// - the tree is stated (model::System::state_parent): the articulated-body algorithm uses it;
// - mimic joints are holonomic constraints q = multiplier·q_mimicked + offset (or, with
//   UrdfOptions::mimic_constraints off, independent joints, as Pinocchio reads them by default);
// - refused with a ModelFileError naming the joint or link (file:line): what urdfdom refuses
//   (a missing link, two roots, an unknown joint type, ...), a cycle of joints, a negative or non-finite mass, a zero axis, a moving link
//   without mass, names that map to one adyn name.
// Names: every character that is not a letter, digit or '_' becomes '_' (and a leading digit gets
// a '_' before it). Limits and Coulomb friction are recorded in ModelDocument::joints and the
// model's joints (model::System::joints: the inputs, damping, friction and limits are
// model/joint_loads.hpp's, as a model file's joints), not used; ModelDocument::notes say what was
// left out. A negative damping or friction is refused.
#include <string>

#include "adyn/io/model_file.hpp"
#include "adyn/io/urdf_options.hpp"

namespace adyn::io {

/// Whether `path` names a URDF file (it ends in .urdf, in any case).
bool is_urdf_path(const std::string& path);

/// Reads a URDF file (the path checks of read_model_document apply).
ModelDocument read_urdf(const std::string& path, const UrdfOptions& options = {});
/// Reads URDF text; `source` names it in error messages.
ModelDocument read_urdf_text(const std::string& xml, const std::string& source, const UrdfOptions& options = {});

}  // namespace adyn::io
