#pragma once
// Linearization about an equilibrium or a steady motion and eigenanalysis (Géradin & Rixen A11,
// E1.8; Kane's notes §1.0): for equations M(q, q̇, t) q̈ = F(q, q̇, t) with u = q̇, at an operating
// point (q0, q̇0),
//
//     M δq̈ + (C + G) δq̇ + (K + N) δq = 0,
//
// with M = M(q0, q̇0), −∂F/∂q̇ split into its symmetric part C (damping) and skew part G
// (gyroscopic), −∂F/∂q (plus the q-dependence of M q̈0, zero at an equilibrium) into its symmetric
// part K (stiffness) and skew part N (circulatory); the first-order state matrix
// A = [0 I; −M⁻¹(K + N) −M⁻¹(C + G)].
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <complex>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"

namespace adyn::analysis {

struct LinearizedEquations {
  GiNaC::matrix M, C, G, K, N;  // n x n, symbolic in the parameters
};

/// Linearizes equations in the rates (u = q̇, no constraint rows) about `operating_point`, which
/// gives q and q̇ (and may give parameters). Throws adyn::ModelError for other equations
/// (quasi-velocities or multipliers: not yet).
LinearizedEquations linearize(const formulations::EquationsOfMotion& eom, const GiNaC::exmap& operating_point);

struct Eigenanalysis {
  Eigen::VectorXcd eigenvalues;     // of the state matrix A (2n), sorted by imaginary part
  Eigen::MatrixXcd modes;           // columns: state-space eigenvectors
  std::vector<double> frequencies;  // |Im λ| of the oscillatory pairs (rad/s), ascending
  bool stable = false;              // all Re λ < −tol (asymptotic) or ≤ tol (marginal)
  bool asymptotically_stable = false;
};

/// The state matrix A at the given parameter values and its eigenvalues.
Eigen::MatrixXd state_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters);
Eigenanalysis eigenanalysis(const LinearizedEquations& lin, const GiNaC::exmap& parameters, double tol = 1e-9);

}  // namespace adyn::analysis
