// Joints of several coordinates (urdf_reader.hpp): the free joint of a floating base or a URDF
// floating joint, and the planar joint.
#include <array>

#include "adyn/symbolic/matrix.hpp"
#include "urdf_builder.hpp"

namespace adyn::io {

using GiNaC::matrix;
using urdf_geometry::Transform;

namespace {

const std::array<const char*, 3> xyz = {"x", "y", "z"};

matrix column_of(const std::array<GiNaC::symbol, 3>& s) { return matrix(3, 1, GiNaC::lst{s[0], s[1], s[2]}); }

matrix numbers(const Eigen::Vector3d& v) {
  return matrix(3, 1, GiNaC::lst{urdf_geometry::number(v(0)), urdf_geometry::number(v(1)), urdf_geometry::number(v(2))});
}

// Two unit vectors e1, e2 of the plane normal to the unit vector n, with e1 × e2 = n: the joint
// frame's x (else y) axis projected onto the plane.
std::pair<Eigen::Vector3d, Eigen::Vector3d> plane_axes(const Eigen::Vector3d& n) {
  const Eigen::Vector3d a = std::abs(n.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
  const Eigen::Vector3d e1 = (a - a.dot(n) * n).normalized();
  return {e1, n.cross(e1)};
}

}  // namespace

// Position r of the child's origin in the joint's frame O and Euler parameters e of the child's
// frame B in O; speeds v (the origin's velocity in O) and ω (^Oω^B), both in B's axes, as
// Pinocchio's JointModelFreeFlyer (LOCAL). Kinematic equations (Kane, Likins & Levinson 1983
// §1.13): ṙ = ^O C ^B(e) v, ė = ½ G(e) ω; they keep Σe² constant (d/dt Σe² = eᵀ G ω = 0).
void UrdfBuilder::free_joint(const std::string& name, const urdf::Joint* joint, const Anchor& parent, const urdf::Link& child) {
  auto& system = doc_.system;
  const std::string tag = joint ? "joint" : "link", owner = joint ? joint->name : child.name;
  auto claim = [&](const std::string& suffix) { return symbols_.claim(name + "_" + suffix, tag, owner); };
  std::array<GiNaC::symbol, 3> r, v, w;
  std::array<GiNaC::symbol, 4> e;
  RobotJoint record = joint ? record_of(*joint) : RobotJoint{};
  record.name = joint ? joint->name : name, record.type = "floating";
  record.parent = joint ? joint->parent_link_name : system.inertial_frame().name(), record.child = child.name;
  for (unsigned i = 0; i < 3; ++i) system.set_unit(r[i] = system.add_coordinate(claim(xyz[i])), "m");
  for (unsigned i = 0; i < 4; ++i) e[i] = system.add_coordinate(claim("e" + std::to_string(i)));
  for (unsigned i = 0; i < 3; ++i) system.set_unit(v[i] = system.add_speed(claim(std::string("v") + xyz[i])), "m/s");
  for (unsigned i = 0; i < 3; ++i) system.set_unit(w[i] = system.add_speed(claim(std::string("w") + xyz[i])), "rad/s");
  for (const auto& q : r) record.coordinates.push_back(q.get_name());
  for (const auto& q : e) record.coordinates.push_back(q.get_name());
  doc_.setup.initial[e[0].get_name()] = 1;  // the identity: Σe² = 1 at the start

  const Transform origin =
      joint ? urdf_geometry::compose(parent.T, urdf_geometry::transform_of(joint->parent_to_joint_origin_transform)) : Transform{};
  const kin::ReferenceFrame O = joint_frame(name, owner, parent.body, snapped_rotation(origin.R));
  kin::ReferenceFrame frame(frames_.claim(adyn_name(child.name), "link", child.name));
  const matrix omega = column_of(w);
  frame.orient(O, kin::Orientation::quaternion({e[0], e[1], e[2], e[3]}, omega));
  system.add_frame(frame);
  kin::Point point(points_.claim(adyn_name(child.name), "link", child.name));
  point.set_position(body_point(parent.body), kin::Vector(body_frame(parent.body), numbers(origin.p)) + kin::Vector(O, column_of(r)));
  system.add_point(point);

  const matrix rdot = sym::product(frame.orientation().dcm(), column_of(v));
  const matrix edot = frame.orientation().rates_from_angular_velocity(omega);
  for (unsigned i = 0; i < 3; ++i) system.set_coordinate_rate(r[i], rdot(i, 0));
  for (unsigned i = 0; i < 4; ++i) system.set_coordinate_rate(e[i], edot(i, 0));
  if (record.damping != 0 || record.friction != 0)
    doc_.notes.push_back("joint '" + record.name + "': its damping and friction are not applied (a floating joint)");
  doc_.joints.push_back(record);
  add_moving_link(child, parent.body, record.name);
}

// x, y along the plane normal to the joint's axis n (e1, e2 of plane_axes, in the joint's frame)
// and the rotation theta about n.
void UrdfBuilder::planar_joint(const urdf::Joint& joint, const Anchor& parent) {
  auto& system = doc_.system;
  Eigen::Vector3d n(joint.axis.x, joint.axis.y, joint.axis.z);
  if (!n.allFinite() || n.norm() < 1e-12) source_.fail("joint", joint.name, "its axis must be a nonzero vector");
  n = urdf_geometry::snapped(Eigen::Vector3d(n.normalized()), options_.snap_tolerance);
  const std::string name = adyn_name(joint.name);
  auto record = record_of(joint);
  std::array<GiNaC::symbol, 3> q;
  const std::array<std::string, 3> suffix = {"x", "y", "theta"};
  for (unsigned i = 0; i < 3; ++i) {
    q[i] = system.add_coordinate(symbols_.claim(name + "_" + suffix[i], "joint", joint.name));
    system.set_unit(q[i], i < 2 ? "m" : "rad");
    add_speed_of(q[i], joint.name);
    record.coordinates.push_back(q[i].get_name());
  }
  record.lower.reset(), record.upper.reset(), record.velocity.reset();  // a planar joint's limits bound no one coordinate
  if (record.damping != 0 || record.friction != 0)
    doc_.notes.push_back("joint '" + joint.name + "': its damping and friction are not applied (a planar joint)");
  doc_.joints.push_back(record);

  const Transform origin = urdf_geometry::compose(parent.T, urdf_geometry::transform_of(joint.parent_to_joint_origin_transform));
  const kin::ReferenceFrame O = joint_frame(name, joint.name, parent.body, snapped_rotation(origin.R));
  const auto& child = *robot_.getLink(joint.child_link_name);
  kin::ReferenceFrame frame(frames_.claim(adyn_name(child.name), "link", child.name));
  frame.orient_axis(O, kin::Vector(O, numbers(n)), q[2]);
  system.add_frame(frame);
  const auto [e1, e2] = plane_axes(n);
  const matrix in_plane = numbers(urdf_geometry::snapped(e1, options_.snap_tolerance))
                              .mul_scalar(q[0])
                              .add(numbers(urdf_geometry::snapped(e2, options_.snap_tolerance)).mul_scalar(q[1]));
  kin::Point point(points_.claim(adyn_name(child.name), "link", child.name));
  point.set_position(body_point(parent.body), kin::Vector(body_frame(parent.body), numbers(origin.p)) + kin::Vector(O, in_plane));
  system.add_point(point);
  add_moving_link(child, parent.body, joint.name);
}

}  // namespace adyn::io
