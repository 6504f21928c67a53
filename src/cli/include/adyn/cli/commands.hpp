#pragma once
// The subcommands of `adyn`, one per file: src/cli/<name>_command.cpp defines
//
//     Action declare_<name>(CLI::App& command);
//
// which gives its (already named) CLI11 subcommand a description and options — bound to storage
// that the returned action owns — and returns what running the command does. cli.cpp holds the
// registry (name → declare function), parses the command line and maps errors to exit codes
// (cli.hpp). To add a command: write its file, declare its function below, add one line to the
// registry in cli.cpp, document it in docs/cli.md.
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "adyn/cli/output_file.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/model/system.hpp"

namespace CLI {
class App;
class Option;
}

namespace adyn::cli {

/// Runs a parsed subcommand: writes its results to `out` and diagnostics to `err`, and returns
/// the exit status (0, or 1 for a run that failed). Errors are thrown as adyn::Error; cli::run
/// maps them to 2 (bad input: adyn::ModelError) or 1 (anything else).
using Action = std::function<int(std::ostream& out, std::ostream& err)>;

/// Declares a subcommand's description and options on `command` and returns its action.
using Declaration = Action (*)(CLI::App& command);

Action declare_check(CLI::App& command);
Action declare_kinematics(CLI::App& command);
Action declare_classify(CLI::App& command);
Action declare_derive(CLI::App& command);
Action declare_compare(CLI::App& command);
Action declare_codegen(CLI::App& command);
Action declare_simulate(CLI::App& command);
Action declare_equilibrium(CLI::App& command);
Action declare_linearize(CLI::App& command);
Action declare_eigen(CLI::App& command);
Action declare_integrals(CLI::App& command);
Action declare_animate(CLI::App& command);

// ---- shared by the commands (command_support.cpp) --------------------------------------------

/// The positional, required model-file argument, and --floating-base (a robot description's root
/// link on a free joint: io::UrdfOptions::floating_base).
void add_model_argument(CLI::App& command, std::string& path);
/// The model file the command names, read with the options of add_model_argument (--floating-base
/// with a model file that is not a .urdf is refused: adyn::ModelFileError, exit 2), its initial
/// state completed (application::consistent_initial_state: a given value the constraints do not
/// allow is bad input at its line).
io::ModelDocument read_model_document(const std::string& path);

/// `-m,--method NAME`, checked against formulations::method_names(); `what` ends the help text
/// (e.g. "default: lagrange").
void add_method_option(CLI::App& command, std::string& method, const std::string& what);
/// --dependent NAME,...: the speeds Kane's, Gibbs–Appell's and Maggi's equations eliminate
/// (instead of the model's dependent_speeds, or adyn's choice).
void add_dependent_speeds_option(CLI::App& command, std::vector<std::string>& names);
void add_method_option(CLI::App& command, std::optional<std::string>& method, const std::string& what);

/// A numeric option checked with a plain message ("--dt: must be a positive number, not '0'";
/// CLI11's own check spells out DBL_MAX in 309 digits). Returns the option.
CLI::Option* positive_number(CLI::Option* option);

/// A count option: decimal digits only, from 1 to 10^15 ("--max-steps: must be a whole number from
/// 1 to 1e15, not '1.5'"). Returns the option.
CLI::Option* positive_count(CLI::Option* option);

/// `--json`: machine-readable output instead of the text report.
void add_json_flag(CLI::App& command, bool& json);

/// Whether `path` ends with `extension` (e.g. ".json"), ignoring case.
bool has_extension(const std::string& path, const std::string& extension);

}  // namespace adyn::cli
