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

class EliminatedConstraintForces;  // eliminated_constraint_forces.hpp

class CompiledOutputs {
 public:
  CompiledOutputs() = default;
  /// The outputs of `system` for the equations `eom`. A constraint's force is its multiplier: the
  /// equations' λ where they keep its row (lagrange, gauss), else Lagrange's multiplier form along
  /// the equations' motion (Kane's, Maggi's, Gibbs–Appell's with dependent speeds). Throws
  /// adyn::NotApplicableError naming the output when the constraint's row was left out as
  /// redundant (its force is not determined).
  CompiledOutputs(const model::System& system, const formulations::EquationsOfMotion& eom);
  const std::vector<std::string>& names() const { return names_; }
  std::size_t size() const { return names_.size(); }
  /// Whether an output is a multiplier of the equations (then evaluate needs λ).
  bool needs_multipliers() const { return !multiplier_.empty(); }
  /// Whether an output is the force of a constraint the equations eliminate (then evaluate needs u̇).
  bool needs_accelerations() const { return !eliminated_multiplier_.empty(); }
  /// y at the tape's inputs (t, q, u, parameters in parameter_inputs' order), the equations' λ and u̇.
  void evaluate(const double* inputs, const Eigen::VectorXd& lambda, const Eigen::VectorXd& udot, double* y) const;

 private:
  std::vector<std::string> names_;
  std::shared_ptr<const Tape> expressions_;  // one per output; 0 for a constraint force
  std::vector<std::pair<std::size_t, Eigen::Index>> multiplier_;  // (output, its λ's index)
  std::shared_ptr<const EliminatedConstraintForces> eliminated_;  // where the equations eliminate them
  std::vector<std::pair<std::size_t, Eigen::Index>> eliminated_multiplier_;  // (output, index in eliminated_)
};

}  // namespace adyn::numeric
