#pragma once
// How a robot description (URDF) is read (urdf_reader.hpp, docs/urdf.md).

namespace adyn::io {

struct UrdfOptions {
  /// Mimic joints as holonomic constraints (true) or as independent joints (false).
  bool mimic_constraints = true;
  /// The root link floating, as Pinocchio's buildModel(urdf, JointModelFreeFlyer()): a free joint
  /// 'root' from the world (frame and point "world") with the coordinates root_x, root_y, root_z
  /// (the root link's origin in the world) and root_e0..root_e3 (its Euler parameters, e0 the
  /// scalar), and the speeds root_vx, root_vy, root_vz (its origin's velocity) and root_wx, root_wy,
  /// root_wz (its angular velocity), both in the root link's axes, Pinocchio's (v, ω) (LOCAL).
  bool floating_base = false;
  /// Rotation-matrix and axis entries within this of 0, 1 or −1 are read as exactly that.
  double snap_tolerance = 1e-10;
};

}  // namespace adyn::io
