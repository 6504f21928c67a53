#include "adyn/application/operating_point.hpp"

#include <algorithm>
#include <optional>
#include <sstream>

#include "adyn/analysis/consistency.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/model/parameter_values.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::application {

namespace {

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

std::string object_of(const Assignment& given) { return "operating point '" + given.text() + "'"; }

}  // namespace

OperatingPoint operating_point(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                               const Assignments& given, bool from_rest) {
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
  for (const auto& assignment : given) {
    const auto s = state_symbol(system, eom, assignment.name);
    if (!s)
      throw ModelError(object_of(assignment),
                       "'" + assignment.name + "' is not a coordinate, rate, speed, parameter or input of the model");
    assign(*s, value_of(system, assignment, object_of(assignment)));
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

Assignments set_parameters(model::System& system, const Assignments& given) {
  Assignments rest;
  for (const auto& assignment : given) {
    const auto& name = assignment.name;
    const auto& ps = system.parameters();
    const bool input = system.has_input(name);
    if (!input && std::none_of(ps.begin(), ps.end(), [&](const auto& p) { return p.symbol.get_name() == name; })) {
      rest.push_back(assignment);
      continue;
    }
    const std::string object = object_of(assignment);
    const GiNaC::ex value_given = value_of(system, assignment, object);
    double value = 0;
    try {  // a value a double cannot hold is bad input, as a state's (state_value)
      value = sym::evaluate(value_given, system.parameter_values(), name);
    } catch (const EvaluationError& e) {
      throw ModelError(object, e.what());
    }
    if (input) system.set_input_values({{name, value}});
    else system.set_parameter_value(name, value);
  }
  return rest;
}

GiNaC::symbol parameter_named(const model::System& system, const std::string& name, const std::string& object) {
  const auto& parameters = system.parameters();
  auto it = std::find_if(parameters.begin(), parameters.end(), [&](const auto& p) { return p.symbol.get_name() == name; });
  if (it == parameters.end()) throw ModelError(object, "'" + name + "' is not a parameter of the model");
  return it->symbol;
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

}  // namespace adyn::application
