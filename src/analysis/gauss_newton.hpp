#pragma once
// Damped Gauss–Newton with minimal-norm steps for a system of equations r(z) = 0 given
// symbolically (square, over- or under-determined): each step solves J Δz = −r, J = ∂r/∂z, by a
// complete orthogonal decomposition (which copes with rank loss: redundant constraints, a family
// of equilibria) and is halved until ‖r‖ decreases. Shared by the consistency of states with the
// constraints and the search for equilibria and steady motions.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <vector>

namespace adyn::analysis {

struct GaussNewtonResult {
  Eigen::VectorXd z;         // the unknowns at the last iterate
  Eigen::VectorXd residual;  // r(z)
  int iterations = 0;
  bool converged = false;    // max |r_i| ≤ tol
};

/// Solves `residual` = 0 for `unknowns` from `z0`; every other symbol takes its value from
/// `fixed`. Never throws for lack of convergence: the caller names what failed.
GaussNewtonResult gauss_newton(const GiNaC::matrix& residual, const std::vector<GiNaC::symbol>& unknowns,
                               const GiNaC::exmap& fixed, const Eigen::VectorXd& z0, double tol,
                               int max_iterations = 100);

}  // namespace adyn::analysis
