#pragma once
// The formulations by name (for the command line and model files), and the translation of a
// system's state into a formulation's own (t, q, u).
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// The keys of the method table (method_registry.hpp), in its order: "lagrange", "kane", ...
const std::vector<std::string>& method_names();

/// The methods a comparison runs: those of `only` in the order given (all of method_names() when
/// empty), without those of `skip`. Throws adyn::ModelError naming `only_name` or `skip_name` (how
/// the caller spells them: "--methods", "--skip") for a name that is not a method (listing the
/// methods), a name given twice, both lists given, or a selection that leaves no method.
std::vector<std::string> select_methods(const std::vector<std::string>& only, const std::vector<std::string>& skip,
                                        const std::string& only_name, const std::string& skip_name);

/// The equations of a system by the named method (its row's derivation); throws adyn::ModelError
/// for an unknown name, and adyn::ModelError naming the constraint when the system has a nonideal
/// constraint (a force C or Coulomb friction) that the method's equations leave out (all but
/// udwadia-kalaba).
EquationsOfMotion derive(const model::System& system, const std::string& method);

/// The state of the system (its coordinates q and speeds u at t) as the formulation's state:
/// speeds the formulation integrates that are not the system's (q̇ in Lagrange's equations of a
/// system with declared speeds) are evaluated from the kinematic equations; eliminated dependent
/// speeds are dropped.
State state_for(const EquationsOfMotion& eom, const model::System& system, double t, const Eigen::VectorXd& q,
                const Eigen::VectorXd& u);

}  // namespace adyn::formulations
