#pragma once
// The kinematics report of a system: angular velocities and accelerations of its frames,
// velocities and accelerations of its points, partial (angular) velocities w.r.t. the speeds.
#include <ostream>

#include "adyn/model/system.hpp"

namespace adyn::cli {

enum class Format { Text, Latex };

void write_kinematics_report(const model::System& system, Format format, std::ostream& out);

}  // namespace adyn::cli
