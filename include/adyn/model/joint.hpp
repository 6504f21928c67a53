#pragma once
// Joints: a child body moved relative to its parent body (or the ground) by the joint's own
// coordinates, with a constant origin transform. Adding a joint to a System creates its
// coordinates and speeds, the child's frame and origin point (both named after the child), and
// states the tree (System::state_parent): the articulated-body algorithm takes it as given.
//
// The joint frame J is fixed in the parent's frame P, at `translation` (P's axes) from the
// parent's origin point and turned by `rotation` = ^P C ^J; J is P itself when the rotation is the
// identity, else a frame `<joint>_origin`. The child's frame C and origin point, per type:
//
//   revolute   C turned by q about `axis` (in J); origin at J's            q = <joint>
//   prismatic  C = J's orientation; origin at J's + q axis                 q = <joint>
//   universal  `<joint>_cross` turned by q1 about `axis` (in J), then C    q = <joint>_1, <joint>_2
//              by q2 about `second_axis` (in the cross)
//   planar     C turned by θ about the normal `axis`; origin at J's +      q = <joint>_x, _y, _theta
//              x e1 + y e2, (e1, e2, axis) right-handed in J
//   spherical  C oriented by Euler parameters e; origin at J's             q = <joint>_e0.._e3
//   free       C by Euler parameters e; origin at J's + r (in J)           q = <joint>_x, _y, _z, _e0.._e3
//   fixed      C = J; origin at J's                                        (none)
//
// Speeds: the rates q̇ (named q_d), or declared speeds `<q>_u` with q̇ = u. Spherical and free
// joints always declare theirs: the angular velocity ^Jω^C in C's axes (<joint>_wx, _wy, _wz) and,
// for the free joint, the origin's velocity in J, in C's axes (<joint>_vx, _vy, _vz), with the
// kinematic equations ṙ = ^J C ^C(e) v, ė = ½ G(e) ω (Kane, Likins & Levinson 1983 §1.13), as
// Pinocchio's free flyer (LOCAL). A system with such a joint declares every joint's speeds.
//
// Actuation, damping, Coulomb friction and limits: model/joint_loads.hpp. The system records each
// joint added (System::joints).
#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/model/joint_loads.hpp"

namespace adyn::model {

class System;

enum class JointType { Revolute, Prismatic, Universal, Planar, Spherical, Free, Fixed };

/// "revolute", "prismatic", "universal", "planar", "spherical", "free", "fixed".
const std::vector<std::string>& joint_type_names();
std::string joint_type_name(JointType type);
std::optional<JointType> joint_type_named(const std::string& name);
/// Spherical and free joints: their speeds are declared, not rates.
bool declares_speeds(JointType type);
/// Whether the type takes `axis` (revolute, prismatic, universal, planar) and `second_axis` (universal).
bool takes_axis(JointType type);

struct Joint {
  std::string name;
  JointType type = JointType::Revolute;
  std::string parent;  // a body, the child of a joint added before; "" for the ground
  std::string child;   // the body it moves
  GiNaC::matrix translation = GiNaC::matrix(3, 1);                                    // in P's axes
  GiNaC::matrix rotation = GiNaC::matrix(3, 3, GiNaC::lst{1, 0, 0, 0, 1, 0, 0, 0, 1});  // ^P C ^J
  GiNaC::matrix axis = GiNaC::matrix(3, 1, GiNaC::lst{0, 0, 1});         // in J (planar: the normal)
  GiNaC::matrix second_axis = GiNaC::matrix(3, 1, GiNaC::lst{0, 1, 0});  // universal: in the cross
  // model/joint_loads.hpp:
  bool actuated = false;  // an input tau_<q> on each coordinate q
  double damping = 0;     // viscous: the generalized force -damping q' on each coordinate
  double friction = 0;    // Coulomb: recorded and noted, not applied
  JointLimits limits;     // revolute, prismatic: recorded (a run that leaves them is reported), not enforced
};

/// Whether a joint's speeds are its rates or declared (JointSpeeds::Automatic: declared for a
/// spherical or free joint and in a system that declares speeds, else the rates).
enum class JointSpeeds { Automatic, Rates, Declared };

/// The names add_joint gives: symbols (coordinates, then declared speeds, then inputs), loads
/// (generalized forces), frames and points.
struct JointNames {
  std::vector<std::string> coordinates, speeds, inputs, loads, frames, points;
};
JointNames joint_names(const Joint& joint, bool declared_speeds);

struct AddedJoint {
  kin::ReferenceFrame frame;  // the child's
  kin::Point origin;          // the child's origin
  std::vector<GiNaC::symbol> coordinates, speeds;
  std::vector<GiNaC::symbol> euler_parameters;  // spherical, free: e0..e3 (e0 = 1 is the identity)
  std::vector<GiNaC::symbol> inputs;            // an actuated joint's tau_<q>
};

/// Adds the joint. Throws ModelError naming the joint for: an empty name or child, a parent that
/// is not the ground nor the child of a joint added before, a child that already has a parent
/// joint, an axis that is not a nonzero constant vector, a rotation that is not one (CᵀC ≠ 1 or
/// det C ≠ 1 with the parameters' values), a name in use, loads or limits that check_joint_loads
/// refuses, and for a spherical or free joint whose speeds cannot be declared (JointSpeeds::Rates,
/// or a system whose coordinates have rates as speeds). Adds the joint's inputs and generalized
/// forces (add_joint_loads) and records it (System::joints).
AddedJoint add_joint(System& system, const Joint& joint, JointSpeeds speeds = JointSpeeds::Automatic);

/// Adds joints in any order: parents first (ModelError naming a joint that closes a cycle, whose
/// parent no joint creates, or whose child another joint moves); every speed declared when one
/// of them is a spherical or free joint.
std::vector<AddedJoint> add_joints(System& system, const std::vector<Joint>& joints);

}  // namespace adyn::model
