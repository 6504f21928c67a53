#pragma once
// `adyn simulate`: integrate a model file's system from its initial conditions and write the
// trajectory (CSV or JSON) and a summary.
#include <optional>
#include <ostream>
#include <string>

#include "adyn/io/model_file.hpp"

namespace adyn::cli {

/// Command-line overrides of the model file's simulation settings.
struct SimulateArguments {
  std::optional<std::string> method, integrator, output, backend;
  std::optional<double> t_end, output_step, rtol, atol, baumgarte;
  bool no_projection = false;
};

/// Runs the simulation. Returns 0 when it completed; 1 (after writing the trajectory so far) when
/// it stopped early, with the reason on `err`.
int simulate_command(const io::ModelDocument& doc, const SimulateArguments& args, std::ostream& out, std::ostream& err);

}  // namespace adyn::cli
