#include "geometry_section.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace adyn::io {
namespace {

using model::ShapeKind;

constexpr std::array<std::pair<const char*, ShapeKind>, 7> kinds = {{{"box", ShapeKind::Box},
                                                                     {"cylinder", ShapeKind::Cylinder},
                                                                     {"sphere", ShapeKind::Sphere},
                                                                     {"ellipsoid", ShapeKind::Ellipsoid},
                                                                     {"disk", ShapeKind::Disk},
                                                                     {"torus", ShapeKind::Torus},
                                                                     {"line", ShapeKind::Line}}};

// Why a shape takes no `axis`.
std::string without_axis(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Box:
      return "a box has its edges along its frame's x, y, z";
    case ShapeKind::Ellipsoid:
      return "an ellipsoid has its semi-axes along its frame's x, y, z";
    case ShapeKind::Line:
      return "a line has none";
    default:
      return "a sphere has none";
  }
}

// A positive length.
GiNaC::ex length(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  auto e = in.expression(node, object);
  if (GiNaC::is_a<GiNaC::numeric>(e) && !(GiNaC::ex_to<GiNaC::numeric>(e) > 0))
    in.yaml.fail(node, object, "a size must be positive, got " + in_quotes(node.Scalar()));
  return e;
}

// [x, y, z]: a box's edges, an ellipsoid's semi-axes.
void three_lengths(const ModelValues& in, const YAML::Node& node, const std::string& object, const std::string& what,
                   const std::string& has, model::Shape& shape) {
  const auto& items = in.yaml.list(node, object, what);
  if (items.size() != 3) in.yaml.fail(node, object, has + " " + what);
  for (std::size_t i = 0; i < 3; ++i) shape.size[i] = length(in, items[i], object);
}

void read_size(const ModelValues& in, const YAML::Node& node, const std::string& object, model::Shape& shape) {
  auto keyed = [&](std::initializer_list<const char*> keys, std::initializer_list<const char*> required) {
    auto f = in.yaml.fields(node, object, std::vector<std::string>(keys.begin(), keys.end()));
    in.yaml.require(f, object, required);
    std::size_t i = 0;
    for (const char* k : keys) {
      if (f.has(k)) shape.size[i] = length(in, f[k], object);
      ++i;
    }
  };
  switch (shape.kind) {
    case ShapeKind::Box:
      three_lengths(in, node, object, "three edge lengths [x, y, z]", "a box has", shape);
      break;
    case ShapeKind::Ellipsoid:
      three_lengths(in, node, object, "three semi-axes [a, b, c]", "an ellipsoid has", shape);
      break;
    case ShapeKind::Sphere:
      shape.size[0] = length(in, node, object);
      break;
    case ShapeKind::Cylinder:
      keyed({"radius", "length"}, {"radius", "length"});
      break;
    case ShapeKind::Disk:
      keyed({"radius", "thickness"}, {"radius"});
      if (shape.size[1].is_zero()) shape.size[1] = shape.size[0] / 20;
      break;
    case ShapeKind::Torus:
      keyed({"radius", "tube"}, {"radius", "tube"});
      break;
    case ShapeKind::Line: {
      const auto& ends = in.yaml.list(node, object, "two point names [P, Q]");
      if (ends.size() != 2) in.yaml.fail(node, object, "a line joins two points [P, Q]");
      shape.center = in.point_named(ends[0], object);
      shape.to = in.point_named(ends[1], object);
      break;
    }
  }
}

int axis(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  const auto a = in.yaml.text(node, object, "x, y or z");
  if (a == "x") return 0;
  if (a == "y") return 1;
  if (a == "z") return 2;
  in.yaml.fail(node, object, "the axis is x, y or z, not " + in_quotes(a));
}

std::string color(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  const auto c = in.yaml.text(node, object, "a colour #rrggbb");
  const bool hex = c.size() == 7 && c[0] == '#' && std::all_of(c.begin() + 1, c.end(), [](char ch) {
                     return std::isxdigit(static_cast<unsigned char>(ch));
                   });
  if (!hex) in.yaml.fail(node, object, "a colour is written #rrggbb, not " + in_quotes(c));
  return c;
}

void read_shape(ModelValues& in, const YAML::Node& node) {
  std::string name, object;
  auto f = in.named(
      node, "shape",
      {"name", "box", "cylinder", "sphere", "ellipsoid", "disk", "torus", "line", "frame", "center", "axis", "color"},
      name, object);
  in.claim("shape", name, f["name"], object);
  const char* kind = nullptr;
  ShapeKind shape_kind = ShapeKind::Sphere;
  for (const auto& [key, k] : kinds)
    if (f.has(key)) {
      if (kind)
        in.yaml.fail(f.key(key), object, std::string("has two shapes, '") + kind + "' and '" + key + "': give one");
      kind = key, shape_kind = k;
    }
  if (!kind) in.yaml.fail(node, object, "needs a shape: box, cylinder, sphere, ellipsoid, disk, torus or line");
  model::Shape shape{.name = name,
                     .kind = shape_kind,
                     .frame = f.has("frame") ? in.frame_named(f["frame"], object) : in.system.inertial_frame(),
                     .center = f.has("center") ? in.point_named(f["center"], object) : in.system.origin()};
  read_size(in, f[kind], object, shape);
  if (f.has("axis")) {
    if (shape_kind != ShapeKind::Cylinder && shape_kind != ShapeKind::Disk && shape_kind != ShapeKind::Torus)
      in.yaml.fail(f.key("axis"), object,
                   "'axis' is the axis of symmetry of a cylinder, disk or torus; " + without_axis(shape_kind));
    shape.axis = axis(in, f["axis"], object);
  }
  if (f.has("color")) shape.color = color(in, f["color"], object);
  in.yaml.guarded(node, object, [&] { in.system.add_shape(shape); });
}

}  // namespace

void read_geometry(ModelValues& in, const YAML::Node& section) {
  for (const auto& item : in.yaml.list(section, "geometry", "shapes"))
    in.yaml.guarded(item, "shape", [&] { read_shape(in, item); });
}

}  // namespace adyn::io
