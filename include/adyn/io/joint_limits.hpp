#pragma once
// A robot description's joint limits (URDF <limit>: the position range and the speed bound) along a
// trajectory. The equations do not enforce them (a joint stop is an impact or a constraint the
// description does not state); a run that leaves them is said, not changed.
#include <string>
#include <vector>

#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::io {

/// One message per joint of `doc.joints` whose coordinate leaves its range [lower, upper] or whose
/// rate exceeds its velocity bound in the samples of `trajectory`: the first sample beyond, and the
/// value furthest beyond with its time, e.g. "joint 'gripper_slide' left its range [0, 0.1] m at
/// t = 0.12 (q = -0.001), furthest at t = 1 (q = -0.52): URDF limits are not enforced". A range
/// with lower >= upper (URDF's default 0, 0) states none. Empty for a model without joints.
std::vector<std::string> joint_limit_excursions(const ModelDocument& doc, const numeric::Trajectory& trajectory);

}  // namespace adyn::io
