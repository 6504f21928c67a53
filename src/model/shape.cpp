// Shapes for drawing (shape.hpp).
#include "adyn/model/shape.hpp"

namespace adyn::model {

const char* shape_kind_name(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Box: return "box";
    case ShapeKind::Cylinder: return "cylinder";
    case ShapeKind::Disk: return "disk";
    case ShapeKind::Torus: return "torus";
    case ShapeKind::Ellipsoid: return "ellipsoid";
    case ShapeKind::Line: return "line";
    case ShapeKind::Sphere: break;
  }
  return "sphere";
}

}  // namespace adyn::model
