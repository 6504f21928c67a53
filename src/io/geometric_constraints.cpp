#include "geometric_constraints.hpp"

#include <algorithm>
#include <set>

#include "adyn/model/convex_rolling_contact.hpp"
#include "adyn/model/joint_constraints.hpp"
#include "adyn/model/rolling_contact.hpp"
#include "model_values.hpp"

namespace adyn::io {
namespace {

// A direction: a frame axis "B.z" or "-N.z", or a vector {FRAME: [c1, c2, c3]}.
kin::Vector direction(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  if (node.IsMap()) return in.vector(node, object);
  const std::string s = in.yaml.text(node, object, "a direction such as B.z, -N.z or {B: [0, 0, 1]}");
  const bool negative = !s.empty() && s[0] == '-';
  const auto dot = s.rfind('.');
  static const std::string axes = "xyz";
  if (dot == std::string::npos || dot + 2 != s.size() || axes.find(s[dot + 1]) == std::string::npos)
    in.yaml.fail(node, object, "expected a frame axis such as B.z or -N.z, got " + in_quotes(s));
  const auto frame = in.frame_called(s.substr(negative ? 1 : 0, dot - (negative ? 1 : 0)), node, object);
  const kin::Vector axis = frame.basis(static_cast<int>(axes.find(s[dot + 1])));
  return negative ? -axis : axis;
}

// The plane of a rolling contact: its frame, unit normal and a point of it.
struct Plane {
  kin::ReferenceFrame ground;
  kin::Vector normal;
  kin::Point point;
};

using Rows = std::vector<std::string>;

// `rows: [x, y]`: the rows to keep, by what follows the constraint's name in theirs; the others
// are removed (the user's choice among rows that repeat each other, e.g. one wheel's lateral
// no-slip row of two on an axle).
void keep_rows(ModelValues& in, const std::string& name, const Rows& added, const YAML::Node& rows,
               const std::string& object) {
  std::string available;
  for (const auto& row : added) available += (available.empty() ? "" : ", ") + in_quotes(row.substr(name.size() + 1));
  if (!rows.IsSequence() || rows.size() == 0)
    in.yaml.fail(rows, object, "'rows' lists the rows to keep, some of " + available + ", got " + describe(rows));
  std::set<std::string> kept;
  for (const auto& r : rows) {
    const std::string row = name + " " + in.yaml.text(r, object, "a row of the constraint, one of " + available);
    if (std::find(added.begin(), added.end(), row) == added.end())
      in.yaml.fail(r, object,
                   "has no row " + in_quotes(r.Scalar()) + ": its rows are " + available +
                       " (a row that holds identically is left out)");
    if (!kept.insert(row).second) in.yaml.fail(r, object, "lists the row " + in_quotes(r.Scalar()) + " twice");
  }
  for (const auto& row : added)
    if (!kept.count(row)) in.system.remove_constraint(row);
}

Rows read_wheel(ModelValues& in, const std::string& name, const Fields& g, const Plane& plane,
                const std::string& object) {
  for (const char* key : {"ellipsoid", "paraboloid"})
    if (g.has(key))
      in.yaml.fail(g.key(key), object,
                   std::string("'") + key +
                       "' is the surface of a convex body: give 'body' in place of 'wheel' (a wheel "
                       "is a disk or torus of 'radius' and 'tube_radius' about its 'axle')");
  in.yaml.require(g, object, {"axle", "radius"});
  const bool wheel_tangents =
      g.has("tangents") && in.one_of(g["tangents"], object, "tangents", {"ground", "wheel"}) == "wheel";
  return model::add_rolling_contact(
      in.system,
      model::RollingContact{name, in.frame_named(g["wheel"], object), in.point_named(g["center"], object),
                            direction(in, g["axle"], object), in.expression(g["radius"], object),
                            g.has("tube_radius") ? in.expression(g["tube_radius"], object) : GiNaC::ex(0), plane.ground,
                            plane.normal, plane.point,
                            wheel_tangents ? model::ContactTangents::Wheel : model::ContactTangents::Ground});
}

Rows read_convex_body(ModelValues& in, const std::string& name, const Fields& g, const Plane& plane,
                      const std::string& object) {
  for (const char* key : {"axle", "radius", "tube_radius", "tangents"})
    if (g.has(key))
      in.yaml.fail(g.key(key), object,
                   std::string("'") + key +
                       "' is a wheel's: a convex body's surface is its 'ellipsoid: [a, b, c]' or "
                       "'paraboloid: [rho1, rho2]' (give 'wheel' in place of 'body' for a disk or torus)");
  if (g.has("ellipsoid") && g.has("paraboloid"))
    in.yaml.fail(g.key("paraboloid"), object,
                 "has both 'ellipsoid' and 'paraboloid': give the one surface that touches the plane");
  if (!g.has("ellipsoid") && !g.has("paraboloid"))
    in.yaml.fail(g.node(), object, "needs the body's surface: 'ellipsoid: [a, b, c]' or 'paraboloid: [rho1, rho2]'");
  const bool ellipsoid = g.has("ellipsoid");
  const YAML::Node& sizes = g[ellipsoid ? "ellipsoid" : "paraboloid"];
  model::ConvexRollingContact c{name,
                                in.frame_named(g["body"], object),
                                in.point_named(g["center"], object),
                                ellipsoid ? model::ConvexSurface::Ellipsoid : model::ConvexSurface::Paraboloid,
                                {0, 0, 0},
                                plane.ground,
                                plane.normal,
                                plane.point};
  const auto values = in.expressions(sizes, object, ellipsoid ? 3 : 2,
                                     ellipsoid ? "semi-axes [a, b, c]" : "radii of curvature [rho1, rho2]");
  std::copy(values.begin(), values.end(), c.size.begin());
  return model::add_rolling_contact(in.system, c);
}

Rows read_rolling(ModelValues& in, const std::string& name, const YAML::Node& node, const std::string& object) {
  auto g = in.yaml.fields(node, object,
                          {"wheel", "body", "center", "axle", "radius", "tube_radius", "ellipsoid", "paraboloid",
                           "plane", "normal", "plane_point", "tangents", "rows"});
  if (g.has("wheel") && g.has("body"))
    in.yaml.fail(
        g.key("body"), object,
        "has both 'wheel' and 'body': give 'wheel' for a disk or torus (axle, radius), 'body' for a convex body "
        "(ellipsoid or paraboloid)");
  if (!g.has("wheel") && !g.has("body"))
    in.yaml.fail(g.node(), object,
                 "needs 'wheel' (a disk or torus: wheel, center, axle, radius) or 'body' (a convex body: body, center, "
                 "ellipsoid: [a, b, c] or paraboloid: [rho1, rho2])");
  in.yaml.require(g, object, {"center", "normal"});
  const Plane plane{g.has("plane") ? in.frame_named(g["plane"], object) : in.system.inertial_frame(),
                    direction(in, g["normal"], object),
                    g.has("plane_point") ? in.point_named(g["plane_point"], object) : in.system.origin()};
  return g.has("wheel") ? read_wheel(in, name, g, plane, object) : read_convex_body(in, name, g, plane, object);
}

Rows read_coincident(ModelValues& in, const std::string& name, const YAML::Node& node, const std::string& object) {
  auto g = in.yaml.fields(node, object, {"points", "frame", "rows"});
  in.yaml.require(g, object, {"points"});
  if (!g["points"].IsSequence() || g["points"].size() != 2)
    in.yaml.fail(g["points"], object, "expected two point names [P, Q]");
  return model::add_coincident_points(in.system, name, in.point_named(g["points"][0], object),
                                      in.point_named(g["points"][1], object),
                                      g.has("frame") ? in.frame_named(g["frame"], object) : in.system.inertial_frame());
}

Rows read_point_on(ModelValues& in, const std::string& name, const std::string& kind, const YAML::Node& node,
                   const std::string& object) {
  const std::string along = kind == "on_plane" ? "normal" : "direction";
  auto g = in.yaml.fields(node, object, {"point", "through", along, "rows"});
  in.yaml.require(g, object, {"point", "through", along.c_str()});
  const auto P = in.point_named(g["point"], object), Q = in.point_named(g["through"], object);
  const auto v = direction(in, g[along], object);
  return kind == "on_plane" ? model::add_point_on_plane(in.system, name, P, Q, v)
                            : model::add_point_on_line(in.system, name, P, Q, v);
}

Rows read_aligned(ModelValues& in, const std::string& name, const YAML::Node& node, const std::string& object) {
  auto g = in.yaml.fields(node, object, {"axis", "along", "rows"});
  in.yaml.require(g, object, {"axis", "along"});
  return model::add_aligned_axes(in.system, name, direction(in, g["axis"], object), direction(in, g["along"], object));
}

}  // namespace

void read_geometric_constraint(ModelValues& in, const std::string& name, const std::string& kind,
                               const YAML::Node& node, const std::string& object) {
  const auto added = kind == "rolling"                         ? read_rolling(in, name, node, object)
                     : kind == "coincident"                    ? read_coincident(in, name, node, object)
                     : kind == "on_plane" || kind == "on_line" ? read_point_on(in, name, kind, node, object)
                                                               : read_aligned(in, name, node, object);
  if (node["rows"]) keep_rows(in, name, added, node["rows"], object);
}

}  // namespace adyn::io
