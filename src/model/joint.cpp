// Joints (model/joint.hpp): the child's frame, origin point, coordinates and speeds of each type.
#include "adyn/model/joint.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "adyn/error.hpp"
#include "adyn/kinematics/orientation.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::model {

using GiNaC::ex;
using GiNaC::matrix;

namespace {

const std::vector<std::pair<JointType, std::string>>& types() {
  static const std::vector<std::pair<JointType, std::string>> all = {
      {JointType::Revolute, "revolute"}, {JointType::Prismatic, "prismatic"}, {JointType::Universal, "universal"},
      {JointType::Planar, "planar"},     {JointType::Spherical, "spherical"}, {JointType::Free, "free"},
      {JointType::Fixed, "fixed"}};
  return all;
}

matrix identity() { return matrix(3, 3, GiNaC::lst{1, 0, 0, 0, 1, 0, 0, 0, 1}); }

ex dot(const matrix& a, const matrix& b) { return a.transpose().mul(b)(0, 0); }

matrix cross(const matrix& a, const matrix& b) {
  return matrix(3, 1, GiNaC::lst{a(1, 0) * b(2, 0) - a(2, 0) * b(1, 0), a(2, 0) * b(0, 0) - a(0, 0) * b(2, 0),
                                 a(0, 0) * b(1, 0) - a(1, 0) * b(0, 0)});
}

// a / |a|, exactly a when |a|² is exactly 1 (as kin::Orientation::axis).
matrix unit(const matrix& a) {
  const ex norm2 = dot(a, a);
  return (norm2 - 1).is_zero() ? a : a.mul_scalar(1 / GiNaC::sqrt(norm2));
}

// Two unit vectors e1, e2 of the plane normal to the unit vector n, with e1 × e2 = n: the joint
// frame's x (else y) axis projected onto the plane.
std::pair<matrix, matrix> plane_axes(const matrix& n, const GiNaC::exmap& values) {
  const bool along_x = std::abs(sym::evaluate(n(0, 0), values)) >= 0.9;
  const matrix a(3, 1, GiNaC::lst{along_x ? 0 : 1, along_x ? 1 : 0, 0});
  const matrix e1 = unit(a.sub(n.mul_scalar(dot(a, n))));
  return {e1, cross(n, e1)};
}

std::vector<std::string> suffixed(const std::string& name, std::initializer_list<const char*> suffixes) {
  std::vector<std::string> out;
  for (const char* s : suffixes) out.push_back(name + "_" + s);
  return out;
}

std::vector<std::string> coordinate_names(const Joint& j) {
  switch (j.type) {
    case JointType::Revolute:
    case JointType::Prismatic: return {j.name};
    case JointType::Universal: return suffixed(j.name, {"1", "2"});
    case JointType::Planar: return suffixed(j.name, {"x", "y", "theta"});
    case JointType::Spherical: return suffixed(j.name, {"e0", "e1", "e2", "e3"});
    case JointType::Free: return suffixed(j.name, {"x", "y", "z", "e0", "e1", "e2", "e3"});
    case JointType::Fixed: return {};
  }
  return {};
}

bool is_identity(const matrix& R) {
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned k = 0; k < 3; ++k)
      if (!(R(i, k) - (i == k ? 1 : 0)).is_zero()) return false;
  return true;
}

// The checks of add_joint on the joint alone and on where it hangs.
void check(const System& system, const Joint& j, const std::string& object) {
  if (j.name.empty()) throw ModelError("joint", "needs a name");
  if (j.child.empty()) throw ModelError(object, "needs a child body");
  if (j.child == j.parent) throw ModelError(object, "its child '" + j.child + "' cannot hang from itself");
  const auto& stated = system.stated_parents();
  if (!j.parent.empty() && stated.count(j.parent) == 0)
    throw ModelError(object, "its parent '" + j.parent + "' is neither the ground nor the child of a joint");
  if (const auto it = stated.find(j.child); it != stated.end())
    throw ModelError(object, "its child '" + j.child + "' already hangs from " +
                                 (it->second.empty() ? std::string("the ground") : "'" + it->second + "'") +
                                 " by another joint: a body has one parent joint");
  const auto values = system.parameter_values();
  auto check_axis = [&](const matrix& a, const std::string& what) {
    if (a.rows() != 3 || a.cols() != 1) throw ModelError(object, "its " + what + " must have three components");
    try {
      if (sym::evaluate(dot(a, a), values) < 1e-24) throw ModelError(object, "its " + what + " is the zero vector");
    } catch (const ModelError&) {
      throw;
    } catch (const Error&) {
      throw ModelError(object, "its " + what + " must be a constant vector (numbers, or parameters with values)");
    }
  };
  if (takes_axis(j.type)) check_axis(j.axis, "axis");
  if (j.type == JointType::Universal) check_axis(j.second_axis, "second axis");
  if (j.translation.rows() != 3 || j.translation.cols() != 1)
    throw ModelError(object, "its translation must have three components");
  if (j.rotation.rows() != 3 || j.rotation.cols() != 3) throw ModelError(object, "its rotation must be a 3x3 matrix");
  try {  // (a matrix of numbers that is no rotation is refused by Orientation::dcm already)
    if (const auto defect = kin::Orientation::dcm(j.rotation).rotation_defect(values); !defect.empty())
      throw ModelError(object, "its origin rotation: " + defect.text());
  } catch (const ModelError& e) {
    if (e.object() == object) throw;
    throw ModelError(object, std::string("its origin rotation: ") + e.what());
  }
}

class JointBuilder {
 public:
  JointBuilder(System& system, const Joint& joint, bool declared)
      : s_(system),
        j_(joint),
        declared_(declared),
        parent_frame_(joint.parent.empty() ? system.inertial_frame() : system.frame(joint.parent)),
        joint_frame_(parent_frame_),
        out_{kin::ReferenceFrame(joint.child), kin::Point(joint.child), {}, {}, {}, {}} {}

  AddedJoint build() {
    const auto names = joint_names(j_, declared_);
    for (const auto& q : names.coordinates) out_.coordinates.push_back(s_.add_coordinate(q));
    const kin::Point parent_origin = j_.parent.empty() ? s_.origin() : s_.point(j_.parent);
    if (!is_identity(j_.rotation)) {
      joint_frame_ = kin::ReferenceFrame(j_.name + "_origin");
      joint_frame_.orient_dcm(parent_frame_, j_.rotation);
      s_.add_frame(joint_frame_);
    }
    const kin::Vector relative = orient_child();
    s_.add_frame(out_.frame);
    out_.origin.set_position(parent_origin, kin::Vector(parent_frame_, j_.translation) + relative);
    s_.add_point(out_.origin);
    add_speeds(names.speeds);
    s_.state_parent(j_.child, j_.parent);
    return out_;
  }

 private:
  const std::vector<GiNaC::symbol>& q() const { return out_.coordinates; }

  // Orients the child's frame; returns the child's origin from the joint's (the part that moves).
  kin::Vector orient_child() {
    const kin::ReferenceFrame J = joint_frame_;
    kin::ReferenceFrame& C = out_.frame;
    const matrix axis = unit(j_.axis);
    switch (j_.type) {
      case JointType::Revolute: C.orient_axis(J, kin::Vector(J, axis), q()[0]); return {};
      case JointType::Prismatic: C.orient_dcm(J, identity()); return kin::Vector(C, axis.mul_scalar(q()[0]));
      case JointType::Fixed: C.orient_dcm(J, identity()); return {};
      case JointType::Universal: {
        kin::ReferenceFrame cross(j_.name + "_cross");
        cross.orient_axis(J, kin::Vector(J, axis), q()[0]);
        s_.add_frame(cross);
        C.orient_axis(cross, kin::Vector(cross, unit(j_.second_axis)), q()[1]);
        return {};
      }
      case JointType::Planar: {
        C.orient_axis(J, kin::Vector(J, axis), q()[2]);
        const auto [e1, e2] = plane_axes(axis, s_.parameter_values());
        return kin::Vector(J, e1.mul_scalar(q()[0]).add(e2.mul_scalar(q()[1])));
      }
      case JointType::Spherical:
      case JointType::Free: return orient_by_euler_parameters();
    }
    return {};
  }

  // C by Euler parameters e in J, with ω declared in C's axes.
  kin::Vector orient_by_euler_parameters() {
    const bool free = j_.type == JointType::Free;
    const std::size_t k = free ? 3 : 0;
    for (std::size_t i = 0; i < 4; ++i) out_.euler_parameters.push_back(q()[k + i]);
    const auto& e = out_.euler_parameters;
    const matrix omega(3, 1, GiNaC::lst{sym_speed(free ? 3 : 0), sym_speed(free ? 4 : 1), sym_speed(free ? 5 : 2)});
    out_.frame.orient(joint_frame_, kin::Orientation::quaternion({e[0], e[1], e[2], e[3]}, omega));
    if (!free) return {};
    return kin::Vector(joint_frame_, matrix(3, 1, GiNaC::lst{q()[0], q()[1], q()[2]}));
  }

  // The declared speeds of a spherical or free joint are made before the frame needs them.
  GiNaC::ex sym_speed(std::size_t i) {
    if (declared_speed_symbols_.empty()) {
      const auto names = joint_names(j_, true).speeds;
      for (const auto& name : names) declared_speed_symbols_.push_back(s_.add_speed(name));
    }
    return declared_speed_symbols_.at(i);
  }

  void add_speeds(const std::vector<std::string>& names) {
    const bool euler = !out_.euler_parameters.empty();
    if (euler) {
      out_.speeds = declared_speed_symbols_;
      set_euler_rates();
    } else if (declared_) {
      for (std::size_t i = 0; i < names.size(); ++i) {
        out_.speeds.push_back(s_.add_speed(names[i]));
        s_.set_coordinate_rate(q()[i], out_.speeds.back());
      }
    } else {
      for (const auto& c : q()) out_.speeds.push_back(sym::derivative_of(c));
    }
    set_units();
  }

  // ṙ = ^J C ^C(e) v, ė = ½ G(e) ω (Kane, Likins & Levinson 1983 §1.13).
  void set_euler_rates() {
    const auto& u = out_.speeds;
    const bool free = j_.type == JointType::Free;
    const std::size_t w = free ? 3 : 0;
    const matrix omega(3, 1, GiNaC::lst{u[w], u[w + 1], u[w + 2]});
    const matrix edot = out_.frame.orientation().rates_from_angular_velocity(omega);
    for (unsigned i = 0; i < 4; ++i) s_.set_coordinate_rate(out_.euler_parameters[i], edot(i, 0));
    if (!free) return;
    const matrix rdot = sym::product(out_.frame.orientation().dcm(), matrix(3, 1, GiNaC::lst{u[0], u[1], u[2]}));
    for (unsigned i = 0; i < 3; ++i) s_.set_coordinate_rate(q()[i], rdot(i, 0));
  }

  void set_units() {
    const bool euler = !out_.euler_parameters.empty();
    for (std::size_t i = 0; i < q().size(); ++i) {
      const bool length = j_.type == JointType::Prismatic || (j_.type == JointType::Planar && i < 2) ||
                          (j_.type == JointType::Free && i < 3);
      const bool angle = !length && !(euler && std::find(out_.euler_parameters.begin(), out_.euler_parameters.end(),
                                                         q()[i]) != out_.euler_parameters.end());
      if (length || angle) s_.set_unit(q()[i], length ? "m" : "rad");
      if (!euler && declared_) s_.set_unit(out_.speeds[i], length ? "m/s" : "rad/s");
    }
    if (!euler) return;
    for (std::size_t i = 0; i < out_.speeds.size(); ++i)
      s_.set_unit(out_.speeds[i], j_.type == JointType::Free && i < 3 ? "m/s" : "rad/s");
  }

  System& s_;
  const Joint& j_;
  bool declared_;
  kin::ReferenceFrame parent_frame_, joint_frame_;
  AddedJoint out_;
  std::vector<GiNaC::symbol> declared_speed_symbols_;
};

bool uses_declared_speeds(const System& system, const Joint& joint, JointSpeeds speeds, const std::string& object) {
  const bool system_declares = !system.coordinate_rates().empty();
  const bool declared = speeds == JointSpeeds::Declared ||
                        (speeds == JointSpeeds::Automatic && (declares_speeds(joint.type) || system_declares));
  if (declares_speeds(joint.type) && speeds == JointSpeeds::Rates)
    throw ModelError(object, "a " + joint_type_name(joint.type) + " joint's speeds are declared (its body-axis angular "
                             "velocity), not rates");
  if (declares_speeds(joint.type) && !system_declares && !system.coordinates().empty())
    throw ModelError(object, "a " + joint_type_name(joint.type) + " joint declares its speeds, and the system's "
                             "coordinates have their rates as speeds: add the joints together (add_joints), or the "
                             "spherical and free joints first");
  return declared;
}

}  // namespace

const std::vector<std::string>& joint_type_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& [type, name] : types()) out.push_back(name);
    return out;
  }();
  return names;
}

std::string joint_type_name(JointType type) {
  for (const auto& [t, name] : types())
    if (t == type) return name;
  return "joint";
}

std::optional<JointType> joint_type_named(const std::string& name) {
  for (const auto& [type, n] : types())
    if (n == name) return type;
  return std::nullopt;
}

bool declares_speeds(JointType type) { return type == JointType::Spherical || type == JointType::Free; }

bool takes_axis(JointType type) {
  return type == JointType::Revolute || type == JointType::Prismatic || type == JointType::Universal ||
         type == JointType::Planar;
}

JointNames joint_names(const Joint& joint, bool declared_speeds) {
  JointNames names;
  names.coordinates = coordinate_names(joint);
  if (joint.type == JointType::Spherical) names.speeds = suffixed(joint.name, {"wx", "wy", "wz"});
  else if (joint.type == JointType::Free) names.speeds = suffixed(joint.name, {"vx", "vy", "vz", "wx", "wy", "wz"});
  else if (declared_speeds)
    for (const auto& q : names.coordinates) names.speeds.push_back(q + "_u");
  if (!is_identity(joint.rotation)) names.frames.push_back(joint.name + "_origin");
  if (joint.type == JointType::Universal) names.frames.push_back(joint.name + "_cross");
  add_load_names(joint, names);
  names.frames.push_back(joint.child);
  names.points.push_back(joint.child);
  return names;
}

AddedJoint add_joint(System& system, const Joint& joint, JointSpeeds speeds) {
  const std::string object = "joint '" + joint.name + "'";
  check(system, joint, object);
  check_joint_loads(joint);
  const bool declared = uses_declared_speeds(system, joint, speeds, object);
  try {
    auto added = JointBuilder(system, joint, declared).build();
    add_joint_loads(system, joint, added);
    return added;
  } catch (const ModelError& e) {
    throw ModelError(object, e.what());
  }
}

std::vector<AddedJoint> add_joints(System& system, const std::vector<Joint>& joints) {
  std::map<std::string, const Joint*> moved_by;  // child -> its joint
  bool declared = !system.coordinate_rates().empty();
  for (const auto& j : joints) {
    if (const auto [it, added] = moved_by.emplace(j.child, &j); !added)
      throw ModelError("joint '" + j.name + "'", "its child '" + j.child + "' is moved by joint '" + it->second->name +
                                                     "' too: a body has one parent joint");
    declared = declared || declares_speeds(j.type);
  }
  for (const auto& j : joints) {  // a cycle: the parents up from j come back to j's child
    std::vector<std::string> path = {j.name};
    for (auto it = moved_by.find(j.parent); it != moved_by.end(); it = moved_by.find(it->second->parent)) {
      if (it->second == &j) {
        std::string chain;
        for (const auto& name : path) chain += name + " -> ";
        throw ModelError("joint '" + j.name + "'", "it closes a cycle of joints (" + chain + j.name +
                                                       "): joints state a tree");
      }
      if (path.size() > joints.size()) break;  // a cycle above j, reported at its own joints
      path.push_back(it->second->name);
    }
  }
  std::vector<AddedJoint> added;
  std::vector<const Joint*> pending;
  for (const auto& j : joints) pending.push_back(&j);
  while (!pending.empty()) {  // parents first, in the given order otherwise
    const auto ready = std::find_if(pending.begin(), pending.end(), [&](const Joint* j) {
      return j->parent.empty() || system.stated_parents().count(j->parent) || !moved_by.count(j->parent);
    });
    if (ready == pending.end()) throw Error("add_joints: no joint's parent is ready (a cycle the check missed)");
    added.push_back(add_joint(system, **ready, declared ? JointSpeeds::Declared : JointSpeeds::Rates));
    pending.erase(ready);
  }
  return added;
}

}  // namespace adyn::model
