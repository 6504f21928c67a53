// particles: and bodies: (docs/model-format.md, "Rigid bodies"), after the joints that move them.
#include "adyn/model/inertia.hpp"
#include "sections.hpp"

namespace adyn::io {
namespace {

void read_particle(ModelValues& in, const YAML::Node& node) {
  std::string name, object;
  auto f = in.named(node, "particle", {"name", "point", "mass"}, name, object);
  in.yaml.require(f, object, {"point", "mass"});
  in.claim("mass", name, f["name"], object);
  auto point = in.point_named(f["point"], object);
  auto m = in.mass(f, object);
  in.yaml.guarded(f["name"], object, [&] { in.system.add_particle({name, point, m}); });
}

// A point's name, or three components in the body's frame from the origin of its joint's child.
kin::Point mass_center(ModelValues& in, const JointsRead& joints, const YAML::Node& node, const std::string& body,
                       const kin::ReferenceFrame& frame, const std::string& object) {
  if (!node.IsSequence()) return in.point_named(node, object);
  if (!joints.moved.count(body))
    in.yaml.fail(node, object,
                 "a mass centre given as components is measured from the origin of the joint that moves the body; no "
                 "joint moves it: name a point");
  const auto c = in.expressions(node, object, 3, "mass-centre components");
  in.claim("point", body + "_com", node, object);
  kin::Point center(body + "_com");
  in.yaml.guarded(node, object, [&] {
    center.set_position(in.system.point(body), kin::Vector(frame, c[0], c[1], c[2]));
    in.system.add_point(center);
  });
  return center;
}

// The central inertia in the body's frame: {Ixx, Iyy, Izz, Ixy, Iyz, Izx} or a 3x3 matrix.
kin::Dyadic inertia(const ModelValues& in, const YAML::Node& node, const std::string& object,
                    const kin::ReferenceFrame& frame) {
  if (node.IsSequence()) return kin::Dyadic(frame, in.matrix3(node, object, "inertia"));
  auto f = in.yaml.fields(node, object, {"Ixx", "Iyy", "Izz", "Ixy", "Iyz", "Izx"});
  auto entry = [&](const char* key) { return f.has(key) ? in.expression(f[key], object) : GiNaC::ex(0); };
  return in.yaml.guarded(node, object, [&] {
    return model::inertia_dyadic(frame, entry("Ixx"), entry("Iyy"), entry("Izz"), entry("Ixy"), entry("Iyz"),
                                 entry("Izx"));
  });
}

// {name, mass_center, frame, mass, inertia}: a rigid body.
void read_body(ModelValues& in, const JointsRead& joints, const YAML::Node& node) {
  std::string name, object;
  auto f = in.named(node, "body", {"name", "mass_center", "frame", "mass", "inertia"}, name, object);
  in.yaml.require(f, object, {"mass_center", "mass", "inertia"});
  if (!f.has("frame") && !joints.moved.count(name))
    in.yaml.fail(f.node(), object, "needs 'frame' (a body a joint moves takes the joint's frame)");
  in.claim("mass", name, f["name"], object);
  const auto frame = f.has("frame") ? in.frame_named(f["frame"], object) : in.system.frame(name);
  const auto center = mass_center(in, joints, f["mass_center"], name, frame, object);
  const auto m = in.mass(f, object);
  const auto I = inertia(in, f["inertia"], object, frame);
  in.yaml.guarded(f["inertia"], object, [&] { model::check_inertia(name, I, frame, in.system.parameter_values()); });
  in.yaml.guarded(f["name"], object, [&] { in.system.add_body({name, center, frame, m, I}); });
}

}  // namespace

void read_bodies(ModelValues& in, const Fields& top, const JointsRead& joints) {
  in.each(top, "particles", "particle", [&](const YAML::Node& item) { read_particle(in, item); });
  in.each(top, "bodies", "body", [&](const YAML::Node& item) { read_body(in, joints, item); });
  check_joint_bodies(in, joints);
}

}  // namespace adyn::io
