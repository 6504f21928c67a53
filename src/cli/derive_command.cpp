// `adyn derive MODEL [--method M] [--format text|latex|c|json]`: the equations of motion.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/application/dependent_speeds.hpp"
#include "adyn/application/equations_report.hpp"
#include "adyn/choice_table.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/formulations/printing.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::cli {
namespace {

// The formats of --format: the equations' report in text, LaTeX or C, or JSON (no report format).
struct Format {
  std::string_view key;
  std::optional<application::EquationsFormat> report;
};
const std::vector<Format>& formats() {
  using application::EquationsFormat;
  static const std::vector<Format> all = {
      {"text", EquationsFormat::Text}, {"latex", EquationsFormat::Latex}, {"c", EquationsFormat::C}, {"json", std::nullopt}};
  return all;
}

struct DeriveOptions {
  std::string model, method = formulations::default_method, format = "text";
  std::vector<std::string> dependent;
};

void write_json(const model::System& system, const formulations::EquationsOfMotion& eom, std::ostream& out) {
  auto j = application::equations_json(eom);
  j["system"] = system.name();
  out << j.dump(2) << "\n";
}

int derive(const DeriveOptions& o, std::ostream& out) {
  std::optional<Stage> stage(std::in_place, "reading");
  auto system = read_model_document(o.model).system;
  application::set_dependent_speeds(system, o.dependent);
  stage.emplace("derivation");
  // A robot's equations as its tree's recursions compute them, else the method's (printing.hpp).
  auto tree = formulations::large_tree_form(system, o.method);
  const auto eom = tree ? std::move(*tree) : analysis::derive_without_redundant_rows(system, o.method);
  stage.emplace("simplification and writing", Stage::End, "the output may be incomplete");
  const auto printed = formulations::simplified(eom);
  const auto report = find_choice(formats(), o.format)->report;
  if (!report) {
    write_json(system, printed, out);
    return 0;
  }
  if (*report != application::EquationsFormat::C) out << "System: " << system.name() << "\n";
  application::write_equations(printed, *report, out);
  return 0;
}

}  // namespace

Action declare_derive(CLI::App& command) {
  auto o = std::make_shared<DeriveOptions>();
  command.description("Derive the equations of motion M u' = F (+ G^T lambda) by a formulation");
  add_model_argument(command, o->model);
  add_method_option(command, o->method, std::string("default: ") + formulations::default_method);
  add_dependent_speeds_option(command, o->dependent);
  command.add_option("-f,--format", o->format, "Output: text (default), latex, c (a C function, after CSE) or json")
      ->check(CLI::IsMember(choice_keys(formats())));
  return [o](std::ostream& out, std::ostream&) { return derive(*o, out); };
}

}  // namespace adyn::cli
