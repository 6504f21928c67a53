#pragma once
// Printing equations of motion for the command line.
#include <ostream>

#include "adyn/formulations/equations_of_motion.hpp"

namespace adyn::cli {

enum class EquationsFormat { Text, Latex, C };

/// Writes the equations (trigonometrically simplified first) in the given format.
void write_equations(const formulations::EquationsOfMotion& eom, EquationsFormat format, std::ostream& out);

}  // namespace adyn::cli
