// `adyn animate MODEL [-o FILE.html] [--trajectory FILE.csv] [--trace P,...] [simulate's options]`:
// a self-contained HTML page that plays the motion in 3-D (three.js): the model simulated with the
// usual options, or a trajectory written by `adyn simulate` replayed.
#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include "adyn/application/animation_page.hpp"
#include "adyn/application/dependent_speeds.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/simulation_setup.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/scene.hpp"

namespace adyn::cli {
namespace {

struct AnimateOptions {
  std::string model, output;
  std::optional<std::string> method, trajectory;
  std::vector<std::string> traces, dependent;
  SimulationArguments given;
};

numeric::Trajectory replay(const io::ModelDocument& doc, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelFileError(path, 1, 1, "trajectory", "cannot be read");
  std::vector<std::string> coordinates;
  for (const auto& q : doc.system.coordinates()) coordinates.push_back(q.get_name());
  return numeric::read_trajectory_csv(in, path, coordinates);
}

int animate(const AnimateOptions& o, std::ostream& out, std::ostream& err) {
  check_output_files(o.model, {{"--output", o.output}});
  const auto viewer = application::viewer_script();  // before a long run: say at once when it is missing
  std::optional<Stage> stage(std::in_place, "reading");
  auto doc = read_model_document(o.model);
  application::set_dependent_speeds(doc.system, o.dependent);
  set_inputs(doc.system, o.given.inputs);
  numeric::Trajectory trajectory;
  if (o.trajectory) {
    trajectory = replay(doc, *o.trajectory);
  } else {
    stage.emplace("derivation");
    const auto options = simulation_options(o.given, doc.setup);
    const auto method = o.method.value_or(doc.setup.method.value_or(formulations::default_method));
    const auto eom = application::equations_to_integrate(doc.system, method, options);
    stage.reset();
    trajectory = integrate(doc, eom, options, err);
    for (const auto& w : trajectory.summary.warnings) err << "adyn: warning: " << w << "\n";
    write_summary(trajectory, out);
    if (!trajectory.summary.completed) err << "adyn: warning: " << trajectory.summary.stop_reason << "; animating the motion so far\n";
    if (trajectory.t.empty()) throw Error("nothing to animate: " + trajectory.summary.stop_reason);
  }
  stage.emplace("writing");
  const auto scene = numeric::sample_scene(doc.system, trajectory);
  write_file(o.output, application::animation_page(scene, o.traces, viewer));
  out << "animation of " << scene.t.size() << " samples (t = " << scene.t.front() << " to " << scene.t.back()
      << ") written to " << o.output << "\n";
  return trajectory.summary.interrupted ? CatchInterruption::exit_status() : 0;
}

}  // namespace

Action declare_animate(CLI::App& command) {
  auto o = std::make_shared<AnimateOptions>();
  command.description("Write a self-contained HTML page that plays the motion in 3-D (three.js): bodies as their inertia "
                      "ellipsoids, particles as spheres, links between points; simulated, or replayed from a CSV");
  add_model_argument(command, o->model);
  command.add_option("-o,--output", o->output, "The page (default: MODEL's name with .html, in this directory)")
      ->type_name("FILE.html");
  command.add_option("--trajectory", o->trajectory, "Replay a trajectory written by adyn simulate (CSV) instead of simulating")
      ->type_name("FILE.csv");
  command.add_option("--trace", o->traces, "Draw the path of these points (comma-separated)")->delimiter(',')->type_name("P,...");
  add_method_option(command, o->method, std::string("default: the model's, else ") + formulations::default_method);
  add_dependent_speeds_option(command, o->dependent);
  add_simulation_options(command, o->given);
  command.callback([o] {
    if (o->output.empty()) o->output = std::filesystem::path(o->model).stem().string() + ".html";
  });
  return [o](std::ostream& out, std::ostream& err) { return animate(*o, out, err); };
}

}  // namespace adyn::cli
