// `adyn classify MODEL`: the constraint classification and the degrees of freedom.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <memory>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/model_summary.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {

Action declare_classify(CLI::App& command) {
  struct Options {
    std::string model;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  command.description("Classify the constraints (holonomic or not, integrals, catastatic, conservative, redundant) "
                      "and count the degrees of freedom");
  add_model_argument(command, o->model);
  add_json_flag(command, o->json);
  return [o](std::ostream& out, std::ostream&) {
    const auto system = read_model_document(o->model).system;
    const auto classification = analysis::classify_constraints(system);
    if (o->json) {
      auto j = classification_json(classification);
      j["system"] = system.name();
      out << j.dump(2) << "\n";
    } else {
      out << "System: " << system.name() << "\n" << analysis::to_string(classification);
    }
    return 0;
  };
}

}  // namespace adyn::cli
