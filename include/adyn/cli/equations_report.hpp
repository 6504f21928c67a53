#pragma once
// Printing equations of motion for the command line: M u̇ = F (+ Gᵀλ, G u̇ = g), q̇ = N u + n.
#include <ostream>

#include "adyn/cli/kinematics_report.hpp"
#include "adyn/formulations/equations_of_motion.hpp"

namespace adyn::cli {

void write_equations(const formulations::EquationsOfMotion& eom, Format format, std::ostream& out);

}  // namespace adyn::cli
