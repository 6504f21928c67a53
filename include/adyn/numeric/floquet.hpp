#pragma once
// Floquet analysis of a periodic motion (Kane's notes E1: the pendulum-with-plate perturbation is a
// Mathieu equation): the monodromy matrix Φ(T) of the perturbations over one period, by integrating
// the variational equations Φ̇ = A(x(t)) Φ, Φ(0) = I along the motion (Kane's notes A18; A the
// Jacobian of the first-order equations, compiled from its symbolic form, SUNDIALS' Dormand–Prince
// at rtol 1e-12), and its eigenvalues, the Floquet multipliers. The motion is stable (to first
// order) when no multiplier lies outside the unit circle.
#include <Eigen/Dense>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::numeric {

struct FloquetResult {
  Eigen::MatrixXd monodromy;       // (n + p) x (n + p), in the state (q, u)
  Eigen::VectorXcd multipliers;
  double spectral_radius = 0;
  bool stable = false;             // spectral radius ≤ 1 + tol
};

/// `x0` lies on the periodic motion of period `period` (an equilibrium of a time-periodic system,
/// or a point of a periodic orbit). The equations must be in independent speeds without constraint
/// rows (adyn::ModelError otherwise). Throws adyn::Error if the integration fails.
FloquetResult floquet(const model::System& system, const formulations::EquationsOfMotion& eom,
                      const formulations::State& x0, double period, double tol = 1e-6);

}  // namespace adyn::numeric
