#include "adyn/cli/operating_point.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <sstream>

#include "adyn/cli/commands.hpp"
#include "adyn/error.hpp"

namespace adyn::cli {

namespace {

std::pair<std::string, std::string> split_assignment(const std::string& text, char separator, const std::string& what) {
  const auto at = text.find(separator);
  if (at == std::string::npos || at == 0 || at + 1 == text.size())
    throw ModelError(what + " '" + text + "'", std::string("expected NAME") + separator + "VALUE");
  return {text.substr(0, at), text.substr(at + 1)};
}

}  // namespace

application::Assignments assignments(const std::vector<std::string>& texts) {
  application::Assignments out;
  for (const auto& text : texts) {
    auto [name, expression] = split_assignment(text, '=', "operating point");
    out.push_back({std::move(name), std::move(expression)});
  }
  return out;
}

std::string swept_parameter_name(const std::string& spec) { return split_assignment(spec, '=', "sweep").first; }

ParameterSweep parse_sweep(const model::System& system, const std::string& spec) {
  const auto [name, range] = split_assignment(spec, '=', "sweep");
  ParameterSweep sweep;
  sweep.parameter = application::parameter_named(system, name, "sweep '" + spec + "'");
  char c1 = 0, c2 = 0;
  std::istringstream in(range);
  constexpr long largest_count = 100000;  // an eigenanalysis each: minutes
  if (!(in >> sweep.lo >> c1 >> sweep.hi >> c2 >> sweep.count) || c1 != ':' || c2 != ':' || !in.eof() ||
      sweep.count < 2 || sweep.count > largest_count || !std::isfinite(sweep.lo) || !std::isfinite(sweep.hi) ||
      !(sweep.hi > sweep.lo))
    throw ModelError("sweep '" + spec + "'", "expected NAME=LO:HI:COUNT with finite LO < HI and 2 <= COUNT <= " +
                                                 std::to_string(largest_count));
  return sweep;
}

application::Linearization linearize_model(const std::string& path, const std::string& method,
                                           const std::vector<std::string>& at, bool from_rest,
                                           const std::vector<std::string>& dependent_speeds, std::ostream& err,
                                           const std::optional<std::vector<std::string>>& symbolic_parameters) {
  auto job = application::linearize_model(read_model_document(path), method, assignments(at), from_rest,
                                          dependent_speeds, symbolic_parameters);
  for (const auto& note : job.notes) err << "adyn: warning: " << note << "\n";
  return job;
}

void add_operating_point_options(CLI::App& command, std::vector<std::string>& at, bool& from_rest) {
  command.add_option("--at", at, "NAME=EXPR: a coordinate, rate (NAME_d) or speed at the operating point, or a "
                                 "parameter's or input's value (e.g. v=5); repeatable; expressions may use the parameters "
                                 "(e.g. u3=Omega, to sweep Omega)")
      ->type_name("NAME=EXPR");
  command.add_flag("--rest", from_rest, "Start the operating point from q = 0, u = 0 instead of the initial conditions");
}

}  // namespace adyn::cli
