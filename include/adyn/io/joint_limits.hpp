#pragma once
// The joints' limits (model/joint_loads.hpp: the position range and the speed bound of a
// revolute or prismatic joint, from a model file's `limits:`, Python's add_joint or a URDF's
// <limit>) along a trajectory. The equations do not enforce them (a joint stop is an impact or a
// constraint the description does not state); a run that leaves them is said, not changed.
#include <string>
#include <vector>

#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::io {

/// One message per joint of `doc.system.joints()` whose coordinate leaves its range [lower, upper]
/// or whose rate exceeds its velocity bound in the samples of `trajectory`: the first sample
/// beyond, and the value furthest beyond with its time, e.g. "joint 'gripper_slide' left its range
/// [0, 0.1] m at t = 0.12 (q = -0.001), furthest at t = 1 (q = -0.52): the equations do not enforce
/// a description's limits". Empty for a model without joints or limits.
std::vector<std::string> joint_limit_excursions(const ModelDocument& doc, const numeric::Trajectory& trajectory);

}  // namespace adyn::io
