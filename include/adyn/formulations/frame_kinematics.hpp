#pragma once
// The pose and the Jacobian of a named frame of a model, in the inertial frame N: what a robot's
// user asks of its links (Pinocchio's oMf and computeFrameJacobian). The frame F and its origin P:
//
//     R = ^N C ^F  (3 × 3: [v]_N = R [v]_F),        p = [r^{P/O}]_N  (O the system's origin),
//     J = ∂(^Nω^F, ^N v^P)/∂u  (6 × p, rows angular then linear, both in N's basis),
//
// so that (ω; v) = J u + (the terms of a motion given in time). The convention is Pinocchio's
// LOCAL_WORLD_ALIGNED with the angular rows first (Pinocchio puts the linear ones first).
// ω by the addition theorem (Kane, Dynamics: Theory and Applications, 1985, (2.4.1)) and v of
// P's positions (Kane (2.6.1)), both in the speeds (model::System::in_speeds).
#include <ginac/ginac.h>

#include <string>

#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct FrameKinematics {
  std::string frame, origin;  // the frame F and the point P at its origin
  GiNaC::matrix rotation;     // R, 3 × 3
  GiNaC::matrix position;     // p, 3 × 1
  GiNaC::matrix jacobian;     // J, 6 × p
};

/// `name` is a frame with a point of the same name at its origin (a URDF link's frame and origin),
/// or else a rigid body (its frame, and its mass centre as the origin). Throws adyn::ModelError
/// naming `name` when it is neither (with the frames and bodies the system has, as far as a line
/// allows).
FrameKinematics frame_kinematics(const model::System& system, const std::string& name);

}  // namespace adyn::formulations
