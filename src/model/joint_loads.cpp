// A joint's actuation, passive loads and limits (model/joint_loads.hpp).
#include "adyn/model/joint_loads.hpp"

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/model/joint.hpp"
#include "adyn/model/system.hpp"
#include "adyn/number_text.hpp"
#include "adyn/symbolic/number_forms.hpp"

namespace adyn::model {

namespace {

std::string object_of(const Joint& joint) { return "joint '" + joint.name + "'"; }

// The input of an actuated joint on its coordinate q (and its generalized force), and the damping's.
std::string input_name(const std::string& q) { return "tau_" + q; }
std::string damping_name(const std::string& q) { return "damping_" + q; }

// Finite and not negative: a damping or friction coefficient.
void check_coefficient(const Joint& joint, const std::string& what, double value) {
  if (!std::isfinite(value)) throw ModelError(object_of(joint), "its " + what + " must be a finite number");
  if (value < 0) throw ModelError(object_of(joint), "its " + what + " must be >= 0, got " + number_text(value));
}

void check_limits(const Joint& joint) {
  const auto& l = joint.limits;
  if (!l.lower && !l.upper && !l.velocity) return;
  const std::string object = object_of(joint), type = joint_type_name(joint.type);
  if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic)
    throw ModelError(object, "limits apply to a revolute or prismatic joint (one coordinate), not to a " + type + " joint");
  if (l.lower.has_value() != l.upper.has_value())
    throw ModelError(object, "its limits need both ends of the range, lower and upper");
  for (const auto& end : {l.lower, l.upper, l.velocity})
    if (end && !std::isfinite(*end)) throw ModelError(object, "its limits must be finite numbers");
  if (l.lower && !(*l.lower < *l.upper))
    throw ModelError(object, "its limits need lower < upper, got [" + number_text(*l.lower) + ", " + number_text(*l.upper) +
                                 "] (a joint that cannot move is a fixed joint)");
  if (l.velocity && !(*l.velocity > 0))
    throw ModelError(object, "its speed bound (velocity) must be > 0, got " + number_text(*l.velocity));
}

}  // namespace

void add_load_names(const Joint& joint, JointNames& names) {
  for (const auto& q : names.coordinates) {
    if (joint.actuated) names.inputs.push_back(input_name(q)), names.loads.push_back(input_name(q));
    if (joint.damping != 0) names.loads.push_back(damping_name(q));
  }
}

void check_joint_loads(const Joint& joint) {
  const std::string object = object_of(joint), type = joint_type_name(joint.type);
  const bool euler = declares_speeds(joint.type), fixed = joint.type == JointType::Fixed;
  if (joint.actuated && (euler || fixed))
    throw ModelError(object, "a " + type + " joint cannot be actuated" +
                                 (fixed ? std::string(": it does not move")
                                        : ": its coordinates are Euler parameters; apply a torque to its child"));
  check_coefficient(joint, "damping", joint.damping);
  if (joint.damping != 0 && (euler || fixed))
    throw ModelError(object, "a " + type + " joint takes no damping" +
                                 (fixed ? std::string(": it does not move")
                                        : ": its coordinates are Euler parameters; apply a torque to its child"));
  check_coefficient(joint, "friction", joint.friction);
  if (joint.friction != 0 && fixed) throw ModelError(object, "a fixed joint has no friction: it does not move");
  check_limits(joint);
}

// Generalized forces on each coordinate q with speed u (q' = u): tau_<q> (Kane's generalized
// active force of a torque about, or a force along, the joint's axis) and -d u.
void add_joint_loads(System& system, const Joint& joint, AddedJoint& added) {
  const GiNaC::ex d = sym::exact_decimal(joint.damping);
  JointRecord record{joint.name, joint_type_name(joint.type), joint.parent, joint.child, {}, {}, {}, joint.damping,
                     joint.friction, joint.limits};
  for (const auto& q : added.coordinates) record.coordinates.push_back(q.get_name());
  for (const auto& u : added.speeds) record.speeds.push_back(u.get_name());
  for (std::size_t i = 0; i < added.coordinates.size() && (joint.actuated || joint.damping != 0); ++i) {
    const auto& q = added.coordinates[i];
    if (joint.actuated) {
      const std::string name = input_name(q.get_name());
      added.inputs.push_back(system.add_input(name, 0, system.unit_of(q) == "m" ? "N" : "N m"));
      system.add_generalized_force({name, q, added.inputs.back()});
      record.inputs.push_back(name);
    }
    if (joint.damping != 0) system.add_generalized_force({damping_name(q.get_name()), q, -d * added.speeds.at(i)});
  }
  system.record_joint(record);
}

std::optional<std::string> friction_note(const JointRecord& joint) {
  if (joint.friction == 0) return std::nullopt;
  return "joint '" + joint.name + "': Coulomb friction " + number_text(joint.friction) +
         " ignored (adyn has no regularized friction law yet)";
}

}  // namespace adyn::model
