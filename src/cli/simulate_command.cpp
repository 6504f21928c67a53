// `adyn simulate MODEL [options]`: integrate the equations of motion from the model's initial
// conditions, write the trajectory (CSV or JSON) and a summary, optionally draw it (--plot).
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <sstream>

#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/trajectory_plot.hpp"
#include "adyn/cli/progress.hpp"
#include "adyn/cli/simulation_setup.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::cli {
namespace {

/// The command line: the model, and overrides of the model file's simulation settings.
struct SimulateOptions {
  std::string model;
  std::optional<std::string> method, output, plot;
  SimulationOverrides given;
  std::vector<std::string> dependent;
  bool no_projection = false;
};

void write_summary(const numeric::Trajectory& tr, std::ostream& os) {
  const auto& m = tr.summary;
  if (tr.t.empty()) return;  // stopped before the first sample: the error says why
  os << "simulated to t = " << tr.t.back() << ": " << tr.t.size() << " samples, " << m.steps << " steps, "
     << m.rhs_evaluations << " evaluations of the equations\n"
     << "  max constraint violation " << m.max_violation << ", energy error |E - E0 - int(dE/dt)| " << m.energy_drift
     << "\n";
}

numeric::Trajectory integrate(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                              numeric::SimulationOptions o, std::ostream& err) {
  const auto x = initial_state(doc);
  o.interrupted = [] { return CatchInterruption::caught() != 0; };
  std::optional<ProgressBar> bar;
  if (ProgressBar::on_terminal(err)) {
    bar.emplace(err, "simulate", o.t_end - x.t);
    o.progress = [&bar, t0 = x.t](double t) { bar->update(t - t0); };
  }
  return numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), o);
}

void write_trajectory(const numeric::Trajectory& tr, const SimulateOptions& args, const std::string& method,
                      std::ostream& out) {
  if (!args.output) {
    tr.write_csv(out);
    return;
  }
  std::ostringstream text;
  has_extension(*args.output, ".json") ? tr.write_json(text) : tr.write_csv(text);
  write_file(*args.output, text.str());
  out << "trajectory (" << method << ") written to " << *args.output << "\n";
}

int simulate(const SimulateOptions& args, std::ostream& out, std::ostream& err) {
  check_output_files(args.model, {{"--output", args.output.value_or("")}, {"--plot", args.plot.value_or("")}});
  auto doc = io::read_model_document(args.model);
  set_dependent_speeds(doc.system, args.dependent);
  const std::string method = args.method.value_or(doc.setup.method.value_or("lagrange"));
  auto given = args.given;
  if (args.no_projection) given.projection = false;
  const auto options = simulation_options(given, doc.setup);
  const auto eom = formulations::derive(doc.system, method);
  CatchInterruption interruption;  // Ctrl-C or SIGTERM: stop, and write the trajectory so far
  const auto tr = integrate(doc, eom, options, err);
  for (const auto& w : tr.summary.warnings) err << "adyn: warning: " << w << "\n";
  write_trajectory(tr, args, eom.method, out);
  // With the trajectory on standard output, everything else goes to standard error.
  std::ostream& report = args.output ? out : err;
  write_summary(tr, report);
  if (args.plot) {
    plot::render(trajectory_figure(doc.system, eom, tr, options), *args.plot);
    report << "plot written to " << *args.plot << "\n";
  }
  if (tr.summary.interrupted) {
    err << "adyn: " << tr.summary.stop_reason << "; the trajectory so far was written\n";
    return CatchInterruption::exit_status();
  }
  if (!tr.summary.completed) {
    err << "adyn: error: " << tr.summary.stop_reason << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

Action declare_simulate(CLI::App& command) {
  auto o = std::make_shared<SimulateOptions>();
  command.description("Integrate the equations of motion from the model's initial conditions and write the trajectory "
                      "(t, q, u, lambda, energy, constraint violation); options override the model's settings");
  add_model_argument(command, o->model);
  add_method_option(command, o->method, "default: the model's, else lagrange");
  add_dependent_speeds_option(command, o->dependent);
  command.add_option("-o,--output", o->output, "Trajectory file: .csv or .json (default: CSV on standard output)")
      ->type_name("FILE");
  command.add_option("--plot", o->plot,
                     "Draw coordinates, speeds, energy error and constraint violation against time into FILE.png or "
                     "FILE.svg (needs gnuplot)")
      ->type_name("FILE")
      ->check([](const std::string& path) {
        return has_extension(path, ".png") || has_extension(path, ".svg") ? std::string()
                                                                          : "the plot file must end in .png or .svg";
      });
  command.add_option("--t-end", o->given.t_end, "End time");
  positive_number(command.add_option("--dt", o->given.output_step, "Output interval"));
  positive_number(command.add_option("--rtol", o->given.rtol, "Relative tolerance"));
  positive_number(command.add_option("--atol", o->given.atol, "Absolute tolerance"));
  command.add_option("--integrator", o->given.integrator,
                     "dopri (explicit Dormand-Prince, default), bdf (CVODE), ida (DAE with the multipliers) or midpoint "
                     "(symplectic implicit midpoint, fixed step --dt/10; use with -m hamilton)")
      ->check(CLI::IsMember({"dopri", "bdf", "ida", "midpoint"}));
  command.add_flag("--no-projection", o->no_projection, "Do not project onto the constraints");
  command.add_option("--baumgarte", o->given.baumgarte, "Baumgarte stabilization rate alpha (1/s); default off");
  command.add_option("--backend", o->given.backend, "tape (default) or native (generated C compiled at run time)")
      ->check(CLI::IsMember({"tape", "native"}));
  return [o](std::ostream& out, std::ostream& err) { return simulate(*o, out, err); };
}

}  // namespace adyn::cli
