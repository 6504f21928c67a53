#include "adyn/cli/simulation_setup.hpp"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <map>

#include "adyn/choice_table.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/input_table.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/progress.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/numeric/backend_registry.hpp"
#include "adyn/numeric/constraint_solver_registry.hpp"
#include "adyn/numeric/integrator_registry.hpp"

namespace adyn::cli {
namespace {

// A table's choices as an option's help lists them: "dopri (explicit Dormand-Prince, default), bdf
// (CVODE) or ...": each row's key and help, the default marked.
template <class Row, class IsDefault>
std::string choices_help(const std::vector<Row>& rows, IsDefault is_default) {
  std::vector<std::string> texts;
  for (const auto& row : rows) {
    std::string note(row.help);
    if (is_default(row)) note += note.empty() ? "default" : ", default";
    texts.push_back(std::string(row.key) + (note.empty() ? "" : " (" + note + ")"));
  }
  return listed(texts, " or ");
}

}  // namespace

void add_simulation_options(CLI::App& command, SimulationArguments& arguments) {
  auto& given = arguments.given;
  command.add_option("--t-end", given.t_end, "End time");
  positive_number(command.add_option("--dt", given.output_step, "Output interval"));
  positive_number(command.add_option("--step", given.step,
                                     "The step of the fixed-step integrators midpoint and ali3p (default: --dt/10)"));
  positive_number(command.add_option("--rtol", given.rtol, "Relative tolerance"));
  positive_number(command.add_option("--atol", given.atol, "Absolute tolerance"));
  const numeric::SimulationOptions defaults;
  const auto default_integrator = [&](const numeric::IntegratorChoice& row) {
    return row.integrator == defaults.integrator;
  };
  command.add_option("--integrator", given.integrator, choices_help(numeric::integrators(), default_integrator))
      ->check(CLI::IsMember(numeric::integrator_names()));
  command.add_flag_callback("--no-projection", [&given] { given.projection = false; }, "Do not project onto the constraints");
  command.add_flag("--mass-matrix", given.mass_matrix,
                   "Evaluate the derived M u' = F, even where the O(n) articulated-body algorithm applies");
  command.add_option("--baumgarte", given.baumgarte, "Baumgarte stabilization rate alpha (1/s); default off");
  const auto default_solver = [&](const numeric::ConstraintSolverChoice& row) {
    return row.solver == defaults.constraint_solver;
  };
  command.add_option("--constraint-solver", given.constraint_solver,
                     choices_help(numeric::constraint_solvers(), default_solver) + ", for the multiplier forms")
      ->check(CLI::IsMember(numeric::constraint_solver_names()));
  positive_count(command.add_option("--max-steps", given.max_steps,
                                    "Step budget of the whole run: beyond it the run stops with the trajectory so far "
                                    "(default: none; a run whose steps stall stops anyway)"))
      ->type_name("N");
  command.add_option("--max-time", given.max_time,
                     "Wall-clock budget of the integration in seconds: when it is spent the run stops with the "
                     "trajectory so far (default: none)")
      ->type_name("SECONDS");
  const auto default_backend = [&](const numeric::BackendChoice& row) { return row.backend == defaults.backend; };
  command.add_option("--backend", given.backend, choices_help(numeric::backends(), default_backend))
      ->check(CLI::IsMember(numeric::backend_names()));
  command.add_option("--input", arguments.inputs, "NAME=VALUE: the constant value of one of the model's inputs over the "
                                              "model's own (default 0); NAME=FILE.csv: its values in time, a table "
                                              "t,value interpolated linearly; repeatable")
      ->type_name("NAME=VALUE|FILE");
}

namespace {

// NAME=VALUE: the name and the value's text.
std::pair<std::string, std::string> assignment(const std::string& text) {
  const auto at = text.find('=');
  if (at == std::string::npos || at == 0 || at + 1 == text.size())
    throw ModelError("--input '" + text + "'", "expected NAME=VALUE or NAME=FILE.csv");
  return {text.substr(0, at), text.substr(at + 1)};
}

std::optional<double> number_in(const std::string& value) {
  char* end = nullptr;
  const double number = std::strtod(value.c_str(), &end);
  if (end != value.c_str() + value.size() || std::isspace(static_cast<unsigned char>(value.front()))) return std::nullopt;
  return number;
}

bool is_file(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

}  // namespace

void set_inputs(model::System& system, const std::vector<std::string>& assignments) {
  std::map<std::string, double> values;
  std::set<std::string> named;
  for (const auto& text : assignments) {
    const std::string object = "--input '" + text + "'";
    const auto [name, value] = assignment(text);
    if (!named.insert(name).second) throw ModelError(object, "the input '" + name + "' is given twice");
    if (const auto number = number_in(value)) {
      values.emplace(name, *number);
    } else if (is_file(value)) {  // a table (tabulated_inputs): the input must be one of the model's
      if (!system.has_input(name)) system.set_input_values({{name, 0.0}});  // throws, naming the inputs there are
    } else {
      throw ModelError(object, "the value '" + value + "' is not a number, nor a file of a tabulated input (t,value rows)");
    }
  }
  system.set_input_values(values);
}

numeric::InputLaw tabulated_inputs(const std::vector<std::string>& assignments) {
  std::vector<InputTable> tables;
  for (const auto& text : assignments) {
    const auto [name, value] = assignment(text);
    if (!number_in(value)) tables.push_back(read_input_table(name, value));
  }
  return tables.empty() ? numeric::InputLaw{} : tabulated_input_law(std::move(tables));
}

numeric::SimulationOptions simulation_options(const SimulationArguments& arguments, const io::SimulationSetup& setup) {
  auto options = application::simulation_options(arguments.given, setup);
  options.input_law = tabulated_inputs(arguments.inputs);
  return options;
}

void write_summary(const numeric::Trajectory& tr, std::ostream& os) {
  const auto& m = tr.summary;
  for (const auto& message : m.initial_state) os << "initial state: " << message << "\n";
  if (tr.t.empty()) return;  // stopped before the first sample: the error says why
  os << "simulated to t = " << tr.t.back() << ": " << tr.t.size() << " samples, " << m.steps << " steps, "
     << m.rhs_evaluations << " evaluations of the equations\n"
     << "  max constraint violation " << m.max_violation << ", energy error |E - E0 - int(dE/dt)| " << m.energy_error;
  if (!std::isnan(m.relative_energy_error)) os << " (" << m.relative_energy_error << " of |E0|)";
  // Where the ideal constraints' forces did a good part of it, they explain it: the steps left the constraints.
  if (m.constraint_work > 0.1 * m.energy_error)
    os << ", of which the ideal constraints' forces did up to " << m.constraint_work << " of work (off the constraints)";
  os << "\n";
  if (const auto rank = m.constraint_rank.describe(); !rank.empty()) os << "  " << rank << "\n";
  if (m.regularized_evaluations > 0)
    os << "  " << m.regularized_evaluations << " evaluations where the augmented Lagrangian ran to its "
       << numeric::augmented_lagrangian_iterations << " iterations without settling (the rows nearly dependent there: "
       << "its accelerations a regularization), their steps held to "
       << numeric::SimulationOptions::regularized_tolerance_factor << " x rtol and atol\n";
  if (const auto changes = formulations::describe(m.partition_changes); !changes.empty()) os << "  " << changes << "\n";
  if (const auto resteps = numeric::describe_resteps(m.resteps); !resteps.empty()) os << "  " << resteps << "\n";
  if (!m.evaluator.empty()) os << "  evaluator: " << m.evaluator << "\n";
  if (const auto euler = numeric::describe_euler_parameters(m.euler_parameters); !euler.empty()) os << "  " << euler << "\n";
}

numeric::Trajectory integrate(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                              numeric::SimulationOptions o, std::ostream& err) {
  Stage setup("code generation");  // the initial state, the evaluator and the monitors
  const auto initial = application::initial_state(doc);
  const auto& x = initial.state;
  // The first sample is the integration's start: from there an interruption keeps what it has.
  std::optional<Stage> integration;
  std::optional<ProgressBar> bar;
  o.interrupted = [] { return CatchInterruption::caught() != 0; };
  o.progress = [&, t0 = x.t, span = o.t_end - x.t, terminal = ProgressBar::on_terminal(err)](double t) {
    if (!integration) {
      integration.emplace("integration", Stage::Keep);
      if (terminal) bar.emplace(err, "simulate", span);
    }
    if (bar) bar->update(t - t0);
  };
  auto trajectory = numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), o);
  application::add_run_notes(trajectory, doc, initial);
  return trajectory;
}

}  // namespace adyn::cli
