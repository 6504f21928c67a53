#pragma once
// Lagrange's equations (Géradin & Rixen (1.29), (1.59), (1.82); Angeles (2.3.19), §2.4–2.5):
//
//     d/dt ∂T/∂q̇ − ∂T/∂q + ∂V/∂q + ∂D/∂q̇ = Q + Aᵀ λ,      with  A q̇ + a_t = 0
//
// written in mass-matrix form with u = q̇: M = ∂²T/∂q̇∂q̇ and
//     F = Q − ∂V/∂q − ∂D/∂q̇ + ∂T/∂q − Σ_j (∂²T/∂q̇∂q_j) q̇_j − ∂²T/∂q̇∂t,
// and the constraints kept at acceleration level, A q̈ = −(Ȧ q̇ + ȧ_t) (Lagrange multipliers).
// Holonomic constraints enter through A = ∂φ/∂q, a_t = ∂φ/∂t (Géradin 1.79); general constraints
// f(q, q̇, t) = 0 through A = ∂f/∂q̇ (Greenwood 4.346, ideal).
#include <ginac/ginac.h>

#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/constraint.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// What Lagrange's equations need: T(q, q̇, t), V(q, t), D(q, q̇, t) and the nonconservative
/// generalized forces Q (one per coordinate; empty means zero).
struct LagrangianForm {
  std::vector<GiNaC::symbol> coordinates;
  GiNaC::ex kinetic_energy;
  GiNaC::ex potential_energy = 0;
  GiNaC::ex dissipation = 0;
  std::vector<GiNaC::ex> generalized_forces;
};

/// Lagrange's equations from given energies, with a multiplier for each constraint.
EquationsOfMotion lagrange(const LagrangianForm& form, const std::vector<model::Constraint>& constraints = {});

/// The constraint rows of Lagrange's equations of the first kind, A q̈ = b (acceleration level), a
/// multiplier λ_k for each, added to `eom` in the coordinates q (u = q̇).
void add_multiplier_rows(EquationsOfMotion& eom, const std::vector<model::Constraint>& constraints);

/// T, V, D and Q of a system in its coordinates (u = q̇): T from the particles and bodies, V from
/// gravity, springs and potentials, D from dampers and dissipation functions, Q from the forces,
/// torques and generalized forces by virtual work (Kane's F_r with v_r = ∂v/∂q̇_r).
LagrangianForm lagrangian_form(const model::System& system);
/// V, D and Q of lagrangian_form without T (kinetic_energy 0): what the loads give.
LagrangianForm lagrangian_loads(const model::System& system);

/// Lagrange's equations of a system, with multipliers for its constraints.
EquationsOfMotion lagrange(const model::System& system);

/// T = T0 + T1 + T2 by degree in q̇ (Géradin 1.30–1.33).
struct KineticEnergySplit {
  GiNaC::ex T0, T1, T2;
};
KineticEnergySplit split_kinetic_energy(const GiNaC::ex& T, const std::vector<GiNaC::symbol>& coordinates);

/// Gyroscopic coefficients g_rs = ∂b_r/∂q_s − ∂b_s/∂q_r of T1 = Σ b_r q̇_r (Géradin 1.40);
/// the complementary inertia forces are F_s = Σ_r q̇_r g_rs (1.39).
GiNaC::matrix gyroscopic_matrix(const GiNaC::ex& T1, const std::vector<GiNaC::symbol>& coordinates);

}  // namespace adyn::formulations
