#include "adyn/cli/operating_point.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "adyn/analysis/consistency.hpp"
#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/model/parameter_values.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::cli {

namespace {

std::pair<std::string, std::string> split_assignment(const std::string& text, char separator, const std::string& what) {
  const auto at = text.find(separator);
  if (at == std::string::npos || at == 0 || at + 1 == text.size())
    throw ModelError(what + " '" + text + "'", std::string("expected NAME") + separator + "VALUE");
  return {text.substr(0, at), text.substr(at + 1)};
}

// The symbol named `name` among the coordinates, their rates and the speeds.
std::optional<GiNaC::symbol> state_symbol(const model::System& system, const formulations::EquationsOfMotion& eom,
                                          const std::string& name) {
  std::vector<GiNaC::symbol> candidates = system.coordinates();
  for (const auto& q : system.coordinates()) candidates.push_back(sym::derivative_of(q));
  for (const auto& u : system.speeds()) candidates.push_back(u);
  candidates.insert(candidates.end(), eom.speeds.begin(), eom.speeds.end());
  auto it = std::find_if(candidates.begin(), candidates.end(), [&](const auto& s) { return s.get_name() == name; });
  if (it == candidates.end()) return std::nullopt;
  return *it;
}

// The value given to a coordinate, rate or speed at the operating point: a number a double holds
// (bad input otherwise, named).
double state_value(const GiNaC::symbol& s, const GiNaC::ex& value) {
  try {
    return sym::evaluate(value, {}, s.get_name());
  } catch (const EvaluationError& e) {
    throw ModelError("operating point", e.what());
  }
}

Eigen::VectorXd values_of(const std::vector<GiNaC::symbol>& symbols, const GiNaC::exmap& given) {
  Eigen::VectorXd v = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(symbols.size()));
  for (std::size_t i = 0; i < symbols.size(); ++i)
    if (auto it = given.find(symbols[i]); it != given.end()) v(static_cast<Eigen::Index>(i)) = state_value(symbols[i], it->second);
  return v;
}

}  // namespace

OperatingPoint operating_point(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                               const std::vector<std::string>& assignments, bool from_rest) {
  const auto& system = doc.system;
  const auto parameters = system.parameter_values();
  GiNaC::exmap symbolic, numeric;  // by state symbol
  for (const auto& [name, value] : io::initial_conditions(doc))
    if (auto s = state_symbol(system, eom, name); s && !from_rest) numeric[*s] = value;
  auto assign = [&](const GiNaC::symbol& s, const GiNaC::ex& value) {
    symbolic[s] = value;
    numeric[s] = value.subs(parameters, GiNaC::subs_options::no_pattern);
  };
  if (!from_rest)
    for (const auto& [name, value] : doc.setup.operating_point)
      if (auto s = state_symbol(system, eom, name)) assign(*s, value);
  for (const auto& text : assignments) {
    const auto [name, expression] = split_assignment(text, '=', "operating point");
    const auto s = state_symbol(system, eom, name);
    if (!s)
      throw ModelError("operating point '" + text + "'",
                       "'" + name + "' is not a coordinate, rate, speed, parameter or input of the model");
    assign(*s, io::parse_expression(system, expression, "operating point '" + text + "'"));
  }
  // Numeric rates of the system's speeds where the model declares its own: q_d given → u unknown.
  OperatingPoint point;
  const Eigen::VectorXd q = values_of(system.coordinates(), numeric), u = values_of(system.speeds(), numeric);
  analysis::check_rotations(system, {0, q, u}, "the operating point");  // a DCM in the coordinates must be a rotation there
  point.state = formulations::state_for(eom, system, 0, q, u);
  for (std::size_t j = 0; j < eom.p(); ++j)  // speeds given in the equations' own terms (q_d, Kane's u)
    if (auto it = numeric.find(eom.speeds[j]); it != numeric.end())
      point.state.u(static_cast<Eigen::Index>(j)) = state_value(eom.speeds[j], it->second);
  point.values = formulations::state_values(eom, point.state, {});
  for (const auto& [s, e] : symbolic) point.values[s] = e;
  return point;
}

GiNaC::symbol parameter_named(const model::System& system, const std::string& name, const std::string& object) {
  const auto& parameters = system.parameters();
  auto it = std::find_if(parameters.begin(), parameters.end(), [&](const auto& p) { return p.symbol.get_name() == name; });
  if (it == parameters.end()) throw ModelError(object, "'" + name + "' is not a parameter of the model");
  return it->symbol;
}

std::vector<GiNaC::symbol> unknowns_named(const formulations::EquationsOfMotion& eom, const std::vector<std::string>& names,
                                          const std::string& what) {
  std::vector<GiNaC::symbol> out;
  for (const auto& name : names) {
    bool found = false;
    for (const auto* list : {&eom.coordinates, &eom.speeds})
      for (const auto& s : *list)
        if (s.get_name() == name) out.push_back(s), found = true;
    if (!found)
      throw ModelError(what + " '" + name + "'", "not a coordinate or speed of the " + eom.method + " equations");
  }
  return out;
}

ParameterSweep parse_sweep(const model::System& system, const std::string& spec) {
  const auto [name, range] = split_assignment(spec, '=', "sweep");
  ParameterSweep sweep;
  sweep.parameter = parameter_named(system, name, "sweep '" + spec + "'");
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

void check_sweep_values(const model::System& system, const GiNaC::symbol& parameter, const std::vector<double>& values,
                        const std::string& object) {
  GiNaC::exmap at = system.parameter_values();
  for (double v : values) {
    try {
      model::check_finite_parameter(parameter.get_name(), v);
      at[parameter] = v;
      model::check_parameter_values(system, at);
    } catch (const ModelError& e) {
      std::ostringstream value;
      value << v;
      throw ModelError(object, "at " + parameter.get_name() + " = " + value.str() + ", " + e.what());
    }
  }
}

std::vector<std::string> set_parameters(model::System& system, const std::vector<std::string>& assignments) {
  std::vector<std::string> rest;
  for (const auto& text : assignments) {
    const auto [name, expression] = split_assignment(text, '=', "operating point");
    const auto& ps = system.parameters();
    const bool input = system.has_input(name);
    if (!input && std::none_of(ps.begin(), ps.end(), [&](const auto& p) { return p.symbol.get_name() == name; })) {
      rest.push_back(text);
      continue;
    }
    const std::string object = "operating point '" + text + "'";
    const GiNaC::ex given = io::parse_expression(system, expression, object);
    double value = 0;
    try {  // a value a double cannot hold is bad input, as a state's (state_value)
      value = sym::evaluate(given, system.parameter_values(), name);
    } catch (const EvaluationError& e) {
      throw ModelError(object, e.what());
    }
    if (input) system.set_input_values({{name, value}});
    else system.set_parameter_value(name, value);
  }
  return rest;
}

// The point's values with the parameters not named in `symbolic` replaced by their values, and
// those parameters added to the point.
GiNaC::exmap with_parameter_values(const model::System& system, const GiNaC::exmap& values,
                                   const std::vector<std::string>& symbolic) {
  GiNaC::exmap parameters;
  for (const auto& p : system.parameters())
    if (std::find(symbolic.begin(), symbolic.end(), p.symbol.get_name()) == symbolic.end() && p.value)
      parameters[p.symbol] = *p.value;
  GiNaC::exmap out = parameters;
  for (const auto& [s, e] : values) out[s] = sym::substitute(e, parameters);
  return out;
}

Linearization linearize_model(const std::string& path, const std::string& method,
                              const std::vector<std::string>& assignments, bool from_rest,
                              const std::vector<std::string>& dependent_speeds, std::ostream& err,
                              const std::optional<std::vector<std::string>>& symbolic_parameters) {
  return linearize_model(read_model_document(path), method, assignments, from_rest, dependent_speeds, err,
                         symbolic_parameters);
}

Linearization linearize_model(io::ModelDocument doc, const std::string& method,
                              const std::vector<std::string>& assignments, bool from_rest,
                              const std::vector<std::string>& dependent_speeds, std::ostream& err,
                              const std::optional<std::vector<std::string>>& symbolic_parameters) {
  set_dependent_speeds(doc.system, dependent_speeds);
  auto eom = analysis::derive_without_redundant_rows(doc.system, method);
  return linearize_equations(std::move(doc), std::move(eom), assignments, from_rest, err, symbolic_parameters);
}

Linearization linearize_equations(io::ModelDocument doc, formulations::EquationsOfMotion eom,
                                  const std::vector<std::string>& assignments, bool from_rest, std::ostream& err,
                                  const std::optional<std::vector<std::string>>& symbolic_parameters) {
  const auto state_assignments = set_parameters(doc.system, assignments);
  auto point = operating_point(doc, eom, state_assignments, from_rest);
  const GiNaC::exmap at =
      symbolic_parameters ? with_parameter_values(doc.system, point.values, *symbolic_parameters) : point.values;
  auto lin = analysis::linearize(doc.system, eom, at);
  if (const double r = analysis::stationarity_residual(lin, doc.system.parameter_values()); r > 1e-8)
    err << "adyn: warning: the operating point is not an equilibrium or steady motion (|du/dt|, |dq/dt| up to " << r
        << "): the linearization holds only at this instant\n";
  return {std::move(doc), std::move(eom), std::move(point), std::move(lin)};
}

}  // namespace adyn::cli

namespace adyn::cli {

void add_operating_point_options(CLI::App& command, std::vector<std::string>& at, bool& from_rest) {
  command.add_option("--at", at, "NAME=EXPR: a coordinate, rate (NAME_d) or speed at the operating point, or a "
                                 "parameter's or input's value (e.g. v=5); repeatable; expressions may use the parameters "
                                 "(e.g. u3=Omega, to sweep Omega)")
      ->type_name("NAME=EXPR");
  command.add_flag("--rest", from_rest, "Start the operating point from q = 0, u = 0 instead of the initial conditions");
}

}  // namespace adyn::cli
