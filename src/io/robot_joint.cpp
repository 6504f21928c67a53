// The model's joints as `adyn check` lists them (robot_joint.hpp).
#include "adyn/io/robot_joint.hpp"

namespace adyn::io {

std::vector<RobotJoint> model_joints(const model::System& system) {
  std::vector<RobotJoint> out;
  for (const auto& j : system.joints()) {
    RobotJoint r;
    r.name = j.name, r.type = j.type, r.child = j.child;
    r.parent = j.parent.empty() ? system.inertial_frame().name() : j.parent;
    if (j.coordinates.size() == 1) {
      r.coordinate = j.coordinates.front(), r.speed = j.speeds.front();
      r.input = j.inputs.empty() ? "" : j.inputs.front();
    } else {
      r.coordinates = j.coordinates, r.inputs = j.inputs;
    }
    r.lower = j.limits.lower, r.upper = j.limits.upper, r.velocity = j.limits.velocity;
    r.damping = j.damping, r.friction = j.friction;
    out.push_back(r);
  }
  return out;
}

}  // namespace adyn::io
