#include "joints_section.hpp"

#include <algorithm>

#include "adyn/kinematics/orientation.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::io {
namespace {

bool names_ground(const std::string& parent, const model::System& system) {
  return parent == "ground" || parent == system.inertial_frame().name();
}

// An axis of constant, not all zero components.
GiNaC::matrix joint_axis(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  const auto a = in.axis(node, object);
  double norm2 = 0;
  for (unsigned i = 0; i < 3; ++i) {
    const auto v = in.value_of(node, a(i, 0), object);
    if (!v) in.yaml.fail(node, object, "the axis must be constant: numbers, or parameters with values");
    norm2 += *v * *v;
  }
  if (!(norm2 > 1e-24)) in.yaml.fail(node, object, "the axis is the zero vector");
  return a;
}

GiNaC::matrix rotation(const ModelValues& in, const Fields& f, const std::string& object) {
  const auto& yaml = in.yaml;
  const char* kind = nullptr;
  for (const char* key : {"rpy", "axis_angle", "matrix"})
    if (f.has(key)) {
      if (kind)
        yaml.fail(f.key(key), object,
                  std::string("its origin has two rotations, '") + kind + "' and '" + key + "': give one");
      kind = key;
    }
  if (!kind) return model::Joint{}.rotation;
  const std::string what = kind;
  if (what == "rpy") {  // R = Rz(yaw) Ry(pitch) Rx(roll), as URDF's
    const auto a = in.expressions(f["rpy"], object, 3, "angles (roll, pitch, yaw)");
    return kin::Orientation::space_fixed("XYZ", {a[0], a[1], a[2]}).dcm();
  }
  if (what == "axis_angle") {
    const auto g = yaml.fields(f["axis_angle"], object, {"axis", "angle"});
    yaml.require(g, object, {"axis", "angle"});
    const auto axis = joint_axis(in, g["axis"], object);
    const auto angle = in.expression(g["angle"], object);
    return yaml.guarded(f["axis_angle"], object, [&] { return kin::Orientation::axis(axis, angle).dcm(); });
  }
  const auto m = in.matrix3(f["matrix"], object, "the origin's matrix");
  try {  // (a matrix of numbers that is no rotation is refused by Orientation::dcm already)
    const auto defect = kin::Orientation::dcm(m).rotation_defect(in.system.parameter_values());
    if (!defect.empty()) yaml.fail(f["matrix"], object, "its origin's matrix: " + defect.text());
  } catch (const ModelFileError&) {
    throw;
  } catch (const ModelError& e) {
    yaml.fail(f["matrix"], object, std::string("its origin's matrix: ") + e.what());
  }
  return m;
}

// {translation: [x, y, z], rpy: [roll, pitch, yaw] | axis_angle: {axis, angle} | matrix: 3x3}
void read_origin(const ModelValues& in, const YAML::Node& node, const std::string& object, model::Joint& joint) {
  const auto f = in.yaml.fields(node, object, {"translation", "rpy", "axis_angle", "matrix"});
  if (f.has("translation")) {
    const auto p = in.expressions(f["translation"], object, 3, "translation components");
    joint.translation = GiNaC::matrix(3, 1, GiNaC::lst{p[0], p[1], p[2]});
  }
  joint.rotation = rotation(in, f, object);
}

// actuated: true | false, damping: d, friction: mu, limits: {lower, upper, velocity}: numbers, each
// checked by the model (model::check_joint_loads) where it is written.
void read_loads(const ModelValues& in, const Fields& f, const std::string& object, model::Joint& joint) {
  const auto& yaml = in.yaml;
  const auto checked = [&](const char* key, const auto& set) {
    if (!f.has(key)) return;
    model::Joint alone;  // the key alone on a joint of this name and type
    alone.name = joint.name, alone.type = joint.type;
    set(alone);
    yaml.guarded(f[key], object, [&] { model::check_joint_loads(alone); });
    set(joint);
  };
  checked("actuated", [&](model::Joint& j) { j.actuated = yaml.boolean(f["actuated"], object); });
  checked("damping", [&](model::Joint& j) { j.damping = yaml.number(f["damping"], object); });
  checked("friction", [&](model::Joint& j) { j.friction = yaml.number(f["friction"], object); });
  checked("limits", [&](model::Joint& j) {
    const auto g = yaml.fields(f["limits"], object, {"lower", "upper", "velocity"});
    if (g.has("lower")) j.limits.lower = yaml.number(g["lower"], object);
    if (g.has("upper")) j.limits.upper = yaml.number(g["upper"], object);
    if (g.has("velocity")) j.limits.velocity = yaml.number(g["velocity"], object);
    if (!g.has("lower") && !g.has("upper") && !g.has("velocity"))
      yaml.fail(f["limits"], object, "its limits are empty: give lower and upper, or velocity");
  });
}

JointEntry read_joint(ModelValues& in, const YAML::Node& node, std::map<std::string, JointEntry>& moved) {
  const auto& yaml = in.yaml;
  std::string name, object;
  auto f = in.named(
      node, "joint",
      {"name", "type", "parent", "child", "axis", "second_axis", "origin", "actuated", "damping", "friction", "limits"},
      name, object);
  yaml.require(f, object, {"type", "parent", "child"});
  if (!is_identifier(name))
    yaml.fail(f["name"], object, "a joint's name names its coordinates: letters, digits and _, starting with a letter");
  in.claim("joint", name, f["name"], object);
  JointEntry e{{}, f["name"], f["child"], f["parent"]};
  auto& j = e.joint;
  j.name = name;
  j.type = *model::joint_type_named(in.one_of(f["type"], object, "joint type", model::joint_type_names()));
  const auto parent = yaml.line_text(f["parent"], object, "a body's name or ground");
  j.parent = names_ground(parent, in.system) ? "" : parent;
  j.child = yaml.line_text(f["child"], object, "a body's name");
  if (j.child.empty() || names_ground(j.child, in.system))
    yaml.fail(f["child"], object, "its child is the body it moves, not " + in_quotes(j.child));
  const std::string type = model::joint_type_name(j.type);
  for (const char* key : {"axis", "second_axis"}) {
    const bool takes = std::string(key) == "axis" ? model::takes_axis(j.type) : j.type == model::JointType::Universal;
    if (f.has(key) && !takes)
      yaml.fail(f.key(key), object, std::string("'") + key + "' does not apply to a " + type + " joint");
    if (!f.has(key) && takes)
      yaml.fail(f.node(), object,
                "needs '" + std::string(key) + "' (a " + type + " joint's axis: x, y, z, -x, -y, -z or [a, b, c])");
  }
  if (f.has("axis")) j.axis = joint_axis(in, f["axis"], object);
  if (f.has("second_axis")) j.second_axis = joint_axis(in, f["second_axis"], object);
  if (f.has("origin")) read_origin(in, f["origin"], object, j);
  read_loads(in, f, object, j);
  if (const auto [it, added] = moved.emplace(j.child, e); !added)
    yaml.fail(f["child"], object,
              "its child '" + j.child + "' is moved by joint '" + it->second.joint.name + "' (line " +
                  std::to_string(position_of(it->second.node).line) + ") too: a body has one parent joint");
  return e;
}

// The names the joint makes, claimed at its name: coordinates and speeds (with their rates
// name_d, name_dd), frames, points.
void claim_names(ModelValues& in, const JointEntry& e, bool declared_speeds) {
  const std::string object = "joint '" + e.joint.name + "'";
  const auto names = model::joint_names(e.joint, declared_speeds);
  for (const auto* symbols : {&names.coordinates, &names.speeds})
    for (const auto& name : *symbols) {
      if (reserved_name(name))
        in.yaml.fail(e.node, object, "its coordinate or speed '" + name + "' has a reserved name");
      for (const char* suffix : {"", "_d", "_dd"}) in.claim("symbol", name + suffix, e.node, object);
    }
  for (const auto& name : names.inputs) {
    if (reserved_name(name)) in.yaml.fail(e.node, object, "its input '" + name + "' has a reserved name");
    in.claim("symbol", name, e.node, object);
  }
  for (const auto& name : names.loads) in.claim("load", name, e.node, object);
  for (const auto& name : names.frames) in.claim("frame", name, e.node, object);
  for (const auto& name : names.points) in.claim("point", name, e.node, object);
}

// Every parent is the ground or a joint's child: the tree comes from the joints.
void check_parents(const ModelValues& in, const std::vector<JointEntry>& entries,
                   const std::map<std::string, JointEntry>& moved) {
  std::vector<std::string> bodies = {"ground"};
  for (const auto& e : entries) bodies.push_back(e.joint.child);
  for (const auto& e : entries)
    if (!e.joint.parent.empty() && !moved.count(e.joint.parent))
      in.yaml.fail(e.parent, "joint '" + e.joint.name + "'",
                   "its parent '" + e.joint.parent + "' is neither the ground nor the child of a joint" +
                       hint(e.joint.parent, bodies));
}

}  // namespace

JointsRead read_joints(ModelValues& in, const YAML::Node& section) {
  JointsRead out;
  std::vector<JointEntry> entries;
  for (const auto& item : in.yaml.list(section, "joints", "joint entries"))
    entries.push_back(read_joint(in, item, out.moved));
  check_parents(in, entries, out.moved);
  auto& system = in.system;
  bool declared = !system.coordinate_rates().empty();
  for (const auto& e : entries) declared = declared || model::declares_speeds(e.joint.type);
  for (const auto& e : entries) claim_names(in, e, declared);
  std::vector<model::Joint> joints;
  for (const auto& e : entries) joints.push_back(e.joint);
  std::vector<model::AddedJoint> added;
  try {
    added = model::add_joints(system, joints);
  } catch (const ModelError& error) {
    for (const auto& e : entries)
      if (error.object() == "joint '" + e.joint.name + "'")
        in.yaml.fail(e.node, error.object(), std::string(error.what()).substr(error.object().size() + 2));
    in.yaml.fail(section, "joints", error.what());
  }
  for (const auto& a : added)
    if (!a.euler_parameters.empty()) out.initial_values[a.euler_parameters.front().get_name()] = 1;
  for (const auto& j : system.joints())
    if (const auto note = model::friction_note(j)) out.notes.push_back(*note);
  if (declared) in.yaml.guarded(section, "joints", [&] { system.check_kinematic_equations(); });
  return out;
}

void check_joint_bodies(const ModelValues& in, const JointsRead& joints) {
  for (const auto& [name, e] : joints.moved) {
    const std::string& child = name;  // (clang before 16 lets no lambda capture a structured binding)
    const auto& bodies = in.system.bodies();
    if (std::none_of(bodies.begin(), bodies.end(), [&](const model::RigidBody& b) { return b.name() == child; }))
      in.yaml.fail(e.child, "joint '" + e.joint.name + "'",
                   "its child '" + child +
                       "' is no body of the model: give it an entry in bodies: (its frame and "
                       "origin point '" +
                       child + "' are the joint's)");
  }
}

}  // namespace adyn::io
