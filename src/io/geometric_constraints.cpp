#include "geometric_constraints.hpp"

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
    if (kind == "rolling") read_rolling(name, node, object);
    else if (kind == "coincident") read_coincident(name, node, object);
    else if (kind == "on_plane" || kind == "on_line") read_point_on(name, kind, node, object);
    else read_aligned(name, node, object);
  }

 private:
  // The plane of a rolling contact: its frame, unit normal and a point of it.
  struct Plane {
    kin::ReferenceFrame ground;
    kin::Vector normal;
    kin::Point point;
  };

  void read_rolling(const std::string& name, const YAML::Node& node, const std::string& object) {
    auto g = fields(node, object,
                    {"wheel", "body", "center", "axle", "radius", "tube_radius", "ellipsoid", "paraboloid", "plane",
                     "normal", "plane_point"});
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
    if (g.has("wheel")) read_wheel(name, g, plane, object);
    else read_convex_body(name, g, plane, object);
  }

  void read_wheel(const std::string& name, const Fields& g, const Plane& plane, const std::string& object) {
    for (const char* key : {"ellipsoid", "paraboloid"})
      if (g.has(key))
        fail(g.key(key), object,
             std::string("'") + key + "' is the surface of a convex body: give 'body' in place of 'wheel' (a wheel "
                                      "is a disk or torus of 'radius' and 'tube_radius' about its 'axle')");
    require(g, object, {"axle", "radius"});
    model::add_rolling_contact(
        system_, model::RollingContact{name, frame_named(g["wheel"], object), point_named(g["center"], object),
                                       direction(g["axle"], object), expression(g["radius"], object),
                                       g.has("tube_radius") ? expression(g["tube_radius"], object) : ex(0),
                                       plane.ground, plane.normal, plane.point});
  }

  void read_convex_body(const std::string& name, const Fields& g, const Plane& plane, const std::string& object) {
    for (const char* key : {"axle", "radius", "tube_radius"})
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
    model::add_rolling_contact(system_, c);
  }

  void read_coincident(const std::string& name, const YAML::Node& node, const std::string& object) {
    auto g = fields(node, object, {"points", "frame"});
    require(g, object, {"points"});
    if (!g["points"].IsSequence() || g["points"].size() != 2) fail(g["points"], object, "expected two point names [P, Q]");
    model::add_coincident_points(system_, name, point_named(g["points"][0], object), point_named(g["points"][1], object),
                                 g.has("frame") ? frame_named(g["frame"], object) : system_.inertial_frame());
  }

  void read_point_on(const std::string& name, const std::string& kind, const YAML::Node& node, const std::string& object) {
    const std::string along = kind == "on_plane" ? "normal" : "direction";
    auto g = fields(node, object, {"point", "through", along});
    require(g, object, {"point", "through", along.c_str()});
    const auto P = point_named(g["point"], object), Q = point_named(g["through"], object);
    const auto v = direction(g[along], object);
    if (kind == "on_plane") model::add_point_on_plane(system_, name, P, Q, v);
    else model::add_point_on_line(system_, name, P, Q, v);
  }

  void read_aligned(const std::string& name, const YAML::Node& node, const std::string& object) {
    auto g = fields(node, object, {"axis", "along"});
    require(g, object, {"axis", "along"});
    model::add_aligned_axes(system_, name, direction(g["axis"], object), direction(g["along"], object));
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
