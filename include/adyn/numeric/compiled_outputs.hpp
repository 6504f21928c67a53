#pragma once
// A system's outputs (model::Output) compiled once beside its equations, like the monitors: the
// expressions in the equations' state (formulations::InEquationsState) on a tape of (t, q, u,
// parameters), and the constraint forces taken from the multipliers λ the equations solve for.
#include <Eigen/Dense>

#include <memory>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/tape.hpp"

namespace adyn::numeric {

class CompiledOutputs {
 public:
  CompiledOutputs() = default;
  /// The outputs of `system` for the equations `eom`. Throws adyn::NotApplicableError naming the
  /// output when it is the force of a constraint whose row the equations do not keep (eliminating
  /// methods: Kane's, Maggi's, Gibbs–Appell's with dependent speeds; a row left out as redundant):
  /// the multiplier forms (lagrange, gauss) give it.
  CompiledOutputs(const model::System& system, const formulations::EquationsOfMotion& eom);
  const std::vector<std::string>& names() const { return names_; }
  std::size_t size() const { return names_.size(); }
  /// Whether an output is a multiplier (then evaluate needs λ).
  bool needs_multipliers() const { return !multiplier_.empty(); }
  /// y at the tape's inputs (t, q, u, parameters in parameter_inputs' order) and the equations' λ.
  void evaluate(const double* inputs, const Eigen::VectorXd& lambda, double* y) const;

 private:
  std::vector<std::string> names_;
  std::shared_ptr<const Tape> expressions_;  // one per output; 0 for a constraint force
  std::vector<std::pair<std::size_t, Eigen::Index>> multiplier_;  // (output, its λ's index)
};

}  // namespace adyn::numeric
