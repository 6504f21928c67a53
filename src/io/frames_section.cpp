// frames: and points: (docs/model-format.md, "Frames", "Points").
#include "adyn/kinematics/orientation.hpp"
#include "sections.hpp"

namespace adyn::io {
namespace {

kin::Orientation make_orientation(const ModelValues& in, const Fields& f, const std::string& kind,
                                  const std::string& object) {
  if (kind == "axis") return kin::Orientation::axis(in.axis(f["axis"], object), in.expression(f["angle"], object));
  if (kind == "quaternion") {
    auto e = in.expressions(f["quaternion"], object, 4, "Euler parameters");
    return kin::Orientation::quaternion({e[0], e[1], e[2], e[3]});
  }
  if (kind == "rodrigues") {
    auto r = in.expressions(f["rodrigues"], object, 3, "Rodrigues parameters");
    return kin::Orientation::rodrigues({r[0], r[1], r[2]});
  }
  if (kind == "dcm") return kin::Orientation::dcm(in.matrix3(f["dcm"], object, "dcm"));
  auto a = in.expressions(f["angles"], object, 3, "angles");
  auto sequence = in.yaml.text(f[kind], object, "a rotation sequence such as \"313\"");
  return kind == "body_fixed" ? kin::Orientation::body_fixed(sequence, {a[0], a[1], a[2]})
                              : kin::Orientation::space_fixed(sequence, {a[0], a[1], a[2]});
}

// axis + angle, body_fixed/space_fixed + angles, quaternion, rodrigues or dcm.
kin::Orientation orientation(const ModelValues& in, const Fields& f, const std::string& object) {
  static const std::vector<std::string> kinds = {"axis", "body_fixed", "space_fixed", "quaternion", "rodrigues", "dcm"};
  const auto& yaml = in.yaml;
  std::string kind;
  for (const auto& k : kinds)
    if (f.has(k)) {
      if (!kind.empty()) yaml.fail(f.key(k), object, "has two orientations, '" + kind + "' and '" + k + "': give one");
      kind = k;
    }
  if (kind.empty())
    yaml.fail(f.node(), object,
              "needs an orientation: axis + angle, body_fixed/space_fixed + angles, quaternion, rodrigues or dcm");
  const bool euler = kind == "body_fixed" || kind == "space_fixed";
  if (f.has("angle") && kind != "axis") yaml.fail(f.key("angle"), object, "'angle' goes with 'axis'");
  if (f.has("angles") && !euler) yaml.fail(f.key("angles"), object, "'angles' go with 'body_fixed' or 'space_fixed'");
  if (kind == "axis") yaml.require(f, object, {"angle"});
  if (euler) yaml.require(f, object, {"angles"});
  auto o = yaml.guarded(f[kind], object, [&] { return make_orientation(in, f, kind, object); });
  // A given dcm or quaternion of numbers must be a rotation (coordinates: checked at the state).
  const auto defect = yaml.guarded(f[kind], object, [&] { return o.rotation_defect(in.system.parameter_values()); });
  if (!defect.empty()) yaml.fail(f[kind], object, defect.text());
  return o;
}

// {name, from, position, fixed_in, velocity}
void read_point(ModelValues& in, const YAML::Node& node) {
  const auto& yaml = in.yaml;
  std::string name, object;
  auto f = in.named(node, "point", {"name", "from", "position", "fixed_in", "velocity"}, name, object);
  in.claim("point", name, f["name"], object);
  kin::Point point = yaml.guarded(f["name"], object, [&] { return kin::Point(name); });
  yaml.guarded(f["name"], object, [&] { in.system.add_point(point); });
  if (f.has("position") && !f.has("from"))
    yaml.fail(f.key("position"), object, "a position needs 'from' (the point it is measured from)");
  if (f.has("from")) {
    auto from = in.point_named(f["from"], object);
    kin::Vector r = f.has("position") ? in.vector(f["position"], object) : kin::Vector();
    yaml.guarded(f["from"], object, [&] { point.set_position(from, r); });
  }
  if (f.has("fixed_in")) {
    const auto& frames = f["fixed_in"];
    const auto fix = [&](const YAML::Node& item) {
      auto frame = in.frame_named(item, object);
      yaml.guarded(item, object, [&] { point.fix_in(frame); });
    };
    if (!frames.IsSequence())
      fix(frames);
    else
      for (const auto& item : frames) fix(item);
  }
  if (f.has("velocity")) {
    auto v = in.vector(f["velocity"], object);
    yaml.guarded(f["velocity"], object, [&] { point.set_velocity(in.system.inertial_frame(), v); });
  }
}

}  // namespace

std::map<std::string, SourcePosition> read_frames(ModelValues& in, const YAML::Node& section) {
  struct Declared {
    kin::ReferenceFrame frame;
    std::string object;
    Fields fields;
  };
  const auto& yaml = in.yaml;
  std::vector<Declared> frames;
  for (const auto& item : yaml.list(section, "frames", "frame entries")) {
    std::string name, object;
    auto f = in.named(
        item, "frame",
        {"name", "parent", "axis", "angle", "body_fixed", "space_fixed", "angles", "quaternion", "rodrigues", "dcm"},
        name, object);
    yaml.require(f, object, {"parent"});
    in.claim("frame", name, f["name"], object);
    kin::ReferenceFrame frame = yaml.guarded(f["name"], object, [&] { return kin::ReferenceFrame(name); });
    yaml.guarded(f["name"], object, [&] { in.system.add_frame(frame); });
    frames.push_back({frame, object, std::move(f)});
  }
  std::map<std::string, SourcePosition> orientations;
  for (auto& declared : frames) {  // (clang before 16 lets no lambda capture a structured binding)
    auto& frame = declared.frame;
    const auto& object = declared.object;
    const auto& f = declared.fields;
    auto parent = in.frame_named(f["parent"], object);
    auto o = orientation(in, f, object);
    yaml.guarded(f["parent"], object, [&] { frame.orient(parent, o); });
    for (const char* kind : {"dcm", "quaternion"})  // rotations or not by the coordinates' values
      if (f.has(kind)) orientations[object] = position_of(f[kind]);
  }
  return orientations;
}

void read_points(ModelValues& in, const Fields& top) {
  in.each(top, "points", "point", [&](const YAML::Node& item) { read_point(in, item); });
}

}  // namespace adyn::io
