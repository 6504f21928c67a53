#pragma once
// The Udwadia–Kalaba equation of constrained motion, with ideal and nonideal constraints
// (Udwadia & Kalaba 2000, seed 002, eqs. (18), (19), (26)–(28)):
//
//     M q̈ = Q + Q^c_i + Q^c_ni,
//     Q^c_i  = M^{1/2} (A M^{-1/2})⁺ (b − A M⁻¹ Q)                      (19)
//     Q^c_ni = M^{1/2} [I − (A M^{-1/2})⁺ (A M^{-1/2})] M^{-1/2} C      (28)
//
// M q̈ = Q are the unconstrained system's equations (seed 002 (1): Lagrange's equations of the
// system with its constraints removed); A q̈ = b the constraints at acceleration level; C(q, q̇, t)
// the work the nonideal constraints do in virtual displacements, vᵀQ^c = vᵀC (20).
//
// The numerics (the Cholesky factor for M^{1/2}, the rank-revealing pseudo-inverse, Coulomb
// friction's stick–slip rule) are linalg/udwadia_kalaba_forces.hpp's.
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/linalg/udwadia_kalaba_forces.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// The Udwadia–Kalaba equations of a system: the unconstrained M and Q (u = q̇), the constraints
/// as A q̈ = b, and the nonideal force C (the sum over the constraints) and Coulomb μ. Throws
/// adyn::ModelError naming the constraint whose nonideal force has the wrong size, or when two
/// constraints carry different friction coefficients.
EquationsOfMotion udwadia_kalaba(const model::System& system);

/// The forces and the acceleration at a state (the equations evaluated, then
/// linalg::udwadia_kalaba_forces).
linalg::UdwadiaKalabaForces udwadia_kalaba_forces(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters,
                                                  const linalg::UdwadiaKalabaOptions& options = {});

}  // namespace adyn::formulations
