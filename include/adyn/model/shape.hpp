#pragma once
// How a part of the system looks, for drawing it (model files' `geometry:` section; adyn animate):
// a box, cylinder, sphere, ellipsoid, disk or torus placed at a point with the axes of a frame, or a line
// between two points. Shapes have no mass: the dynamics never reads them.
#include <ginac/ginac.h>

#include <array>
#include <optional>
#include <string>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"

namespace adyn::model {

enum class ShapeKind { Box, Cylinder, Sphere, Ellipsoid, Disk, Torus, Line };

/// "box", "cylinder", "sphere", "ellipsoid", "disk", "torus", "line".
const char* shape_kind_name(ShapeKind kind);

struct Shape {
  std::string name;
  ShapeKind kind = ShapeKind::Sphere;
  kin::ReferenceFrame frame;             // the shape's axes
  kin::Point center;                     // where it is (a line: its first point)
  std::optional<kin::Point> to{};        // a line's second point
  /// Box: edge lengths along x, y, z; cylinder: radius, length; sphere: radius; ellipsoid:
  /// semi-axes along x, y, z; disk: radius, thickness; torus: radius, tube radius (unused entries 0).
  std::array<GiNaC::ex, 3> size{0, 0, 0};
  int axis = 2;                          // cylinder, disk, torus: the axis of symmetry (0, 1, 2 = x, y, z)
  std::string color{};                   // "#rrggbb", or "" for the viewer's palette
};

}  // namespace adyn::model
