#pragma once
// The outputs' rows of the linearization (linearization.hpp, private to src/analysis):
// δy = h_q T δq_i + h_u δu + h_w δw at the operating point.
#include <ginac/ginac.h>

#include "adyn/analysis/linearization.hpp"

namespace adyn::analysis {

/// Sets lin.outputs, lin.Cq (with δq = T_kept δq_kept), lin.Cu and lin.Dw (over lin.inputs) for
/// the system's outputs at the point `at` (exact numbers). Throws adyn::NotApplicableError naming
/// an output that is a constraint force, or whose partial along a coordinate dropped as ignorable
/// (the columns T_ignorable, lin.ignorable) is not zero.
void linearize_outputs(const model::System& system, const formulations::EquationsOfMotion& eom, const GiNaC::exmap& at,
                       const GiNaC::matrix& T_kept, const GiNaC::matrix& T_ignorable, LinearizedEquations& lin);

}  // namespace adyn::analysis
