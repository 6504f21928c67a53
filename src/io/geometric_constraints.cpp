#include "geometric_constraints.hpp"

#include <algorithm>
#include <set>

#include "adyn/model/convex_rolling_contact.hpp"
#include "adyn/model/joint_constraints.hpp"
#include "adyn/model/rolling_contact.hpp"
#include "model_values.hpp"

namespace adyn::io {
namespace {

class GeometricConstraintReader : public ModelValues {
 public:
  using ModelValues::ModelValues;

  void read(const std::string& name, const std::string& kind, const YAML::Node& node, const std::string& object) {
    const auto added = kind == "rolling"                        ? read_rolling(name, node, object)
                       : kind == "coincident"                   ? read_coincident(name, node, object)
                       : kind == "on_plane" || kind == "on_line" ? read_point_on(name, kind, node, object)
                                                                : read_aligned(name, node, object);
    if (node["rows"]) keep_rows(name, added, node["rows"], object);
  }

 private:
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
  void keep_rows(const std::string& name, const Rows& added, const YAML::Node& rows, const std::string& object) {
    std::string available;
    for (const auto& row : added) available += (available.empty() ? "" : ", ") + in_quotes(row.substr(name.size() + 1));
    if (!rows.IsSequence() || rows.size() == 0)
      fail(rows, object, "'rows' lists the rows to keep, some of " + available + ", got " + describe(rows));
    std::set<std::string> kept;
    for (const auto& r : rows) {
      const std::string row = name + " " + text(r, object, "a row of the constraint, one of " + available);
      if (std::find(added.begin(), added.end(), row) == added.end())
        fail(r, object, "has no row " + in_quotes(r.Scalar()) + ": its rows are " + available +
                            " (a row that holds identically is left out)");
      if (!kept.insert(row).second) fail(r, object, "lists the row " + in_quotes(r.Scalar()) + " twice");
    }
    for (const auto& row : added)
      if (!kept.count(row)) system_.remove_constraint(row);
  }

  Rows read_rolling(const std::string& name, const YAML::Node& node, const std::string& object) {
    auto g = fields(node, object,
                    {"wheel", "body", "center", "axle", "radius", "tube_radius", "ellipsoid", "paraboloid", "plane",
                     "normal", "plane_point", "tangents", "rows"});
    if (g.has("wheel") && g.has("body"))
      fail(g.key("body"), object,
           "has both 'wheel' and 'body': give 'wheel' for a disk or torus (axle, radius), 'body' for a convex body "
           "(ellipsoid or paraboloid)");
    if (!g.has("wheel") && !g.has("body"))
      fail(g.node(), object,
           "needs 'wheel' (a disk or torus: wheel, center, axle, radius) or 'body' (a convex body: body, center, "
           "ellipsoid: [a, b, c] or paraboloid: [rho1, rho2])");
    require(g, object, {"center", "normal"});
    const Plane plane{g.has("plane") ? frame_named(g["plane"], object) : system_.inertial_frame(),
                      direction(g["normal"], object),
                      g.has("plane_point") ? point_named(g["plane_point"], object) : system_.origin()};
    return g.has("wheel") ? read_wheel(name, g, plane, object) : read_convex_body(name, g, plane, object);
  }

  Rows read_wheel(const std::string& name, const Fields& g, const Plane& plane, const std::string& object) {
    for (const char* key : {"ellipsoid", "paraboloid"})
      if (g.has(key))
        fail(g.key(key), object,
             std::string("'") + key + "' is the surface of a convex body: give 'body' in place of 'wheel' (a wheel "
                                      "is a disk or torus of 'radius' and 'tube_radius' about its 'axle')");
    require(g, object, {"axle", "radius"});
    const bool wheel_tangents =
        g.has("tangents") && one_of(g["tangents"], object, "tangents", {"ground", "wheel"}) == "wheel";
    return model::add_rolling_contact(
        system_, model::RollingContact{name, frame_named(g["wheel"], object), point_named(g["center"], object),
                                       direction(g["axle"], object), expression(g["radius"], object),
                                       g.has("tube_radius") ? expression(g["tube_radius"], object) : ex(0),
                                       plane.ground, plane.normal, plane.point,
                                       wheel_tangents ? model::ContactTangents::Wheel : model::ContactTangents::Ground});
  }

  Rows read_convex_body(const std::string& name, const Fields& g, const Plane& plane, const std::string& object) {
    for (const char* key : {"axle", "radius", "tube_radius", "tangents"})
      if (g.has(key))
        fail(g.key(key), object,
             std::string("'") + key + "' is a wheel's: a convex body's surface is its 'ellipsoid: [a, b, c]' or "
                                      "'paraboloid: [rho1, rho2]' (give 'wheel' in place of 'body' for a disk or torus)");
    if (g.has("ellipsoid") && g.has("paraboloid"))
      fail(g.key("paraboloid"), object, "has both 'ellipsoid' and 'paraboloid': give the one surface that touches the plane");
    if (!g.has("ellipsoid") && !g.has("paraboloid"))
      fail(g.node(), object, "needs the body's surface: 'ellipsoid: [a, b, c]' or 'paraboloid: [rho1, rho2]'");
    const bool ellipsoid = g.has("ellipsoid");
    const YAML::Node& sizes = g[ellipsoid ? "ellipsoid" : "paraboloid"];
    model::ConvexRollingContact c{name,
                                  frame_named(g["body"], object),
                                  point_named(g["center"], object),
                                  ellipsoid ? model::ConvexSurface::Ellipsoid : model::ConvexSurface::Paraboloid,
                                  {0, 0, 0},
                                  plane.ground,
                                  plane.normal,
                                  plane.point};
    const auto values = expressions(sizes, object, ellipsoid ? 3 : 2,
                                    ellipsoid ? "semi-axes [a, b, c]" : "radii of curvature [rho1, rho2]");
    std::copy(values.begin(), values.end(), c.size.begin());
    return model::add_rolling_contact(system_, c);
  }

  Rows read_coincident(const std::string& name, const YAML::Node& node, const std::string& object) {
    auto g = fields(node, object, {"points", "frame", "rows"});
    require(g, object, {"points"});
    if (!g["points"].IsSequence() || g["points"].size() != 2) fail(g["points"], object, "expected two point names [P, Q]");
    return model::add_coincident_points(system_, name, point_named(g["points"][0], object), point_named(g["points"][1], object),
                                 g.has("frame") ? frame_named(g["frame"], object) : system_.inertial_frame());
  }

  Rows read_point_on(const std::string& name, const std::string& kind, const YAML::Node& node, const std::string& object) {
    const std::string along = kind == "on_plane" ? "normal" : "direction";
    auto g = fields(node, object, {"point", "through", along, "rows"});
    require(g, object, {"point", "through", along.c_str()});
    const auto P = point_named(g["point"], object), Q = point_named(g["through"], object);
    const auto v = direction(g[along], object);
    return kind == "on_plane" ? model::add_point_on_plane(system_, name, P, Q, v)
                              : model::add_point_on_line(system_, name, P, Q, v);
  }

  Rows read_aligned(const std::string& name, const YAML::Node& node, const std::string& object) {
    auto g = fields(node, object, {"axis", "along", "rows"});
    require(g, object, {"axis", "along"});
    return model::add_aligned_axes(system_, name, direction(g["axis"], object), direction(g["along"], object));
  }

  // A direction: a frame axis "B.z" or "-N.z", or a vector {FRAME: [c1, c2, c3]}.
  kin::Vector direction(const YAML::Node& node, const std::string& object) const {
    if (node.IsMap()) return vector(node, object);
    const std::string s = text(node, object, "a direction such as B.z, -N.z or {B: [0, 0, 1]}");
    const bool negative = !s.empty() && s[0] == '-';
    const auto dot = s.rfind('.');
    static const std::string axes = "xyz";
    if (dot == std::string::npos || dot + 2 != s.size() || axes.find(s[dot + 1]) == std::string::npos)
      fail(node, object, "expected a frame axis such as B.z or -N.z, got " + in_quotes(s));
    const auto frame = frame_called(s.substr(negative ? 1 : 0, dot - (negative ? 1 : 0)), node, object);
    const kin::Vector axis = frame.basis(static_cast<int>(axes.find(s[dot + 1])));
    return negative ? -axis : axis;
  }
};

}  // namespace

void read_geometric_constraint(const std::string& name, const std::string& kind, const YAML::Node& node,
                               const std::string& object, const std::string& source, model::System& system) {
  GeometricConstraintReader(source, system).read(name, kind, node, object);
}

}  // namespace adyn::io
