// The system's named outputs (system.hpp, output.hpp).
#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::model {
namespace {

// The first acceleration (q̈ of a coordinate, u̇ of a declared speed) in `e`, if any.
std::optional<std::string> acceleration_in(const GiNaC::ex& e, const std::vector<GiNaC::symbol>& coordinates,
                                           const std::vector<GiNaC::symbol>& speeds) {
  for (const auto& a : sym::derivatives_of(coordinates, 2))
    if (e.has(a)) return a.get_name();
  for (const auto& a : sym::derivatives_of(speeds))
    if (e.has(a)) return a.get_name();
  return std::nullopt;
}

}  // namespace

void System::add_output(const Output& output) {
  changed();
  const std::string object = "output '" + output.name + "'";
  if (output.name.empty()) throw ModelError("output", "needs a name");
  for (const char* column : {"t", "energy", "violation"})
    if (output.name == column)
      throw ModelError(object, "the name is the trajectory's own column '" + output.name + "'");
  if (const auto it = symbol_kinds_.find(output.name); it != symbol_kinds_.end())
    throw ModelError(object, name_used_by(it->second));
  if (std::any_of(outputs_.begin(), outputs_.end(), [&](const Output& o) { return o.name == output.name; }))
    throw ModelError(object, "an output with this name already exists");
  if (output.is_constraint_force()) {
    if (std::none_of(constraints_.begin(), constraints_.end(), [&](const Constraint& c) { return c.name == output.constraint; }))
      throw ModelError(object, "its constraint force is of the constraint '" + output.constraint +
                                   "', which the system does not have");
  } else {
    if (auto a = acceleration_in(output.expression, coordinates_, declared_speeds_))
      throw ModelError(object, "contains the acceleration '" + *a +
                                   "': an output is a function of the state (q, their rates or the speeds, t), the "
                                   "parameters and the inputs");
    if (output.expression.has(Constraint::normal_force_symbol()))
      throw ModelError(object, "contains N_c, which only a nonideal constraint's force may use");
  }
  outputs_.push_back(output);
}

}  // namespace adyn::model
