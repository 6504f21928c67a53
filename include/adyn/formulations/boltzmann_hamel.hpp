#pragma once
// The Boltzmann–Hamel equations (Greenwood (4.383), (4.395)):
//
//   d/dt(∂T/∂u_r) − Σ_i (∂T/∂q_i) Φ_ir + Σ_j Σ_l (∂T/∂u_j) γ^j_rl u_l + Σ_j (∂T/∂u_j) γ^j_r = Q_r
//
// for the independent quasi-velocities r = 1 … n−m, j summed over all n speeds ([C] not m), l over
// the independent ones. The speeds are u = Ψ(q,t) q̇ + Ψ_t(q,t), n of them, with the inverse
// q̇ = Φ u + Φ_t (the system's kinematic equations); T(q, u, t) is the *unconstrained* kinetic
// energy in all n speeds; the constraints must read u_j = 0 for m of the speeds, which are set to
// zero (with their derivatives) after differentiation. The three-index symbols are
//   γ^j_rl = Σ_{i,k} (∂Ψ_ji/∂q_k − ∂Ψ_jk/∂q_i) Φ_ir Φ_kl,
//   γ^j_r  = Σ_{i,k} (∂Ψ_ji/∂q_k − ∂Ψ_jk/∂q_i) Φ_kt Φ_ir + Σ_i (∂Ψ_ji/∂t − ∂Ψ_jt/∂q_i) Φ_ir.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct HamelCoefficients {
  GiNaC::matrix Phi, Phi_t;             // q̇ = Φ u + Φ_t
  GiNaC::matrix Psi, Psi_t;             // u = Ψ q̇ + Ψ_t (Ψ = Φ⁻¹, Ψ_t = −Ψ Φ_t)
  std::vector<GiNaC::matrix> gamma_rl;  // gamma_rl[j](r, l) = γ^j_rl
  GiNaC::matrix gamma_r;                // gamma_r(j, r) = γ^j_r
};

/// Φ, Ψ and the three-index symbols of the system's speeds (u = q̇ when none are declared).
/// Throws adyn::ModelError unless there is one speed per coordinate, and adyn::SingularityError
/// when Φ is singular.
HamelCoefficients boltzmann_hamel_coefficients(const model::System& system);

/// The Boltzmann–Hamel equations of the system. Throws adyn::ModelError naming a constraint that
/// does not read u_j = 0 for one speed (choose the quasi-velocities so that it does).
EquationsOfMotion boltzmann_hamel(const model::System& system);

}  // namespace adyn::formulations
