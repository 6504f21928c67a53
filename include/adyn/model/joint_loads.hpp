#pragma once
// A joint's actuation, passive loads and limits (model::Joint's actuated, damping, friction and
// limits), one definition for the three ways joints are written: a model file's `joints:`,
// Python's System.add_joint and a robot description's joints (io/urdf_reader.hpp). add_joint
// applies them:
//
//   actuated  an input tau_<q> for each coordinate q (tau_<joint> for a revolute or prismatic
//             joint; tau_<joint>_1, _2 for a universal, tau_<joint>_x, _y, _theta for a planar
//             one): a torque (N m) about the joint's axis or a force (N) along it, the generalized
//             force of that name on q
//   damping   d >= 0: the generalized force damping_<q> = -d q' on each coordinate
//   friction  Coulomb friction >= 0: recorded and noted (friction_note), not applied
//   limits    a revolute or prismatic joint's range lower < upper and its speed bound
//             |q'| <= velocity: recorded (System::joints) for the simulation's report
//             (io/joint_limits.hpp), not enforced
//
// A spherical or free joint takes no actuation nor damping (its coordinates are Euler
// parameters: a torque on its child acts through the angular velocity), a fixed joint none of
// these.
#include <optional>
#include <string>
#include <vector>

namespace adyn::model {

class System;
struct Joint;
struct JointNames;
struct AddedJoint;

struct JointLimits {
  std::optional<double> lower, upper;  // the coordinate's range (rad or m): both or neither
  std::optional<double> velocity;      // the bound on |q'| (rad/s or m/s)
};

/// A joint as the system keeps it (System::joints): `adyn check` lists it, and a simulation says
/// when a run leaves its limits.
struct JointRecord {
  std::string name, type;                                // type: joint_type_name
  std::string parent, child;                             // bodies; parent "" for the ground
  std::vector<std::string> coordinates, speeds, inputs;  // inputs: an actuated joint's tau_<q>
  double damping = 0, friction = 0;
  JointLimits limits;
};

/// Sets names.inputs (tau_<q> for each coordinate q of an actuated joint) and names.loads (the
/// generalized forces add_joint_loads adds: tau_<q>, then damping_<q> for a damping not 0,
/// coordinate by coordinate) from names.coordinates. joint_names calls it.
void add_load_names(const Joint& joint, JointNames& names);

/// Throws ModelError naming the joint for: a damping, friction or limit that is not a finite
/// number; a negative damping or friction; a range with one end only or lower >= upper; a speed
/// bound <= 0; limits on a joint that is not revolute or prismatic; actuation or damping on a
/// spherical, free or fixed joint; friction on a fixed joint.
void check_joint_loads(const Joint& joint);

/// Adds the inputs and generalized forces of the joint `added` came from (into added.inputs) and
/// records the joint in the system. add_joint calls it.
void add_joint_loads(System& system, const Joint& joint, AddedJoint& added);

/// "joint 'shoulder': Coulomb friction 0.2 ignored (adyn has no regularized friction law yet)" for
/// a joint with friction; none for one without.
std::optional<std::string> friction_note(const JointRecord& joint);

}  // namespace adyn::model
