#pragma once
// The forces of the constraints that an eliminating method does not keep as multipliers (Kane's,
// Maggi's, Gibbs–Appell's equations with dependent speeds): Lagrange's multiplier form of the same
// system, M_L q̈ = F_L + G_Lᵀ λ (Greenwood (4.104)), evaluated along the method's own motion — q̇
// = f(q, u, t) from its speeds, q̈ = ∂f/∂u u̇ + ∂f/∂q f + ∂f/∂t from its accelerations — and solved
// for the least-norm λ with G_Lᵀ λ = M_L q̈ − F_L. On the constraints that residual is a combination
// of G_L's rows, and with the rows the method kept (independent ones) λ is the one Lagrange's
// equations give: the force of a constraint is its multiplier whichever method integrates.
#include <Eigen/Dense>

#include <memory>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/tape.hpp"

namespace adyn::numeric {

class EliminatedConstraintForces {
 public:
  /// For `eom` of `system`; λ of the rows `eom` kept (not those it left out as redundant). Throws
  /// what formulations::lagrange throws where Lagrange's form does not apply.
  EliminatedConstraintForces(const model::System& system, const formulations::EquationsOfMotion& eom);
  /// The constraint of each λ, in order.
  const std::vector<std::string>& names() const { return names_; }
  /// λ at the tape's inputs (t, q, u, parameters in parameter_inputs' order) and the method's u̇.
  Eigen::VectorXd operator()(const double* inputs, const Eigen::VectorXd& udot) const;

 private:
  // Row-major: M_L (n × n), F_L (n), G_L (m × n), ∂f/∂u (n × p), ∂f/∂q f + ∂f/∂t (n).
  std::shared_ptr<const Tape> tape_;
  Eigen::Index n_ = 0, p_ = 0, m_ = 0;
  std::vector<std::string> names_;
};

}  // namespace adyn::numeric
