#pragma once
// The simulation options of `adyn simulate` and `adyn animate` (application/simulation_setup.hpp
// holds what they mean), their --input assignments, the run with a progress bar and its summary.
#include <ostream>
#include <string>
#include <vector>

#include "adyn/application/simulation_setup.hpp"

namespace CLI {
class App;
}

namespace adyn::cli {

/// The options of one run as given on the command line.
struct SimulationArguments {
  application::SimulationOverrides given{};
  std::vector<std::string> inputs{};  // --input NAME=VALUE|FILE: the values of the model's inputs (set_inputs)
};

/// --t-end, --dt, --rtol, --atol, --integrator, --no-projection, --baumgarte, --backend, --mass-matrix,
/// --constraint-solver, --max-steps, --max-time, --input.
void add_simulation_options(CLI::App& command, SimulationArguments& arguments);

/// Sets the model's inputs from NAME=VALUE assignments (--input), all or none; NAME=FILE (a value
/// that is not a number and names a file) is a tabulated input, left to tabulated_inputs. Throws
/// adyn::ModelError naming the assignment when it is malformed, its value neither a number nor a
/// file or its input given twice, and naming the input when the model has none of that name or the
/// value is not finite.
void set_inputs(model::System& system, const std::vector<std::string>& assignments);

/// The tabulated inputs among the assignments (NAME=FILE, input_table.hpp) as an input law; none:
/// an empty law. Throws adyn::ModelFileError for a table that cannot be read.
numeric::InputLaw tabulated_inputs(const std::vector<std::string>& assignments);

/// The run's options (application::simulation_options) with the tabulated inputs' law.
numeric::SimulationOptions simulation_options(const SimulationArguments& arguments, const io::SimulationSetup& setup);

/// Integrates from the initial state (its completion recorded in the summary), with a progress bar
/// when `err` is a terminal. The set-up (the
/// initial state, the evaluator and the monitors) is the stage "code generation", which a signal
/// ends at once; from the first sample on, the stage "integration", which a signal stops keeping
/// the samples so far (interruption.hpp).
numeric::Trajectory integrate(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                              numeric::SimulationOptions options, std::ostream& err);

/// How the initial state was completed, "simulated to t = ...: samples, steps, evaluations" and the
/// monitors' maxima.
void write_summary(const numeric::Trajectory& trajectory, std::ostream& out);

}  // namespace adyn::cli
