#pragma once
// What a simulation run sets up besides its integrator (simulation.cpp): the options and the
// initial state checked, the input law bound to the run's parameter values, and the outputs of a sample.
#include <Eigen/Dense>

#include <functional>
#include <string>
#include <vector>

#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/simulation.hpp"
#include "simulation_monitors.hpp"

namespace adyn::numeric {

/// Throws adyn::ModelError ("initial state") for a state of the wrong size, or a value that is not
/// finite or beyond 2^52 (a double cannot follow its changes).
void check_initial_state(const std::vector<std::string>& coordinates, const std::vector<std::string>& speeds,
                         const formulations::State& x0);

/// Throws adyn::ModelError naming the model when it has no particle and no rigid body: nothing in
/// it has inertia, so its equations have no accelerations to integrate (a model of kinematics).
void check_inertia(const model::System& system);

/// Refuses options that do not go with the compiled equations or the model (bad input, before the
/// run, saying what does go): Baumgarte stabilization or IDA for equations that eliminate their
/// constraint rows, IDA with Baumgarte, the fixed-step integrators with the model's events, the
/// index-3 augmented Lagrangian without constraints or with speeds that are not the rates. Throws
/// adyn::NotApplicableError or adyn::ModelError.
void check_combination(const SimulationOptions& options, const CompiledSystem& compiled,
                       const EquationsEvaluator& evaluator, const Monitors& monitors);

/// Problem::vary_inputs for `law`: at (t, Y) it writes the law's values into pb.parameters and,
/// when they changed, into `evaluator`. Throws adyn::ModelError naming a law's name that is not an
/// input of the compiled system (or named twice); the bound function throws adyn::EvaluationError
/// for a value that is not finite.
std::function<void(double, const double*)> bind_input_law(const InputLaw& law, const CompiledNames& names, Problem& pb,
                                                          EquationsEvaluator& evaluator);

/// The compiled outputs at (t, Y) with the equations' multipliers λ and accelerations u̇ there
/// (empty without outputs).
Eigen::VectorXd output_values(const CompiledOutputs& outputs, const Problem& pb, double t, const double* Y,
                              const Eigen::VectorXd& lambda, const Eigen::VectorXd& udot);

}  // namespace adyn::numeric
