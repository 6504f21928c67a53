// `adyn codegen MODEL [--method M] [-o FILE.c] [--name F]`: the equations of motion as a C
// function (formulations::to_c: after trigonometric simplification, terms gathered by kinematic
// factor, and CSE).
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/application/dependent_speeds.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/formulations/printing.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {
namespace {

struct CodegenOptions {
  std::string model, method = formulations::default_method, output, name = "eom";
  std::vector<std::string> dependent;
};

int codegen(const CodegenOptions& o, std::ostream& out) {
  check_output_files(o.model, {{"--output", o.output}});
  std::optional<Stage> stage(std::in_place, "reading");
  auto system = read_model_document(o.model).system;
  application::set_dependent_speeds(system, o.dependent);
  stage.emplace("derivation");
  const auto raw = analysis::derive_without_redundant_rows(system, o.method);
  stage.emplace("code generation");
  const auto eom = formulations::simplified(raw);
  const auto source = formulations::to_c(eom, o.name);
  stage.emplace("writing", Stage::End, o.output.empty() ? "the output may be incomplete" : "nothing was written");
  if (o.output.empty()) {
    out << source;
    return 0;
  }
  write_file(o.output, source);
  out << "C function " << o.name << " (" << eom.method << " equations of " << system.name() << ") written to "
      << o.output << "\n";
  return 0;
}

}  // namespace

Action declare_codegen(CLI::App& command) {
  auto o = std::make_shared<CodegenOptions>();
  command.description("Write the equations of motion as a C function (after common-subexpression elimination): "
                      "void NAME(const double* t, const double* q, const double* u, const double* p, double* M, "
                      "double* F, double* qdot[, double* G, double* g][, double* C])");
  add_model_argument(command, o->model);
  add_method_option(command, o->method, std::string("default: ") + formulations::default_method);
  add_dependent_speeds_option(command, o->dependent);
  command.add_option("-o,--output", o->output, "C file to write (default: standard output)")->type_name("FILE");
  command.add_option("--name", o->name, "Name of the C function (default: eom)")
      ->check([](const std::string& name) {
        const bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                                name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                                    std::string::npos;
        return identifier ? std::string() : "not a C identifier: '" + name + "'";
      });
  return [o](std::ostream& out, std::ostream&) { return codegen(*o, out); };
}

}  // namespace adyn::cli
