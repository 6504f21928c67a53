#pragma once
// Equilibria and steady motions (Géradin & Rixen §1.7, E1.8; Greenwood §4.7; Kane's notes A18): a
// state at which the equations' speeds are constant, u̇ = 0 (for multiplier forms: F + Gᵀλ = 0 with
// the constraint rows satisfied), the holonomic constraints hold, and every coordinate the equations
// depend on stays put, q̇_k = 0. That is
//   * a static equilibrium (u = 0: ∂V/∂q = Q),
//   * a relative equilibrium of a rheonomic system written in moving axes (u = 0 relative to them:
//     ∂V*/∂q = Q with the effective potential V* = V − T0, Géradin (1.60)),
//   * a steady motion of a system with cyclic coordinates (their rates free: a disk rolling at a
//     constant speed, a body on a circular orbit).
// The unknowns (coordinates and/or speeds) are solved by Gauss–Newton from a guess; the other
// values are held at the guess.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::analysis {

struct EquilibriumOptions {
  std::vector<GiNaC::symbol> unknowns;  // coordinates and/or speeds; default: the coordinates the equations
                                        // contain and the speeds in their rates
  double tol = 1e-10;                   // on every residual
  int max_iterations = 100;
};

struct Equilibrium {
  formulations::State state;
  Eigen::VectorXd multipliers;  // λ (multiplier forms)
  double residual = 0;          // max |residual|
  int iterations = 0;
};

/// Coordinates nothing in the equations depends on: neither M, F, the constraint rows nor the
/// rates of the coordinates that they do contain (x, y and the heading of a rolling disk).
std::vector<GiNaC::symbol> ignorable_coordinates(const formulations::EquationsOfMotion& eom);

/// Angles: the coordinates q_j (not ignorable) under whose shift by 2π the equations and the
/// holonomic constraints are unchanged (checked numerically at two random points).
std::vector<GiNaC::symbol> angle_coordinates(const model::System& system, const formulations::EquationsOfMotion& eom);

/// The equilibrium or steady motion nearest `guess`. Throws adyn::ModelError naming the system and
/// the largest residual when none is found from the guess.
Equilibrium find_equilibrium(const model::System& system, const formulations::EquationsOfMotion& eom,
                             const formulations::State& guess, const GiNaC::exmap& parameters,
                             const EquilibriumOptions& options = {});

/// The distinct equilibria reached from several guesses (guesses that lead nowhere are skipped),
/// angle_coordinates reported in [−π, π] and equilibria 2π apart counted once.
/// Throws adyn::ModelError when no guess leads to one.
std::vector<Equilibrium> find_equilibria(const model::System& system, const formulations::EquationsOfMotion& eom,
                                         const std::vector<formulations::State>& guesses,
                                         const GiNaC::exmap& parameters, const EquilibriumOptions& options = {});

/// The effective potential V* = V − T0 whose stationary points are the relative equilibria of a
/// system in moving axes (Géradin (1.60)).
GiNaC::ex effective_potential(const model::System& system);

}  // namespace adyn::analysis
