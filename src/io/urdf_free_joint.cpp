// Joints of several coordinates (urdf_reader.hpp): the free joint of a floating base or a URDF
// floating joint, and the planar joint — model::add_joint's free and planar joints
// (model/joint.hpp).
#include "urdf_builder.hpp"

namespace adyn::io {

// Position of the child's origin in the joint's frame and Euler parameters of the child's frame
// in it; speeds the origin's velocity and the angular velocity, both in the child's axes, as
// Pinocchio's JointModelFreeFlyer (LOCAL): model::JointType::Free.
void UrdfBuilder::free_joint(const std::string& name, const urdf::Joint* joint, const Anchor& parent, const urdf::Link& child) {
  const std::string tag = joint ? "joint" : "link", owner = joint ? joint->name : child.name;
  RobotJoint record = joint ? record_of(*joint) : RobotJoint{};
  record.name = joint ? joint->name : name, record.type = "floating";
  record.parent = joint ? joint->parent_link_name : doc_.system.inertial_frame().name(), record.child = child.name;
  const auto added = add_joint(model_joint(joint, name, model::JointType::Free, parent, child), tag, owner, child);
  for (const auto& q : added.coordinates) record.coordinates.push_back(q.get_name());
  doc_.setup.initial[added.euler_parameters.front().get_name()] = 1;  // the identity: Σe² = 1 at the start
  if (record.damping != 0 || record.friction != 0)
    doc_.notes.push_back("joint '" + record.name + "': its damping and friction are not applied (a floating joint)");
  doc_.joints.push_back(record);
  add_moving_link(child, record.name);
}

// x, y along the plane normal to the joint's axis and the rotation theta about it:
// model::JointType::Planar.
void UrdfBuilder::planar_joint(const urdf::Joint& joint, const Anchor& parent) {
  const auto& child = *robot_.getLink(joint.child_link_name);
  auto record = record_of(joint);
  const auto added = add_joint(model_joint(&joint, adyn_name(joint.name), model::JointType::Planar, parent, child),
                               "joint", joint.name, child);
  for (const auto& q : added.coordinates) record.coordinates.push_back(q.get_name());
  record.lower.reset(), record.upper.reset(), record.velocity.reset();  // a planar joint's limits bound no one coordinate
  if (record.damping != 0 || record.friction != 0)
    doc_.notes.push_back("joint '" + joint.name + "': its damping and friction are not applied (a planar joint)");
  doc_.joints.push_back(record);
  add_moving_link(child, joint.name);
}

}  // namespace adyn::io
