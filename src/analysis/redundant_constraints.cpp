// Constraints redundant wherever they hold, left out before deriving (redundant_constraints.hpp).
#include "adyn/analysis/redundant_constraints.hpp"

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "constraint_forms.hpp"

namespace adyn::analysis {
namespace {

bool ideal(const model::Constraint& c) { return c.nonideal_force.empty() && c.friction_coefficient.is_zero(); }

// Whether the linear velocity-level rows are independent at the reference configuration moved
// onto φ = 0; false where that cannot be told (a parameter without a value, no consistent
// configuration near the reference one).
bool independent_at_reference(const model::System& system, double tolerance) {
  GiNaC::exmap point = system.parameter_values();
  point[sym::time()] = 0;
  const auto& q = system.coordinates();
  const Eigen::VectorXd q0 = system.reference_configuration();
  for (std::size_t j = 0; j < q.size(); ++j) point[q[j]] = q0(static_cast<Eigen::Index>(j));
  try {
    if (!onto_configuration_manifold(system, point)) return false;
    Eigen::MatrixXd A(0, static_cast<Eigen::Index>(q.size()));
    for (const auto& c : system.constraints()) {
      const VelocityForm form = velocity_form(c, q);
      if (!form.linear) continue;
      A.conservativeResize(A.rows() + 1, Eigen::NoChange);
      for (std::size_t j = 0; j < q.size(); ++j) A(A.rows() - 1, static_cast<Eigen::Index>(j)) = value_at(form.omega[j], point);
      A.row(A.rows() - 1) /= std::max(1.0, A.row(A.rows() - 1).cwiseAbs().maxCoeff());
    }
    return numeric_rank(A, tolerance) == A.rows();
  } catch (const Error&) {
    return false;
  }
}

}  // namespace

std::vector<std::string> redundant_constraints(const model::System& system) {
  const ClassificationOptions options;
  if (system.constraints().empty() || independent_at_reference(system, options.tolerance)) return {};
  const auto classification = classify_constraints(system, options);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < system.constraints().size(); ++i) {
    const auto& c = system.constraints()[i];
    const auto& report = classification.constraints[i];
    if (report.redundant && report.linear_in_velocities && ideal(c)) out.push_back(c.name);
  }
  return out;
}

formulations::EquationsOfMotion derive_without_redundant_rows(const model::System& system, const std::string& method) {
  std::vector<std::string> redundant;
  try {
    return formulations::derive(system, method);
  } catch (const SingularityError&) {  // dependent rows where the method needs independent ones
    redundant = redundant_constraints(system);
    if (redundant.empty()) throw;
  }
  return derive_without(system, method, redundant);
}

formulations::EquationsOfMotion derive_without(const model::System& system, const std::string& method,
                                               const std::vector<std::string>& constraints) {
  model::System independent = system;
  for (const auto& name : constraints) independent.remove_constraint(name);
  auto eom = formulations::derive(independent, method);
  eom.dropped_constraints = constraints;
  return eom;
}

}  // namespace adyn::analysis
