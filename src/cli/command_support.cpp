// Options and helpers shared by the subcommands (commands.hpp).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cctype>

#include "adyn/application/initial_state.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"

namespace adyn::cli {
namespace {

std::string method_help(const std::string& what) { return "Formulation of the equations of motion (" + what + ")"; }

const CLI::Validator positive_check(
    [](std::string& text) -> std::string {
      double x = 0;
      if (CLI::detail::lexical_cast(text, x) && std::isfinite(x) && x > 0) return {};
      return "must be a positive number, not '" + text + "'";
    },
    "POSITIVE");

// Digits only: CLI11's conversion to an integer would take "1e3", "0x10" and " 7".
const CLI::Validator count_check(
    [](std::string& text) -> std::string {
      const bool digits = !text.empty() && text.size() <= 16 &&
                          std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
      if (digits && std::stoll(text) >= 1 && std::stoll(text) <= 1000000000000000LL) return {};
      return "must be a whole number from 1 to 1e15, not '" + text + "'";
    },
    "COUNT");

}  // namespace

CLI::Option* positive_number(CLI::Option* option) { return option->check(positive_check); }

CLI::Option* positive_count(CLI::Option* option) { return option->check(count_check); }

namespace {
io::UrdfOptions& urdf_options() {  // one command runs per parse: set by its --floating-base
  static io::UrdfOptions options;
  return options;
}
}  // namespace

void add_model_argument(CLI::App& command, std::string& path) {
  command.add_option("model", path, "Model file (YAML, see docs/model-format.md; or a robot description, .urdf)")
      ->required()
      ->type_name("FILE");
  urdf_options() = {};
  command.add_flag_callback(
      "--floating-base", [] { urdf_options().floating_base = true; },
      "A robot description's (.urdf) root link on a free joint 'root' (7 coordinates: position and Euler parameters; "
      "6 speeds), as Pinocchio's JointModelFreeFlyer, instead of fixed to the world");
}

io::ModelDocument read_model_document(const std::string& path) {
  auto doc = io::read_model_document(path, urdf_options());
  doc.completed = application::consistent_initial_state(doc);  // a given value it cannot keep: bad input, at its line
  return doc;
}

void add_method_option(CLI::App& command, std::string& method, const std::string& what) {
  command.add_option("-m,--method", method, method_help(what))->check(CLI::IsMember(formulations::method_names()));
}

void add_method_option(CLI::App& command, std::optional<std::string>& method, const std::string& what) {
  command.add_option("-m,--method", method, method_help(what))->check(CLI::IsMember(formulations::method_names()));
}

void add_dependent_speeds_option(CLI::App& command, std::vector<std::string>& names) {
  command.add_option("--dependent", names, "Dependent speeds for kane, gibbs-appell and maggi, e.g. x_d,y_d "
                                           "(instead of the model's dependent_speeds)")
      ->delimiter(',')
      ->type_name("NAME,...");
}

void add_json_flag(CLI::App& command, bool& json) {
  command.add_flag("--json", json, "Print the result as JSON (for scripts) instead of text");
}

bool has_extension(const std::string& path, const std::string& extension) {
  if (path.size() < extension.size()) return false;
  return std::equal(extension.begin(), extension.end(), path.end() - static_cast<std::ptrdiff_t>(extension.size()),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)); });
}

}  // namespace adyn::cli
