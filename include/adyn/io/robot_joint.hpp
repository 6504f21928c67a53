#pragma once
// A joint as `adyn check` lists it: a robot description's (URDF, io/urdf_reader.hpp) as read —
// what the model's coordinate and input are named after, and what the equations do not use
// (limits) or not yet (Coulomb friction) — or a model's joint (model/joint_loads.hpp).
#include <optional>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::io {

struct RobotJoint {
  std::string name;                // as in the description
  std::string type;                // revolute, continuous, prismatic, fixed, floating, planar
  std::string parent, child;       // link names, as in the description
  std::string coordinate, input;   // the model's names ("" for a fixed joint, and for the two below)
  std::string speed;               // the speed of `coordinate`: its rate q_d, or q_u with a free joint
  std::vector<std::string> coordinates;  // a joint's of several coordinates (a URDF's floating or planar joint)
  std::vector<std::string> inputs;       // its inputs when it is actuated (a URDF's: none)
  std::optional<double> lower, upper, effort, velocity;  // <limit>: position range, effort and speed bounds
  double damping = 0, friction = 0;                      // <dynamics>
  std::string mimics;              // the joint it mimics ("" for none), q = multiplier q_mimicked + offset
  double multiplier = 1, offset = 0;
};

/// The system's joints (System::joints) as listed: names of bodies as in the model, the ground
/// as the inertial frame's name, the model's joint types.
std::vector<RobotJoint> model_joints(const model::System& system);

}  // namespace adyn::io
