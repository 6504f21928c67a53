// `adyn check MODEL [--json]`: read (and so validate) a model file and summarize it.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <memory>

#include "adyn/cli/commands.hpp"
#include "adyn/error.hpp"
#include "adyn/cli/model_summary.hpp"

namespace adyn::cli {

Action declare_check(CLI::App& command) {
  struct Options {
    std::string model;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  command.description("Read a model file and summarize it: coordinates, speeds, frames, bodies, loads, constraints "
                      "with their classification and the DOF, initial conditions and simulation settings");
  add_model_argument(command, o->model);
  add_json_flag(command, o->json);
  return [o](std::ostream& out, std::ostream&) {
    const auto doc = read_model_document(o->model);
    const auto classification = analysis::classify_constraints(doc.system);
    if (o->json) out << model_summary_json(doc, classification).dump(2) << "\n";
    else write_model_summary(doc, classification, out);
    for (const auto& c : classification.constraints)  // reported above, and an error: no motion exists
      if (c.inconsistent)
        throw ModelError("constraint '" + c.name + "'", "contradicts the constraints before it: no configuration or "
                                                        "motion satisfies them all");
    return 0;
  };
}

}  // namespace adyn::cli
