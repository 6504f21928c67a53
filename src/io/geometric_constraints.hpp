#pragma once
// The geometric constraints of model files (private to src/io): a constraint that states the
// geometry in place of an expression; adyn writes the rows (model/rolling_contact.hpp,
// model/convex_rolling_contact.hpp, model/joint_constraints.hpp).
//
//   rolling: {wheel, center, axle, radius, tube_radius, plane, normal, plane_point, tangents}
//                                                                                      a disk or torus
//   rolling: {body, center, ellipsoid: [a, b, c], plane, normal, plane_point}         a convex body
//   rolling: {body, center, paraboloid: [rho1, rho2], plane, normal, plane_point}
//   coincident: {points: [P, Q], frame}   on_plane: {point, through, normal}
//   on_line: {point, through, direction}  aligned: {axis, along}
//
// Each takes `rows: [...]`, the rows to keep (by what follows NAME in their names; the others are
// not added). A direction is a frame axis "B.z" or "-N.z", or a vector {FRAME: [c1, c2, c3]}. Errors are
// ModelFileErrors naming the constraint, at the key or value at fault.
#include <yaml-cpp/yaml.h>

#include <string>

#include "model_values.hpp"

namespace adyn::io {

/// Reads the geometric constraint `name` of kind `kind` (rolling, coincident, on_plane, on_line,
/// aligned) from `node` into the system; `object` names it in errors ("constraint 'NAME'").
void read_geometric_constraint(ModelValues& in, const std::string& name, const std::string& kind,
                               const YAML::Node& node, const std::string& object);

}  // namespace adyn::io
