#pragma once
// A joint of a robot description (URDF, io/urdf_reader.hpp) as read: what the model's coordinate
// and input are named after, and what the equations do not use (limits) or not yet (Coulomb
// friction). `adyn check` lists them.
#include <optional>
#include <string>
#include <vector>

namespace adyn::io {

struct RobotJoint {
  std::string name;                // as in the description
  std::string type;                // revolute, continuous, prismatic, fixed, floating, planar
  std::string parent, child;       // link names, as in the description
  std::string coordinate, input;   // the model's names ("" for a fixed joint, and for the two below)
  std::string speed;               // the speed of `coordinate`: its rate q_d, or q_u with a free joint
  std::vector<std::string> coordinates;  // a floating or planar joint's (it has no input)
  std::optional<double> lower, upper, effort, velocity;  // <limit>: position range, effort and speed bounds
  double damping = 0, friction = 0;                      // <dynamics>
  std::string mimics;              // the joint it mimics ("" for none), q = multiplier q_mimicked + offset
  double multiplier = 1, offset = 0;
};

}  // namespace adyn::io
