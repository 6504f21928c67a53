// A system's outputs compiled once (compiled_outputs.hpp).
#include "adyn/numeric/compiled_outputs.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/error.hpp"
#include "adyn/formulations/state_expression.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "eliminated_constraint_forces.hpp"

namespace adyn::numeric {
namespace {

// Why the force of `output`'s constraint has no value: its row was left out as redundant.
void refuse_dropped(const model::Output& output, const formulations::EquationsOfMotion& eom) {
  const auto& dropped = eom.dropped_constraints;
  if (std::find(dropped.begin(), dropped.end(), output.constraint) != dropped.end())
    throw NotApplicableError("output '" + output.name + "'",
                             "the force of constraint '" + output.constraint + "' is its multiplier, which is not "
                             "determined: the constraint was left out as redundant (its row depends on the others), "
                             "so its force cannot be told from theirs");
}

// The index of `name` in `names`, or -1.
Eigen::Index index_of(const std::vector<std::string>& names, const std::string& name) {
  const auto at = std::find(names.begin(), names.end(), name);
  return at == names.end() ? -1 : static_cast<Eigen::Index>(at - names.begin());
}

}  // namespace

CompiledOutputs::CompiledOutputs(const model::System& system, const formulations::EquationsOfMotion& eom) {
  if (system.outputs().empty()) return;
  formulations::InEquationsState in_state(system, eom);
  std::vector<GiNaC::ex> expressions;
  for (const auto& output : system.outputs()) {
    names_.push_back(output.name);
    expressions.push_back(output.is_constraint_force() ? GiNaC::ex(0) : in_state(output.expression));
    if (!output.is_constraint_force()) continue;
    refuse_dropped(output, eom);
    if (const auto k = index_of(eom.multiplier_names, output.constraint); k >= 0) {
      multiplier_.emplace_back(names_.size() - 1, k);
      continue;
    }
    // An eliminating method's: from Lagrange's form along its motion.
    if (!eliminated_) eliminated_ = std::make_shared<const EliminatedConstraintForces>(system, eom);
    const auto k = index_of(eliminated_->names(), output.constraint);
    if (k < 0) throw NotApplicableError("output '" + output.name + "'", "the system has no constraint '" + output.constraint + "'");
    eliminated_multiplier_.emplace_back(names_.size() - 1, k);
  }
  const auto inputs = state_inputs(eom.coordinates, eom.speeds, system.parameter_values());
  expressions_ = std::make_shared<const Tape>(inputs, expressions);
}

void CompiledOutputs::evaluate(const double* inputs, const Eigen::VectorXd& lambda, const Eigen::VectorXd& udot,
                               double* y) const {
  if (!expressions_) return;
  expressions_->evaluate(inputs, y);
  for (const auto& [output, k] : multiplier_) y[output] = k < lambda.size() ? lambda(k) : std::nan("");
  if (eliminated_multiplier_.empty()) return;
  const Eigen::VectorXd forces = (*eliminated_)(inputs, udot);
  for (const auto& [output, k] : eliminated_multiplier_) y[output] = forces(k);
}

}  // namespace adyn::numeric
