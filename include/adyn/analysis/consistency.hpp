#pragma once
// Consistency of states with the constraints: residuals, a check that names the violated
// constraint, a consistent configuration near a guess (Gauss–Newton on φ(q, t) = 0), which also
// detects constraints that no configuration satisfies, and consistent speeds at a configuration.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::analysis {

/// A state of a system: time, coordinates q (n) and generalized speeds u (the system's speeds).
struct SystemState {
  double t = 0;
  Eigen::VectorXd q;
  Eigen::VectorXd u;
};

/// The holonomic constraints φ(q, t) = 0 of a system, with their names.
struct HolonomicConstraints {
  std::vector<std::string> names;
  std::vector<GiNaC::ex> phi;
};
HolonomicConstraints holonomic_constraints(const model::System& system);

/// Residual of each constraint at the state (φ for holonomic constraints, f for the others).
Eigen::VectorXd constraint_residuals(const model::System& system, const SystemState& x);

/// Throws adyn::ModelError naming the first constraint violated by more than `tol` — for a
/// holonomic constraint also its velocity form φ̇ = 0 — e.g. initial conditions that do not
/// satisfy the constraints.
void check_state(const model::System& system, const SystemState& x, double tol = 1e-9);

/// For each orientation that depends on the system's coordinates or time (angles, Euler
/// parameters, a direction-cosine matrix written in them), at the state: throws adyn::ModelError
/// naming the frame when it is not a rotation there (a DCM that is not orthonormal or is a
/// reflection, Euler parameters of norm other than 1), e.g. "frame 'A': its direction-cosine
/// matrix is not a rotation at the initial state (|CᵀC − I| = 3)" for where = "the initial state".
void check_rotations(const model::System& system, const SystemState& x, const std::string& where = "this state");

/// check_rotations, and throws adyn::SingularityError when a parameterization is singular at the
/// state (gimbal lock of Euler angles: the angle rates are not determined by the angular velocity,
/// and every mass matrix in those rates is singular).
void check_orientations(const model::System& system, const SystemState& x, const std::string& where = "this state");

/// q satisfying every holonomic constraint φ(q, t) = 0, found from `guess` by damped Gauss–Newton
/// (minimal change). Throws adyn::ModelError naming the constraints when none is found: the
/// constraints are inconsistent (or the guess is too far).
Eigen::VectorXd consistent_configuration(const model::System& system, const Eigen::VectorXd& guess, double t = 0,
                                         double tol = 1e-12);

/// Generalized speeds u satisfying every constraint at velocity level at (q, t) — velocity
/// constraints, general constraints f(q, q̇, t) = 0 and the velocity forms φ̇ = 0 of holonomic
/// ones — found from `guess` by Gauss–Newton with minimal-norm steps (for constraints linear in the
/// speeds: the projection of the guess onto the admissible speeds). Throws adyn::ModelError naming
/// the constraint that cannot be satisfied.
Eigen::VectorXd consistent_speeds(const model::System& system, const Eigen::VectorXd& q, const Eigen::VectorXd& guess,
                                  double t = 0, double tol = 1e-12);

}  // namespace adyn::analysis
