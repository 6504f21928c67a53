// `adyn simulate MODEL [options]`: integrate the equations of motion from the model's initial
// conditions, write the trajectory (CSV or JSON) and a summary, optionally draw it (--plot).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>

#include "adyn/application/dependent_speeds.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/trajectory_plot.hpp"
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
  SimulationArguments given;
  std::vector<std::string> dependent;
};

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

// "inputs (constant): T_phi = 0.5, T_delta = 0": the inputs' values in the run ("T_delta from its
// table" for a tabulated one).
std::string input_values_text(const model::System& system, const numeric::InputLaw& law) {
  std::ostringstream text;
  text << (law ? "inputs: " : "inputs (constant): ");
  bool first = true;
  for (const auto& i : system.inputs()) {
    const auto& name = i.symbol.get_name();
    text << (first ? "" : ", ") << name;
    if (std::find(law.names.begin(), law.names.end(), name) != law.names.end()) text << " from its table";
    else text << " = " << i.value;
    first = false;
  }
  return text.str();
}

int simulate(const SimulateOptions& args, std::ostream& out, std::ostream& err) {
  check_output_files(args.model, {{"--output", args.output.value_or("")}, {"--plot", args.plot.value_or("")}});
  std::optional<Stage> stage(std::in_place, "reading");
  auto doc = read_model_document(args.model);
  application::set_dependent_speeds(doc.system, args.dependent);
  set_inputs(doc.system, args.given.inputs);
  const std::string method = args.method.value_or(doc.setup.method.value_or(formulations::default_method));
  const auto options = simulation_options(args.given, doc.setup);
  stage.emplace("derivation");
  const auto eom = application::equations_to_integrate(doc.system, method, options);
  stage.reset();
  const auto tr = integrate(doc, eom, options, err);  // Ctrl-C or SIGTERM while integrating: the trajectory so far
  Stage writing("writing", Stage::End, args.output ? "nothing was written" : "the output is incomplete");
  for (const auto& w : tr.summary.warnings) err << "adyn: warning: " << w << "\n";
  write_trajectory(tr, args, eom.method, out);
  // With the trajectory on standard output, everything else goes to standard error.
  std::ostream& report = args.output ? out : err;
  write_summary(tr, report);
  if (!doc.system.inputs().empty()) report << input_values_text(doc.system, options.input_law) << "\n";
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
  add_method_option(command, o->method, std::string("default: the model's, else ") + formulations::default_method);
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
  add_simulation_options(command, o->given);
  return [o](std::ostream& out, std::ostream& err) { return simulate(*o, out, err); };
}

}  // namespace adyn::cli
