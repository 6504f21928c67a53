// A system's outputs compiled once (compiled_outputs.hpp).
#include "adyn/numeric/compiled_outputs.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/error.hpp"
#include "adyn/formulations/state_expression.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::numeric {
namespace {

// The index of the multiplier of `output`'s constraint in the equations' λ; refused where they have none.
Eigen::Index multiplier_of(const model::Output& output, const formulations::EquationsOfMotion& eom) {
  const auto& names = eom.multiplier_names;
  const auto at = std::find(names.begin(), names.end(), output.constraint);
  if (at != names.end()) return static_cast<Eigen::Index>(at - names.begin());
  const std::string object = "output '" + output.name + "'";
  const std::string force = "the force of constraint '" + output.constraint + "' is its multiplier";
  const auto& dropped = eom.dropped_constraints;
  if (std::find(dropped.begin(), dropped.end(), output.constraint) != dropped.end())
    throw NotApplicableError(object, force + ", which is not determined: the constraint was left out as redundant "
                                     "(its row depends on the others), so its force cannot be told from theirs");
  throw NotApplicableError(object, force + ", and the " + eom.method + " equations have none: they eliminate the "
                                   "constraint instead of keeping its row; derive them by lagrange or gauss (a "
                                   "multiplier per constraint) for this output");
}

}  // namespace

CompiledOutputs::CompiledOutputs(const model::System& system, const formulations::EquationsOfMotion& eom) {
  if (system.outputs().empty()) return;
  formulations::InEquationsState in_state(system, eom);
  std::vector<GiNaC::ex> expressions;
  for (const auto& output : system.outputs()) {
    names_.push_back(output.name);
    if (output.is_constraint_force()) multiplier_.emplace_back(names_.size() - 1, multiplier_of(output, eom));
    expressions.push_back(output.is_constraint_force() ? GiNaC::ex(0) : in_state(output.expression));
  }
  std::vector<GiNaC::symbol> inputs = {sym::time()};
  inputs.insert(inputs.end(), eom.coordinates.begin(), eom.coordinates.end());
  inputs.insert(inputs.end(), eom.speeds.begin(), eom.speeds.end());
  const auto parameters = parameter_inputs(system.parameter_values()).symbols;  // the evaluator's order
  inputs.insert(inputs.end(), parameters.begin(), parameters.end());
  expressions_ = std::make_shared<const Tape>(inputs, expressions);
}

void CompiledOutputs::evaluate(const double* inputs, const Eigen::VectorXd& lambda, double* y) const {
  if (!expressions_) return;
  expressions_->evaluate(inputs, y);
  for (const auto& [output, k] : multiplier_) y[output] = k < lambda.size() ? lambda(k) : std::nan("");
}

}  // namespace adyn::numeric
