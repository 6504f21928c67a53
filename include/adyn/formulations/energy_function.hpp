#pragma once
// The energy function (Jacobi integral) and its rate (Greenwood §4.7, (4.379), (4.390)–(4.393) with
// u = q̇; Géradin & Rixen (1.44)–(1.46), (1.58)):
//
//   E = T2 − T0 + V = q̇·∂L/∂q̇ − L,
//   Ė = q̇·(Q' − ∂D/∂q̇) − ∂L/∂t + Σ_k λ_k (A_k q̇)
//
// along the motion, where Q' are the nonconservative generalized forces, D the Rayleigh function,
// and λ_k the Lagrange multipliers of the constraints with velocity-level rows A_k (A_k q̇ = −a_t,k
// on the constraint: only acatastatic constraints do work). With E conserved when Q' = 0, D = 0,
// ∂L/∂t = 0 and the constraints catastatic (Greenwood's sufficient conditions, §1.8 of seed 001).
#include <ginac/ginac.h>

#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// E = T2 − T0 + V in q, q̇, t.
GiNaC::ex energy_function(const model::System& system);

/// Ė along the motion in q, q̇, t and the multipliers `multipliers` (one per constraint, e.g.
/// formulations::lagrange(system).multipliers).
GiNaC::ex energy_rate(const model::System& system, const std::vector<GiNaC::symbol>& multipliers);

/// E and Ė (no multipliers) to be evaluated along a simulation (its energy monitor). For a tree —
/// or a system whose bodies form one, closed_tree_depth deep or more, without its constraints (which
/// leave T as it is) — whose kinematics hold no explicit time, E = T + V with T over the tree's graph
/// (formulations::tree_kinetic_energy: O(n) operations in named intermediates that only evaluation
/// sees through, where energy_function's T of a 300-link chain takes minutes) and Ė = q̇·(Q' −
/// ∂D/∂q̇) + ∂V/∂t; else energy_function and energy_rate. `kinetic` is T, the scale of the motion's
/// energy (free of the potential's datum). Throws as they do.
struct EnergyExpressions {
  GiNaC::ex energy, rate, kinetic;
};
EnergyExpressions energy_for_evaluation(const model::System& system);

}  // namespace adyn::formulations
