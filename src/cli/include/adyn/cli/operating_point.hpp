#pragma once
// The operating point's options of `linearize`, `eigen` and `equilibrium` (application/
// operating_point.hpp and linearization.hpp hold what they mean): --at NAME=EXPR and --rest, the
// guesses' NAME=EXPR lists, and --sweep NAME=LO:HI:COUNT.
#include <ginac/ginac.h>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "adyn/application/linearization.hpp"

namespace CLI {
class App;
}

namespace adyn::cli {

/// NAME=EXPR arguments as given values, the expressions as written. Throws adyn::ModelError
/// ("operating point 'TEXT': expected NAME=VALUE") for one without a name or a value.
application::Assignments assignments(const std::vector<std::string>& texts);

/// The sweep `NAME=LO:HI:COUNT` of a model parameter. Throws adyn::ModelError when malformed.
struct ParameterSweep {
  GiNaC::symbol parameter;
  double lo = 0, hi = 0;
  int count = 0;
};
ParameterSweep parse_sweep(const model::System& system, const std::string& spec);
/// The NAME of a sweep `NAME=LO:HI:COUNT` (before the model is read). Throws adyn::ModelError when
/// there is no `NAME=`.
std::string swept_parameter_name(const std::string& spec);

/// application::linearize_model for the model file at `path` and the --at arguments `at`; its
/// notes written to `err` as warnings.
application::Linearization linearize_model(const std::string& path, const std::string& method,
                                           const std::vector<std::string>& at, bool from_rest,
                                           const std::vector<std::string>& dependent_speeds, std::ostream& err,
                                           const std::optional<std::vector<std::string>>& symbolic_parameters = std::nullopt);

/// The options shared by `linearize` and `eigen`: --at NAME=EXPR (repeatable) and --rest.
void add_operating_point_options(CLI::App& command, std::vector<std::string>& at, bool& from_rest);

}  // namespace adyn::cli
