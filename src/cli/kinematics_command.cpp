// `adyn kinematics MODEL [--latex]`: angular velocities, velocities, accelerations and partial
// velocities (kinematics_report.hpp).
#include <CLI/CLI.hpp>

#include <memory>

#include "adyn/cli/commands.hpp"
#include "adyn/cli/kinematics_report.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {

Action declare_kinematics(CLI::App& command) {
  struct Options {
    std::string model;
    bool latex = false;
  };
  auto o = std::make_shared<Options>();
  command.description("Angular velocities, velocities, accelerations and partial velocities of a model");
  add_model_argument(command, o->model);
  command.add_flag("--latex", o->latex, "Print expressions as LaTeX");
  return [o](std::ostream& out, std::ostream&) {
    write_kinematics_report(read_model_document(o->model).system, o->latex ? Format::Latex : Format::Text, out);
    return 0;
  };
}

}  // namespace adyn::cli
