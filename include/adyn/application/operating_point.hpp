#pragma once
// The operating point of the analyses (`equilibrium`, `linearize`, `eigen` and Python's Model.linearize,
// eigen, sweep, equilibria): the model file's initial conditions, then its `operating_point:`
// section, overridden by given values — coordinates, their rates (NAME_d) and speeds; expressions
// may use the parameters (u3 = Omega makes the linearization a function of Omega, to sweep), and a
// value given to a parameter or an input sets it (v = 5).
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/application/assignment.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::application {

struct OperatingPoint {
  formulations::State state;  // numeric, at the model's parameter values
  GiNaC::exmap values;        // q, u (and t) of the equations, symbolic where a given value is
};

/// Starts from the initial conditions, or from q = 0, u = 0 with `from_rest`. Throws
/// adyn::ModelError naming a given value ("operating point 'NAME=VALUE'") that names no
/// coordinate, rate or speed, or whose value does not parse.
OperatingPoint operating_point(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                               const Assignments& given, bool from_rest = false);

/// Sets the parameters and inputs that `given` names (their values may use the parameters' values)
/// and returns the other values. Throws adyn::ModelError naming a value that does not parse or that
/// a double cannot hold.
Assignments set_parameters(model::System& system, const Assignments& given);

/// The model parameter `name`; throws adyn::ModelError naming `object` when there is none.
GiNaC::symbol parameter_named(const model::System& system, const std::string& name, const std::string& object);

/// Throws adyn::ModelError naming `object` and the first of `values` at which the model with
/// `parameter` set to it is refused by model::check_parameter_values (a mass that is not positive).
void check_sweep_values(const model::System& system, const GiNaC::symbol& parameter, const std::vector<double>& values,
                        const std::string& object);

/// The equations' coordinates and speeds called `names` (the unknowns of an equilibrium search);
/// throws adyn::ModelError naming `what` and the name (e.g. "--free 'x'") for one that is neither.
std::vector<GiNaC::symbol> unknowns_named(const formulations::EquationsOfMotion& eom, const std::vector<std::string>& names,
                                          const std::string& what);

}  // namespace adyn::application
