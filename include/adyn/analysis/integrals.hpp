#pragma once
// Integrals of motion (Angeles §2.4, E4; Greenwood §4.7, (4.356); Géradin & Rixen §1.5):
//   * the generalized momenta p = ∂L/∂q̇;
//   * cyclic (ignorable) coordinates: ∂L/∂q_k = 0 with no generalized force Q_k, no dissipation
//     ∂D/∂q̇_k and no constraint acting along q_k — then p_k is conserved;
//   * Routh's reduction: with the cyclic velocities eliminated through p_c = β, the Routhian
//     R = L − Σ β_c q̇_c is the Lagrangian of the remaining coordinates;
//   * the Jacobi (energy) integral h = T2 − T0 + V, conserved under Greenwood's conditions.
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/analysis/energy.hpp"
#include "adyn/model/system.hpp"

namespace adyn::analysis {

struct CyclicCoordinate {
  GiNaC::symbol coordinate;
  GiNaC::ex momentum;  // the conserved p_k = ∂L/∂q̇_k
};

struct IntegralsOfMotion {
  std::vector<GiNaC::symbol> coordinates;
  GiNaC::matrix momenta;                 // p = ∂L/∂q̇ (n x 1)
  std::vector<CyclicCoordinate> cyclic;  // each with its conserved momentum
  GiNaC::ex energy_function;             // h = T2 − T0 + V
  ConservationReport jacobi;             // whether h is conserved, condition by condition
};

IntegralsOfMotion integrals_of_motion(const model::System& system);
std::string to_string(const IntegralsOfMotion& integrals);

struct RouthReduction {
  std::vector<GiNaC::symbol> cyclic;        // q_c
  std::vector<GiNaC::symbol> momenta;       // β_c, the constant values of p_c (symbols "beta_<q_c>")
  GiNaC::matrix cyclic_velocities;          // q̇_c in terms of q, the other q̇ and β
  GiNaC::ex routhian;                       // R = L − Σ β_c q̇_c with q̇_c eliminated
};

/// Routh's reduction over the given cyclic coordinates. Throws adyn::ModelError naming a
/// coordinate that is not cyclic.
RouthReduction routh_reduction(const model::System& system, const std::vector<GiNaC::symbol>& cyclic);

}  // namespace adyn::analysis
