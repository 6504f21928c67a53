#include "urdf_builder.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/symbolic/number_forms.hpp"

namespace adyn::io {

using urdf_geometry::MassProperties;
using urdf_geometry::Transform;

namespace {

const char* type_name(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FLOATING: return "floating";
    case urdf::Joint::PLANAR: return "planar";
    case urdf::Joint::FIXED: return "fixed";
    default: return "unknown";
  }
}

GiNaC::matrix column(const Eigen::Vector3d& v) {
  return GiNaC::matrix(3, 1, GiNaC::lst{sym::exact_decimal(v(0)), sym::exact_decimal(v(1)), sym::exact_decimal(v(2))});
}

GiNaC::matrix entries(const Eigen::Matrix3d& R) {
  GiNaC::matrix m(3, 3);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) m(i, j) = sym::exact_decimal(R(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
  return m;
}

std::string short_number(double x) {
  std::ostringstream text;
  text << x;
  return text.str();
}

// The inertial frame and origin: the root link's name when it is fixed to the world, else "world".
std::string world_name(const urdf::ModelInterface& robot, const UrdfOptions& options) {
  return options.floating_base ? "world" : adyn_name(robot.getRoot()->name);
}

bool has_floating_joint(const urdf::ModelInterface& robot) {
  for (const auto& [name, joint] : robot.joints_)
    if (joint->type == urdf::Joint::FLOATING) return true;
  return false;
}

bool finite(const urdf::Inertial& i) {
  for (double x : {i.mass, i.ixx, i.ixy, i.ixz, i.iyy, i.iyz, i.izz})
    if (!std::isfinite(x)) return false;
  return true;
}

// The input tau_<joint>, the viscous damping -d q' and the Coulomb friction (recorded and noted, not
// applied) of a revolute, continuous or prismatic joint, and the limits that state a range
// (lower < upper: URDF's default 0, 0 states none) or a speed bound (> 0).
void with_loads(const RobotJoint& record, model::Joint& j) {
  j.actuated = true, j.damping = record.damping, j.friction = record.friction;
  if (record.lower && record.upper && *record.lower < *record.upper) j.limits.lower = record.lower, j.limits.upper = record.upper;
  if (record.velocity && *record.velocity > 0) j.limits.velocity = record.velocity;
}

}  // namespace

UrdfBuilder::UrdfBuilder(const urdf::ModelInterface& robot, const UrdfSource& source, const UrdfOptions& options)
    : robot_(robot),
      source_(source),
      options_(options),
      doc_{model::System(robot.getName(), world_name(robot, options), world_name(robot, options)), {}},
      symbols_(source, "symbol"),
      frames_(source, "frame"),
      points_(source, "point") {}

ModelDocument UrdfBuilder::build() {
  check_links();
  const auto& root = *robot_.getRoot();
  auto& system = doc_.system;
  frames_.claim(system.inertial_frame().name(), "robot", robot_.getName());
  points_.claim(system.origin().name(), "robot", robot_.getName());
  declared_speeds_ = options_.floating_base || has_floating_joint(robot_);
  const auto g = system.add_parameter(symbols_.claim("g", "robot", robot_.getName()), 9.81, "m/s^2");
  system.set_gravity(kin::Vector(system.inertial_frame(), 0, 0, -g));
  if (options_.floating_base) free_joint("root", nullptr, {}, root);
  else anchors_[root.name] = {};
  std::vector<std::string> visited;
  visit(root, visited);
  check_connected(visited);
  add_bodies();
  add_mimic_constraints();
  doc_.notes.insert(doc_.notes.begin(), options_.floating_base
                                            ? "root link '" + root.name + "' floating (a free joint 'root' from the world '" +
                                                  system.inertial_frame().name() + "'), gravity -g along the world's z axis"
                                            : "root link '" + root.name + "' fixed to the world (the inertial frame '" +
                                                  adyn_name(root.name) + "'), gravity -g along its z axis");
  if (declared_speeds_) {
    doc_.setup.method = formulations::default_method_in_speeds;
    doc_.notes.push_back("free joint(s): the speeds are declared (not all are rates), so the equations are Kane's by "
                         "default; the Euler parameters' unit norm is kept by the kinematic equations and restored "
                         "by the simulation (see its summary)");
  }
  if (snapped_ > 0)
    doc_.notes.push_back(std::to_string(snapped_) + " joint origin rotation(s): entries within " +
                         short_number(options_.snap_tolerance) + " of 0 or +-1 read as exactly that");
  return std::move(doc_);
}

void UrdfBuilder::check_links() {
  for (const auto& [name, link] : robot_.links_) {
    if (!link->inertial) continue;
    if (!finite(*link->inertial)) source_.fail("link", name, "its mass and inertia must be finite numbers");
    if (link->inertial->mass < 0)
      source_.fail("link", name, "its mass is negative (" + short_number(link->inertial->mass) + ")");
    const Eigen::Vector3d I = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(urdf_geometry::mass_properties_of(*link->inertial).inertia).eigenvalues();
    const double tolerance = 1e-12 * std::max(1.0, I.cwiseAbs().maxCoeff());  // (model::check_inertia's)
    if (I(0) < -tolerance || I(0) + I(1) < I(2) - tolerance)
      doc_.notes.push_back("link '" + name + "': its principal moments " + short_number(I(0)) + ", " + short_number(I(1)) +
                           ", " + short_number(I(2)) + " are not a body's (negative, or I1 + I2 < I3); read as given: "
                           "the body it is merged into is checked as a whole, the ground's links are not");
  }
}

// Links that are not in the root's tree: urdfdom found one root, so they hang from a cycle.
void UrdfBuilder::check_connected(const std::vector<std::string>& visited) const {
  for (const auto& [name, link] : robot_.links_) {
    if (std::find(visited.begin(), visited.end(), name) != visited.end()) continue;
    std::vector<std::string> seen;
    urdf::LinkConstSharedPtr at = link;
    while (at && std::find(seen.begin(), seen.end(), at->name) == seen.end()) {
      seen.push_back(at->name);
      at = at->getParent();
    }
    const std::string joint = at && at->parent_joint ? at->parent_joint->name : "";
    if (!joint.empty())
      source_.fail("joint", joint, "it closes a cycle of joints through link '" + at->name + "': a robot description is a tree");
    source_.fail("link", name, "it is not connected to the root link '" + robot_.getRoot()->name + "'");
  }
}

void UrdfBuilder::visit(const urdf::Link& link, std::vector<std::string>& visited) {
  visited.push_back(link.name);
  for (const auto& joint : link.child_joints) {  // urdfdom's order: Pinocchio's too
    const Anchor parent = anchors_.at(link.name);
    if (joint->type == urdf::Joint::FIXED) fixed_joint(*joint, parent);
    else if (joint->type == urdf::Joint::FLOATING) free_joint(adyn_name(joint->name), joint.get(), parent, *robot_.getLink(joint->child_link_name));
    else if (joint->type == urdf::Joint::PLANAR) planar_joint(*joint, parent);
    else moving_joint(*joint, parent);
    visit(*robot_.getLink(joint->child_link_name), visited);
  }
}

RobotJoint UrdfBuilder::record_of(const urdf::Joint& joint) const {
  RobotJoint r;
  r.name = joint.name, r.type = type_name(joint.type), r.parent = joint.parent_link_name, r.child = joint.child_link_name;
  if (joint.limits && joint.type != urdf::Joint::CONTINUOUS && joint.type != urdf::Joint::FIXED)
    r.lower = joint.limits->lower, r.upper = joint.limits->upper;
  if (joint.limits && joint.type != urdf::Joint::FIXED) r.effort = joint.limits->effort, r.velocity = joint.limits->velocity;
  if (joint.dynamics) r.damping = joint.dynamics->damping, r.friction = joint.dynamics->friction;
  if (joint.mimic) r.mimics = joint.mimic->joint_name, r.multiplier = joint.mimic->multiplier, r.offset = joint.mimic->offset;
  return r;
}

Eigen::Matrix3d UrdfBuilder::snapped_rotation(const Eigen::Matrix3d& R) {
  const Eigen::Matrix3d S = urdf_geometry::snapped(R, options_.snap_tolerance);
  if (S != R) ++snapped_;
  return S;
}

void UrdfBuilder::fixed_joint(const urdf::Joint& joint, const Anchor& parent) {
  doc_.joints.push_back(record_of(joint));
  if (joint.mimic)
    doc_.notes.push_back("joint '" + joint.name + "' is fixed: its mimic of '" + joint.mimic->joint_name + "' does nothing");
  const auto& child = *robot_.getLink(joint.child_link_name);
  const Anchor anchor{parent.body, urdf_geometry::compose(parent.T, urdf_geometry::transform_of(joint.parent_to_joint_origin_transform))};
  anchors_[child.name] = anchor;
  if (!parent.body.empty() && child.inertial) {
    auto& merged = masses_.at(parent.body);
    merged = urdf_geometry::combined(merged, urdf_geometry::moved(urdf_geometry::mass_properties_of(*child.inertial), anchor.T));
  }
  // Its frame and origin, fixed in the body's, for later children and for the user.
  kin::ReferenceFrame frame(frames_.claim(adyn_name(child.name), "link", child.name));
  frame.orient_dcm(body_frame(parent.body), entries(snapped_rotation(anchor.T.R)));
  doc_.system.add_frame(frame);
  kin::Point origin(points_.claim(adyn_name(child.name), "link", child.name));
  origin.set_position(body_point(parent.body), kin::Vector(body_frame(parent.body), column(anchor.T.p)));
  doc_.system.add_point(origin);
}

void UrdfBuilder::moving_joint(const urdf::Joint& joint, const Anchor& parent) {
  const bool prismatic = joint.type == urdf::Joint::PRISMATIC;
  if (joint.type != urdf::Joint::REVOLUTE && joint.type != urdf::Joint::CONTINUOUS && !prismatic)
    source_.fail("joint", joint.name, std::string(type_name(joint.type)) + " joints are not read: adyn reads revolute, "
                                      "continuous, prismatic, fixed, floating and planar joints");
  auto record = record_of(joint);
  const auto& child = *robot_.getLink(joint.child_link_name);
  const auto type = prismatic ? model::JointType::Prismatic : model::JointType::Revolute;
  auto j = model_joint(&joint, adyn_name(joint.name), type, parent, child);
  with_loads(record, j);
  const auto added = add_joint(j, "joint", joint.name, child);
  const auto& q = added.coordinates.front();
  coordinates_.emplace(joint.name, q);
  record.coordinate = q.get_name(), record.speed = added.speeds.front().get_name(), record.input = added.inputs.front().get_name();
  auto named = doc_.system.joints().back();
  named.name = joint.name;  // the description's name in the note (finger-left, not finger_left)
  if (const auto note = model::friction_note(named)) doc_.notes.push_back(*note);
  doc_.joints.push_back(record);
  add_moving_link(child, joint.name);
}

model::Joint UrdfBuilder::model_joint(const urdf::Joint* joint, const std::string& name, model::JointType type,
                                      const Anchor& parent, const urdf::Link& child) {
  model::Joint j;
  j.name = name, j.type = type, j.parent = parent.body.empty() ? "" : adyn_name(parent.body), j.child = adyn_name(child.name);
  const Transform origin =
      joint ? urdf_geometry::compose(parent.T, urdf_geometry::transform_of(joint->parent_to_joint_origin_transform)) : Transform{};
  j.translation = column(origin.p), j.rotation = entries(snapped_rotation(origin.R));
  if (joint && model::takes_axis(type)) {
    const Eigen::Vector3d axis(joint->axis.x, joint->axis.y, joint->axis.z);
    if (!axis.allFinite() || axis.norm() < 1e-12) source_.fail("joint", joint->name, "its axis must be a nonzero vector");
    j.axis = column(urdf_geometry::snapped(Eigen::Vector3d(axis.normalized()), options_.snap_tolerance));
  }
  return j;
}

// The joint's names claimed for the URDF element <tag name="owner"> (the child's frame and point
// for its link), then the joint added: its errors are the element's.
model::AddedJoint UrdfBuilder::add_joint(const model::Joint& j, const std::string& tag, const std::string& owner,
                                         const urdf::Link& child) {
  const auto names = model::joint_names(j, declared_speeds_);
  const std::string& link = child.name;
  for (const auto* list : {&names.coordinates, &names.speeds, &names.inputs})
    for (const auto& name : *list) symbols_.claim(name, tag, owner);
  for (const auto& name : names.frames) frames_.claim(name, name == j.child ? "link" : tag, name == j.child ? link : owner);
  for (const auto& name : names.points) points_.claim(name, "link", link);
  try {
    return model::add_joint(doc_.system, j, declared_speeds_ ? model::JointSpeeds::Declared : model::JointSpeeds::Rates);
  } catch (const ModelError& e) {  // (the element's name once: "joint 'j': its damping ...")
    const std::string what = e.what();
    source_.fail(tag, owner, e.object() == tag + " '" + owner + "'" ? what.substr(e.object().size() + 2) : what);
  }
}

void UrdfBuilder::add_moving_link(const urdf::Link& child, const std::string& joint) {
  anchors_[child.name] = {child.name, {}};
  masses_[child.name] = child.inertial ? urdf_geometry::mass_properties_of(*child.inertial) : MassProperties{};
  bodies_.push_back(child.name);
  joint_of_[child.name] = joint;
}

void UrdfBuilder::add_bodies() {
  auto& system = doc_.system;
  for (const auto& link : bodies_) {
    const auto& m = masses_.at(link);
    const auto& joint = joint_of_.at(link);
    if (!(m.mass > 0))
      source_.fail("link", link, "joint '" + joint + "' moves it, but it has no mass (no <inertial>, nor a link with "
                                 "mass fixed to it): give it an <inertial>");
    const auto F = body_frame(link);
    kin::Point center(points_.claim(adyn_name(link) + "_com", "link", link));
    center.set_position(body_point(link), kin::Vector(F, column(m.center)));
    system.add_point(center);
    // Exact numbers (sym::exact_decimal), not doubles: GiNaC would keep these as floats, and sums
    // of floats round in its order of operands, which changes from run to run.
    const auto I = [&m](Eigen::Index i, Eigen::Index j) { return sym::exact_decimal(m.inertia(i, j)); };
    try {
      system.add_body(model::RigidBody(adyn_name(link), center, F, sym::exact_decimal(m.mass),
                                       model::inertia_dyadic(F, I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(1, 2), I(2, 0))));
    } catch (const ModelError& e) {
      source_.fail("link", link, e.what());
    }
  }
}

void UrdfBuilder::add_mimic_constraints() {
  for (const auto& record : doc_.joints) {
    if (record.mimics.empty() || record.coordinate.empty()) continue;
    const auto mimicked = coordinates_.find(record.mimics);
    if (mimicked == coordinates_.end())
      source_.fail("joint", record.name, "it mimics '" + record.mimics + "', which is not a moving joint of the robot");
    if (!options_.mimic_constraints) {
      doc_.notes.push_back("joint '" + record.name + "' mimics '" + record.mimics + "': read as an independent joint");
      continue;
    }
    const auto q = coordinates_.at(record.name);
    model::Constraint mimic;
    mimic.name = "mimic_" + record.coordinate;
    mimic.level = model::ConstraintLevel::Configuration;
    mimic.expression = q - sym::exact_decimal(record.multiplier) * mimicked->second - sym::exact_decimal(record.offset);
    doc_.system.add_constraint(mimic);
  }
}

kin::ReferenceFrame UrdfBuilder::body_frame(const std::string& body) const {
  return body.empty() ? doc_.system.inertial_frame() : doc_.system.frame(adyn_name(body));
}

kin::Point UrdfBuilder::body_point(const std::string& body) const {
  return body.empty() ? doc_.system.origin() : doc_.system.point(adyn_name(body));
}

}  // namespace adyn::io
