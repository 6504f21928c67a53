#include "joints_section.hpp"

#include <algorithm>

#include "adyn/kinematics/orientation.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::io {

namespace {

bool names_ground(const std::string& parent, const model::System& system) {
  return parent == "ground" || parent == system.inertial_frame().name();
}

}  // namespace

void JointsSection::read_joints(const YAML::Node& section) {
  std::vector<Entry> entries;
  for (const auto& item : list(section, "joints", "joint entries")) entries.push_back(read_joint(item));
  check_parents(entries);
  bool declared = !system_.coordinate_rates().empty();
  for (const auto& e : entries) declared = declared || model::declares_speeds(e.joint.type);
  for (const auto& e : entries) claim_names(e, declared);
  std::vector<model::Joint> joints;
  for (const auto& e : entries) joints.push_back(e.joint);
  std::vector<model::AddedJoint> added;
  try {
    added = model::add_joints(system_, joints);
  } catch (const ModelError& error) {
    for (const auto& e : entries)
      if (error.object() == "joint '" + e.joint.name + "'")
        fail(e.node, error.object(), std::string(error.what()).substr(error.object().size() + 2));
    fail(section, "joints", error.what());
  }
  for (const auto& a : added)
    if (!a.euler_parameters.empty()) initial_values_[a.euler_parameters.front().get_name()] = 1;
  for (const auto& j : system_.joints())
    if (const auto note = model::friction_note(j)) notes_.push_back(*note);
  if (declared) guarded(section, "joints", [&] { system_.check_kinematic_equations(); });
}

JointsSection::Entry JointsSection::read_joint(const YAML::Node& node) {
  std::string name, object;
  auto f = named(node, "joint",
                 {"name", "type", "parent", "child", "axis", "second_axis", "origin", "actuated", "damping", "friction",
                  "limits"},
                 name, object);
  require(f, object, {"type", "parent", "child"});
  if (!is_identifier(name))
    fail(f["name"], object, "a joint's name names its coordinates: letters, digits and _, starting with a letter");
  claim("joint", name, f["name"], object);
  Entry e{{}, f["name"], f["child"], f["parent"]};
  auto& j = e.joint;
  j.name = name;
  j.type = *model::joint_type_named(one_of(f["type"], object, "joint type", model::joint_type_names()));
  const auto parent = line_text(f["parent"], object, "a body's name or ground");
  j.parent = names_ground(parent, system_) ? "" : parent;
  j.child = line_text(f["child"], object, "a body's name");
  if (j.child.empty() || names_ground(j.child, system_))
    fail(f["child"], object, "its child is the body it moves, not " + in_quotes(j.child));
  const std::string type = model::joint_type_name(j.type);
  for (const char* key : {"axis", "second_axis"}) {
    const bool takes = std::string(key) == "axis" ? model::takes_axis(j.type) : j.type == model::JointType::Universal;
    if (f.has(key) && !takes) fail(f.key(key), object, std::string("'") + key + "' does not apply to a " + type + " joint");
    if (!f.has(key) && takes)
      fail(f.node(), object, "needs '" + std::string(key) + "' (a " + type + " joint's axis: x, y, z, -x, -y, -z or [a, b, c])");
  }
  if (f.has("axis")) j.axis = joint_axis(f["axis"], object);
  if (f.has("second_axis")) j.second_axis = joint_axis(f["second_axis"], object);
  if (f.has("origin")) read_origin(f["origin"], object, j);
  read_loads(f, object, j);
  if (const auto [it, added] = moved_.emplace(j.child, e); !added)
    fail(f["child"], object, "its child '" + j.child + "' is moved by joint '" + it->second.joint.name + "' (line " +
                                 std::to_string(position_of(it->second.node).line) + ") too: a body has one parent joint");
  return e;
}

// actuated: true | false, damping: d, friction: mu, limits: {lower, upper, velocity}: numbers, each
// checked by the model (model::check_joint_loads) where it is written.
void JointsSection::read_loads(const Fields& f, const std::string& object, model::Joint& joint) const {
  const auto checked = [&](const char* key, const auto& set) {
    if (!f.has(key)) return;
    model::Joint alone;  // the key alone on a joint of this name and type
    alone.name = joint.name, alone.type = joint.type;
    set(alone);
    guarded(f[key], object, [&] { model::check_joint_loads(alone); });
    set(joint);
  };
  checked("actuated", [&](model::Joint& j) { j.actuated = boolean(f["actuated"], object); });
  checked("damping", [&](model::Joint& j) { j.damping = number(f["damping"], object); });
  checked("friction", [&](model::Joint& j) { j.friction = number(f["friction"], object); });
  checked("limits", [&](model::Joint& j) {
    const auto g = fields(f["limits"], object, {"lower", "upper", "velocity"});
    if (g.has("lower")) j.limits.lower = number(g["lower"], object);
    if (g.has("upper")) j.limits.upper = number(g["upper"], object);
    if (g.has("velocity")) j.limits.velocity = number(g["velocity"], object);
    if (!g.has("lower") && !g.has("upper") && !g.has("velocity")) fail(f["limits"], object, "its limits are empty: give lower and upper, or velocity");
  });
}

// {translation: [x, y, z], rpy: [roll, pitch, yaw] | axis_angle: {axis, angle} | matrix: 3x3}
void JointsSection::read_origin(const YAML::Node& node, const std::string& object, model::Joint& joint) const {
  const auto f = fields(node, object, {"translation", "rpy", "axis_angle", "matrix"});
  if (f.has("translation")) {
    const auto p = expressions(f["translation"], object, 3, "translation components");
    joint.translation = GiNaC::matrix(3, 1, GiNaC::lst{p[0], p[1], p[2]});
  }
  joint.rotation = rotation(f, object);
}

GiNaC::matrix JointsSection::rotation(const Fields& f, const std::string& object) const {
  const char* kind = nullptr;
  for (const char* key : {"rpy", "axis_angle", "matrix"})
    if (f.has(key)) {
      if (kind) fail(f.key(key), object, std::string("its origin has two rotations, '") + kind + "' and '" + key + "': give one");
      kind = key;
    }
  if (!kind) return model::Joint{}.rotation;
  const std::string what = kind;
  if (what == "rpy") {  // R = Rz(yaw) Ry(pitch) Rx(roll), as URDF's
    const auto a = expressions(f["rpy"], object, 3, "angles (roll, pitch, yaw)");
    return kin::Orientation::space_fixed("XYZ", {a[0], a[1], a[2]}).dcm();
  }
  if (what == "axis_angle") {
    const auto g = fields(f["axis_angle"], object, {"axis", "angle"});
    require(g, object, {"axis", "angle"});
    const auto axis = joint_axis(g["axis"], object);
    const auto angle = expression(g["angle"], object);
    return guarded(f["axis_angle"], object, [&] { return kin::Orientation::axis(axis, angle).dcm(); });
  }
  const auto m = matrix3(f["matrix"], object, "the origin's matrix");
  try {  // (a matrix of numbers that is no rotation is refused by Orientation::dcm already)
    const auto defect = kin::Orientation::dcm(m).rotation_defect(system_.parameter_values());
    if (!defect.empty()) fail(f["matrix"], object, "its origin's matrix: " + defect.text());
  } catch (const ModelFileError&) {
    throw;
  } catch (const ModelError& e) {
    fail(f["matrix"], object, std::string("its origin's matrix: ") + e.what());
  }
  return m;
}

GiNaC::matrix JointsSection::axis_components(const YAML::Node& node, const std::string& object) const {
  if (node.IsScalar()) {
    const auto& a = node.Scalar();
    const bool negative = !a.empty() && a[0] == '-';
    const std::string name = negative ? a.substr(1) : a;
    const int i = name == "x" ? 0 : name == "y" ? 1 : name == "z" ? 2 : -1;
    if (i < 0) fail(node, object, "axis must be x, y, z, -x, -y, -z or a list of three components, got " + in_quotes(a));
    GiNaC::matrix e(3, 1);
    e(static_cast<unsigned>(i), 0) = negative ? -1 : 1;
    return e;
  }
  const auto c = expressions(node, object, 3, "axis components");
  return GiNaC::matrix(3, 1, GiNaC::lst{c[0], c[1], c[2]});
}

// An axis of constant, not all zero components.
GiNaC::matrix JointsSection::joint_axis(const YAML::Node& node, const std::string& object) const {
  const auto a = axis_components(node, object);
  double norm2 = 0;
  for (unsigned i = 0; i < 3; ++i) {
    const auto v = value_of(node, a(i, 0), object);
    if (!v) fail(node, object, "the axis must be constant: numbers, or parameters with values");
    norm2 += *v * *v;
  }
  if (!(norm2 > 1e-24)) fail(node, object, "the axis is the zero vector");
  return a;
}

// The names the joint makes, claimed at its name: coordinates and speeds (with their rates
// name_d, name_dd), frames, points.
void JointsSection::claim_names(const Entry& e, bool declared_speeds) {
  const std::string object = "joint '" + e.joint.name + "'";
  const auto names = model::joint_names(e.joint, declared_speeds);
  for (const auto* symbols : {&names.coordinates, &names.speeds})
    for (const auto& name : *symbols) {
      if (reserved_name(name)) fail(e.node, object, "its coordinate or speed '" + name + "' has a reserved name");
      for (const char* suffix : {"", "_d", "_dd"}) claim("symbol", name + suffix, e.node, object);
    }
  for (const auto& name : names.inputs) {
    if (reserved_name(name)) fail(e.node, object, "its input '" + name + "' has a reserved name");
    claim("symbol", name, e.node, object);
  }
  for (const auto& name : names.loads) claim("load", name, e.node, object);
  for (const auto& name : names.frames) claim("frame", name, e.node, object);
  for (const auto& name : names.points) claim("point", name, e.node, object);
}

// Every parent is the ground or a joint's child: the tree comes from the joints.
void JointsSection::check_parents(const std::vector<Entry>& entries) const {
  std::vector<std::string> bodies = {"ground"};
  for (const auto& e : entries) bodies.push_back(e.joint.child);
  for (const auto& e : entries)
    if (!e.joint.parent.empty() && !moved_.count(e.joint.parent))
      fail(e.parent, "joint '" + e.joint.name + "'",
           "its parent '" + e.joint.parent + "' is neither the ground nor the child of a joint" + hint(e.joint.parent, bodies));
}

void JointsSection::check_joint_bodies() const {
  for (const auto& [name, e] : moved_) {
    const std::string& child = name;  // (clang before 16 lets no lambda capture a structured binding)
    const auto& bodies = system_.bodies();
    if (std::none_of(bodies.begin(), bodies.end(), [&](const model::RigidBody& b) { return b.name() == child; }))
      fail(e.child, "joint '" + e.joint.name + "'",
           "its child '" + child + "' is no body of the model: give it an entry in bodies: (its frame and origin "
           "point '" + child + "' are the joint's)");
  }
}

void JointsSection::read_body(const YAML::Node& node) {
  std::string name, object;
  auto f = named(node, "body", {"name", "mass_center", "frame", "mass", "inertia"}, name, object);
  require(f, object, {"mass_center", "mass", "inertia"});
  if (!f.has("frame") && !moved_.count(name))
    fail(f.node(), object, "needs 'frame' (a body a joint moves takes the joint's frame)");
  claim("mass", name, f["name"], object);
  const auto frame = f.has("frame") ? frame_named(f["frame"], object) : system_.frame(name);
  const auto center = mass_center(f["mass_center"], name, frame, object);
  const auto m = mass(f, object);
  const auto I = inertia(f["inertia"], object, frame);
  guarded(f["inertia"], object, [&] { model::check_inertia(name, I, frame, system_.parameter_values()); });
  guarded(f["name"], object, [&] { system_.add_body({name, center, frame, m, I}); });
}

// A point's name, or three components in the body's frame from the origin of its joint's child.
kin::Point JointsSection::mass_center(const YAML::Node& node, const std::string& body, const kin::ReferenceFrame& frame,
                                      const std::string& object) {
  if (!node.IsSequence()) return point_named(node, object);
  if (!moved_.count(body))
    fail(node, object, "a mass centre given as components is measured from the origin of the joint that moves the "
                       "body; no joint moves it: name a point");
  const auto c = expressions(node, object, 3, "mass-centre components");
  claim("point", body + "_com", node, object);
  kin::Point center(body + "_com");
  guarded(node, object, [&] {
    center.set_position(system_.point(body), kin::Vector(frame, c[0], c[1], c[2]));
    system_.add_point(center);
  });
  return center;
}

kin::Dyadic JointsSection::inertia(const YAML::Node& node, const std::string& object, const kin::ReferenceFrame& frame) const {
  if (node.IsSequence()) return kin::Dyadic(frame, matrix3(node, object, "inertia"));
  auto f = fields(node, object, {"Ixx", "Iyy", "Izz", "Ixy", "Iyz", "Izx"});
  auto entry = [&](const char* key) { return f.has(key) ? expression(f[key], object) : GiNaC::ex(0); };
  return guarded(node, object, [&] {
    return model::inertia_dyadic(frame, entry("Ixx"), entry("Iyy"), entry("Izz"), entry("Ixy"), entry("Iyz"), entry("Izx"));
  });
}

}  // namespace adyn::io
