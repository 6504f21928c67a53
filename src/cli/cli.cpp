#include "adyn/cli/cli.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <exception>
#include <optional>

#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/progress.hpp"
#include "adyn/error.hpp"
#include "adyn/io/suggestions.hpp"
#include "adyn/symbolic/library_messages.hpp"

namespace adyn::cli {
namespace {

struct CommandEntry {
  const char* name;
  Declaration declare;
};

// The registry: every subcommand of `adyn`, in the order `adyn --help` lists them.
constexpr CommandEntry commands[] = {
    {"check", declare_check},       {"kinematics", declare_kinematics}, {"classify", declare_classify},
    {"derive", declare_derive},     {"compare", declare_compare},       {"codegen", declare_codegen},
    {"simulate", declare_simulate}, {"equilibrium", declare_equilibrium}, {"linearize", declare_linearize},
    {"eigen", declare_eigen},       {"integrals", declare_integrals}, {"animate", declare_animate},
};

// Runs the selected command, mapping its errors to exit codes; a signal acts by the command's
// stage (interruption.hpp).
int run_action(const std::string& command, const Action& action, std::ostream& out, std::ostream& err) {
  CatchInterruption interruption(command.c_str(), ProgressBar::on_terminal(err));
  auto fail = [&](const std::string& message, int status) {
    err << "adyn: error: " << printable(message) << "\n";
    return status;
  };
  try {
    return action(out, err);
  } catch (const SingularityError& e) {  // the model is read, but the run meets a singular state
    return fail(e.what(), 1);
  } catch (const ModelError& e) {  // bad input: the model file or the model it describes
    return fail(e.what(), 2);
  } catch (const Error& e) {  // a failed run: adyn::Error, EvaluationError
    return fail(e.what(), 1);
  } catch (const std::exception& e) {  // what a library throws where adyn did not expect it: in plain words
    return fail(sym::library_message(e), 1);
  }
}

// "unknown command 'X'" when the first argument names no command (CLI11 would take it for an
// unexpected positional and ask for a subcommand).
std::optional<std::string> unknown_command(const std::vector<std::string>& args) {
  if (args.empty() || args[0].empty() || args[0][0] == '-') return std::nullopt;
  std::vector<std::string> names;
  for (const auto& c : commands) names.emplace_back(c.name);
  if (std::find(names.begin(), names.end(), args[0]) != names.end()) return std::nullopt;
  return "unknown command '" + args[0] + "'" + io::did_you_mean(args[0], names) + "; the commands are listed by 'adyn --help'";
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"adyn: analytical dynamics of constrained mechanical systems", "adyn"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("adyn ") + ADYN_VERSION);
  if (const auto unknown = unknown_command(args)) {
    err << "adyn: error: " << printable(*unknown) << "\n";
    return 2;
  }
  std::vector<std::pair<CLI::App*, Action>> actions;
  for (const auto& c : commands) {
    auto* command = app.add_subcommand(c.name);
    actions.emplace_back(command, c.declare(*command));
  }
  try {
    app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes them reversed
  } catch (const CLI::CallForHelp&) {
    out << app.help();  // the selected subcommand's help, if any
    return 0;
  } catch (const CLI::CallForVersion& e) {
    out << e.what() << "\n";
    return 0;
  } catch (const CLI::ParseError& e) {
    err << "adyn: error: " << printable(e.what()) << "\n" << app.help();
    return 2;
  }
  for (const auto& [command, action] : actions)
    if (command->parsed()) return run_action(command->get_name(), action, out, err);
  return 2;  // unreachable: require_subcommand(1)
}

}  // namespace adyn::cli
