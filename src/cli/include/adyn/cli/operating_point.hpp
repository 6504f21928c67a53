#pragma once
// The operating point of the analysis commands (`equilibrium`, `linearize`, `eigen`): the model
// file's initial conditions, then its `operating_point:` section, overridden by NAME=EXPR
// assignments on the command line — coordinates, their rates (NAME_d) and speeds; expressions may
// use the parameters (`--at u3=Omega` makes the linearization a function of Omega, to sweep), and
// an assignment to a parameter sets its value (`--at v=5`).
#include <ginac/ginac.h>

#include <ostream>
#include <optional>
#include <string>
#include <vector>

#include "adyn/analysis/linearization.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/io/model_file.hpp"

namespace CLI {
class App;
}

namespace adyn::cli {

struct OperatingPoint {
  formulations::State state;  // numeric, at the model's parameter values
  GiNaC::exmap values;        // q, u (and t) of the equations, symbolic where an assignment is
};

/// Starts from the initial conditions, or from q = 0, u = 0 with `from_rest`. Throws
/// adyn::ModelError naming an assignment that is malformed or names no coordinate or speed.
OperatingPoint operating_point(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                               const std::vector<std::string>& assignments, bool from_rest = false);

/// The sweep `NAME=LO:HI:COUNT` of a model parameter. Throws adyn::ModelError when malformed.
struct ParameterSweep {
  GiNaC::symbol parameter;
  double lo = 0, hi = 0;
  int count = 0;
};
ParameterSweep parse_sweep(const model::System& system, const std::string& spec);

/// Throws adyn::ModelError naming `object` and the first of `values` at which the model with
/// `parameter` set to it is refused by model::check_parameter_values (a mass that is not positive).
void check_sweep_values(const model::System& system, const GiNaC::symbol& parameter, const std::vector<double>& values,
                        const std::string& object);

/// The model parameter `name`; throws adyn::ModelError naming `object` when there is none.
GiNaC::symbol parameter_named(const model::System& system, const std::string& name, const std::string& object);

/// The equations' coordinates and speeds called `names` (the unknowns of an equilibrium search);
/// throws adyn::ModelError naming `what` and the name (e.g. "--free 'x'") for one that is neither.
std::vector<GiNaC::symbol> unknowns_named(const formulations::EquationsOfMotion& eom, const std::vector<std::string>& names,
                                          const std::string& what);

/// Sets the parameters that `assignments` name (NAME=EXPR, EXPR in the parameters' values) and
/// returns the other assignments. Throws adyn::ModelError naming a malformed one.
std::vector<std::string> set_parameters(model::System& system, const std::vector<std::string>& assignments);

/// A model, its equations by `method` and their linearization about the operating point given by
/// `assignments` (see above). Warns on `err` when the point is not an equilibrium or steady motion.
/// With `symbolic_parameters` given, every other parameter's value is part of the operating point:
/// the linearization then holds numbers (and those parameters), with nothing large to normalize —
/// `eigen` keeps only the swept parameter; `linearize`, printing M, C and K, keeps all (nullopt).
struct Linearization {
  io::ModelDocument doc;
  formulations::EquationsOfMotion eom;
  OperatingPoint point;
  analysis::LinearizedEquations lin;
};
Linearization linearize_model(const std::string& path, const std::string& method,
                              const std::vector<std::string>& assignments, bool from_rest,
                              const std::vector<std::string>& dependent_speeds, std::ostream& err,
                              const std::optional<std::vector<std::string>>& symbolic_parameters = std::nullopt);
/// The same for a model already read (a copy: the assignments set its parameters).
Linearization linearize_model(io::ModelDocument doc, const std::string& method,
                              const std::vector<std::string>& assignments, bool from_rest,
                              const std::vector<std::string>& dependent_speeds, std::ostream& err,
                              const std::optional<std::vector<std::string>>& symbolic_parameters = std::nullopt);
/// The same for equations already derived from the model.
Linearization linearize_equations(io::ModelDocument doc, formulations::EquationsOfMotion eom,
                                  const std::vector<std::string>& assignments, bool from_rest, std::ostream& err,
                                  const std::optional<std::vector<std::string>>& symbolic_parameters = std::nullopt);

/// The options shared by `linearize` and `eigen`: --at NAME=EXPR (repeatable) and --rest.
void add_operating_point_options(CLI::App& command, std::vector<std::string>& at, bool& from_rest);

}  // namespace adyn::cli
