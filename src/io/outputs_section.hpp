#pragma once
// The `outputs:` section of model files (private to src/io): each entry a model::Output.
//
//   outputs:
//     tip_x: l*sin(theta)                             # an expression in q, q_d (or u), t, parameters, inputs
//     lateral: {expression: "dot(vel(P), B.y)", unit: m/s}
//     B0_x: {position: B0, component: [N, x]}         # a point's position from the origin along an axis
//     B0_vy: {velocity: B0, component: [N, y]}        # its velocity in the inertial frame along an axis
//     N_wire: {constraint_force: wire}                # the constraint's multiplier λ
//
// Errors are ModelFileErrors at the entry's key or value, naming the output.
#include <yaml-cpp/yaml.h>

#include <string>

#include "model_values.hpp"

namespace adyn::io {

void read_outputs(ModelValues& in, const YAML::Node& section);

}  // namespace adyn::io
