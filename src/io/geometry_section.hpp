#pragma once
// The `geometry:` section of model files (private to src/io): each entry a model::Shape.
//
//   geometry:
//     - {name: wheel, torus: {radius: rR, tube: 0.02}, frame: R, center: CR, axis: y}
//     - {name: frame, box: [0.5, 0.05, 0.05], frame: B, center: GB, color: "#7f7f7f"}
//     - {name: bob, sphere: 0.1, center: P2}
//     - {name: shell, ellipsoid: [a, b, c], frame: B, center: E}
//     - {name: disk, disk: {radius: r, thickness: 0.01}, frame: D, center: G}
//     - {name: axle, cylinder: {radius: 0.01, length: 0.3}, frame: R, center: CR, axis: y}
//     - {name: rod, line: [O, P1]}
//
// frame defaults to the inertial frame, center to the origin, axis to z. Errors are
// ModelFileErrors at the entry's key or value.
#include <yaml-cpp/yaml.h>

#include <string>

#include "model_values.hpp"

namespace adyn::io {

void read_geometry(ModelValues& in, const YAML::Node& section);

}  // namespace adyn::io
