#include "adyn/application/simulation_setup.hpp"

#include <cmath>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/application/initial_state.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/closed_tree_equations.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/joint_limits.hpp"
#include "adyn/number_text.hpp"
#include "adyn/numeric/backend_registry.hpp"
#include "adyn/numeric/constraint_solver_registry.hpp"
#include "adyn/numeric/integrator_registry.hpp"

namespace adyn::application {

numeric::SimulationOptions simulation_options(const SimulationOverrides& given, const io::SimulationSetup& setup) {
  numeric::SimulationOptions o;
  o.t_end = given.t_end.value_or(setup.t_end.value_or(o.t_end));
  o.output_step = given.output_step.value_or(setup.output_step.value_or(o.output_step));
  o.rtol = given.rtol.value_or(setup.rtol.value_or(o.rtol));
  o.atol = given.atol.value_or(setup.atol.value_or(o.atol));
  if (const auto integrator = given.integrator ? given.integrator : setup.integrator)
    o.integrator = numeric::integrator_named(*integrator).integrator;
  o.project = given.projection.value_or(setup.projection.value_or(true));
  o.baumgarte = given.baumgarte.value_or(setup.baumgarte.value_or(0.0));
  o.fixed_step = given.step.value_or(setup.step.value_or(0.0));
  if (given.backend) o.backend = numeric::backend_named(*given.backend).backend;
  if (given.constraint_solver) o.constraint_solver = numeric::constraint_solver_named(*given.constraint_solver).solver;
  o.articulated_body = !given.mass_matrix;
  if (given.max_steps && *given.max_steps < 1)
    throw ModelError("simulation options", "max steps must be a whole number of at least 1, got " +
                                               std::to_string(*given.max_steps));
  o.max_steps_per_run = given.max_steps.value_or(0);
  if (given.max_time && !(*given.max_time > 0 && std::isfinite(*given.max_time)))
    throw ModelError("simulation options", "max time must be a positive number of seconds, got " +
                                               number_text(*given.max_time));
  o.max_wall_seconds = given.max_time.value_or(0);
  return o;
}

analysis::InitialState initial_state(const io::ModelDocument& doc) {
  auto x = initial_state_of(doc);
  analysis::check_orientations(doc.system, x.state, "the initial state");
  return x;
}

formulations::EquationsOfMotion equations_to_integrate(const model::System& system, const std::string& method,
                                                       const numeric::SimulationOptions& options) {
  if (options.articulated_body) {
    if (auto tree = formulations::tree_equations(system, method)) return *tree;
    if (auto closed = formulations::closed_tree_equations(system, method)) return *closed;
  }
  return analysis::derive_without_redundant_rows(system, method);
}

void add_run_notes(numeric::Trajectory& trajectory, const io::ModelDocument& doc, const analysis::InitialState& initial) {
  trajectory.summary.initial_state = initial.messages();
  for (auto& w : io::joint_limit_excursions(doc, trajectory)) trajectory.summary.warnings.push_back(std::move(w));
}

}  // namespace adyn::application
