#pragma once
// What `adyn simulate` (and the Python module's simulate) integrates: the options — given ones over
// the model file's `simulation:` settings over the defaults — and the initial state — the model's
// initial conditions as given, those not given completed to satisfy the constraints.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"

namespace CLI {
class App;
}

namespace adyn::cli {

/// Options given for one run (the command line's, or a Python call's); unset ones come from the
/// model file, then from numeric::SimulationOptions' defaults.
struct SimulationOverrides {
  std::optional<double> t_end, output_step, rtol, atol, baumgarte;
  std::optional<std::string> integrator;  // dopri, bdf, ida or midpoint
  std::optional<std::string> backend;     // tape or native
  std::optional<std::string> constraint_solver;  // augmented-lagrangian or kkt
  std::optional<bool> projection;
  bool mass_matrix = false;  // --mass-matrix: u̇ from the derived M u̇ = F, never the articulated-body algorithm
  std::optional<long> max_steps{};  // the run's step budget (numeric::SimulationOptions::max_steps_per_run)
  std::optional<double> max_time{};  // its wall-clock budget in s (numeric::SimulationOptions::max_wall_seconds)
  std::vector<std::string> inputs{};  // --input NAME=VALUE: the values of the model's inputs (set_inputs)
};

/// --t-end, --dt, --rtol, --atol, --integrator, --no-projection, --baumgarte, --backend, --mass-matrix,
/// --constraint-solver, --max-steps, --max-time, --input.
void add_simulation_options(CLI::App& command, SimulationOverrides& given);

/// Sets the model's inputs from NAME=VALUE assignments (--input), all or none; NAME=FILE (a value
/// that is not a number and names a file) is a tabulated input, left to tabulated_inputs. Throws
/// adyn::ModelError naming the assignment when it is malformed, its value neither a number nor a
/// file or its input given twice, and naming the input when the model has none of that name or the
/// value is not finite.
void set_inputs(model::System& system, const std::vector<std::string>& assignments);

/// The tabulated inputs among the assignments (NAME=FILE, input_table.hpp) as an input law; none:
/// an empty law. Throws adyn::ModelFileError for a table that cannot be read.
numeric::InputLaw tabulated_inputs(const std::vector<std::string>& assignments);

/// Throws adyn::ModelError for an unknown integrator or backend name.
numeric::SimulationOptions simulation_options(const SimulationOverrides& given, const io::SimulationSetup& setup);

/// q and u from the initial conditions, those not given completed to satisfy the constraints
/// (analysis::complete_initial_state, which throws for given values it cannot keep); throws
/// adyn::ModelError (adyn::SingularityError at gimbal lock) as analysis::check_orientations.
analysis::InitialState initial_state(const io::ModelDocument& doc);

/// The equations `simulate` integrates by `method`: for an unconstrained tree that the
/// articulated-body algorithm evaluates (options.articulated_body), formulations::tree_equations,
/// which skips the mass-matrix form; else the method's whole derivation.
formulations::EquationsOfMotion equations_to_integrate(const model::System& system, const std::string& method,
                                                       const numeric::SimulationOptions& options);

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
