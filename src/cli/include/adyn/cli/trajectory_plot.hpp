#pragma once
// The figure of a simulated trajectory (`adyn simulate --plot`): panels against time of the
// coordinates, the speeds, the energy error and — for a constrained system — the constraint
// violation (logarithmic when positive). Coordinates that enter the equations as arguments of
// sin, cos or tan with a numeric coefficient are angles and are labelled in rad (their rates in
// rad/s); time is in s when the model states units.
#include "adyn/cli/plot.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::cli {

plot::Figure trajectory_figure(const model::System& system, const formulations::EquationsOfMotion& eom,
                               const numeric::Trajectory& trajectory, const numeric::SimulationOptions& options);

}  // namespace adyn::cli
