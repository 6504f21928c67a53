#pragma once
// What a simulation (`adyn simulate`, `adyn animate`, Python's Equations.simulate) integrates: the
// options — given ones over the model file's `simulation:` settings over the defaults —, the
// equations, and the initial state — the model's initial conditions as given, those not given
// completed to satisfy the constraints.
#include <optional>
#include <string>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::application {

/// Options given for one run (the command line's, or a Python call's); unset ones come from the
/// model file, then from numeric::SimulationOptions' defaults.
struct SimulationOverrides {
  std::optional<double> t_end, output_step, rtol, atol, baumgarte;
  std::optional<std::string> integrator;  // a key of numeric::integrators()
  std::optional<std::string> backend;     // a key of numeric::backends()
  std::optional<std::string> constraint_solver;  // augmented-lagrangian or kkt
  std::optional<bool> projection;
  bool mass_matrix = false;  // u̇ from the derived M u̇ = F, never the articulated-body algorithm
  std::optional<long> max_steps{};  // the run's step budget (numeric::SimulationOptions::max_steps_per_run)
  std::optional<double> max_time{};  // its wall-clock budget in s (numeric::SimulationOptions::max_wall_seconds)
  std::optional<double> step{};  // the fixed-step integrators' step (numeric::SimulationOptions::fixed_step)
};

/// The run's options; its input law is left empty (the caller's: tabulated or a function). Throws
/// adyn::ModelError for an unknown integrator, backend or constraint solver, a step budget below 1
/// or a wall-clock budget that is not a positive number.
numeric::SimulationOptions simulation_options(const SimulationOverrides& given, const io::SimulationSetup& setup);

/// q and u from the initial conditions, those not given completed to satisfy the constraints
/// (analysis::complete_initial_state, which throws for given values it cannot keep); throws
/// adyn::ModelError (adyn::SingularityError at gimbal lock) as analysis::check_orientations.
analysis::InitialState initial_state(const io::ModelDocument& doc);

/// The equations a simulation integrates by `method`: where the articulated-body algorithm may
/// evaluate them (options.articulated_body, no constraints or events), formulations::tree_equations,
/// which skips the mass-matrix form and leaves the tree to be derived when compiled
/// (numeric::CompiledSystem derives M u' = F for a system that is not a tree); where Lagrange's
/// equations of a system whose constraints close a tree are asked for (options.articulated_body),
/// formulations::closed_tree_equations, M and F by the tree's recursions; else the method's whole
/// derivation.
formulations::EquationsOfMotion equations_to_integrate(const model::System& system, const std::string& method,
                                                       const numeric::SimulationOptions& options);

/// What a run from `initial` reports besides its samples: how the initial state was completed
/// (summary.initial_state) and the joint limits the motion went beyond (summary.warnings).
void add_run_notes(numeric::Trajectory& trajectory, const io::ModelDocument& doc, const analysis::InitialState& initial);

}  // namespace adyn::application
