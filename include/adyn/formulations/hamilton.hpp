#pragma once
// Hamilton's canonical equations, obtained from Lagrange's form by the Legendre transform.
//
// The kinetic energy is quadratic in q̇ (Géradin & Rixen (1.30)–(1.33); seed-004 A5, "canonical
// form"):
//     T = T2 + T1 + T0 = ½ q̇ᵀ M(q,t) q̇ + b(q,t)ᵀ q̇ + T0(q,t),
// so the generalized momentum (Angeles' μ* = −∂T/∂q̇, seed-000 A5, with the opposite sign)
//     p = ∂L/∂q̇ = M q̇ + b,      L = T − V,
// is affine in q̇ and inverts to q̇ = f(q,p,t) = M⁻¹ (p − b) when M is regular. The Hamiltonian is
// the Legendre transform of L,
//     H(q,p,t) = pᵀ q̇ − L |_{q̇ = f(q,p,t)}   (= ½ (p − b)ᵀ M⁻¹ (p − b) − T0 + V),
// and Lagrange's equations d/dt ∂L/∂q̇ − ∂L/∂q + ∂D/∂q̇ = Q + Aᵀλ become the canonical equations
//     q̇ = ∂H/∂p,      ṗ = −∂H/∂q + Q − ∂D/∂q̇ |_{q̇ = f} + Aᵀ λ,
// since ∂H/∂q|_p = −∂L/∂q|_q̇ and ∂H/∂p = f.
//
// In the common form (equations_of_motion.hpp) the speeds are the momenta, u = p. Without
// constraints M_eom = 1 and F = −∂H/∂q + Q − ∂D/∂q̇. With constraints A q̈ = b (acceleration_constraints),
// q̈ = (∂f/∂p) ṗ + (∂f/∂q) f + ∂f/∂t gives the rows G ṗ = g with
//     G = A ∂f/∂p = A M⁻¹,      g = b − A ((∂f/∂q) f + ∂f/∂t) = b + G w        (A, b at q̇ = f),
// where w = Ṁ q̇ + ḃ at q̇ = f is the part of ṗ = M q̈ + Ṁ q̇ + ḃ without q̈ (so that
// (∂f/∂q) f + ∂f/∂t = −M⁻¹ w).
//
// How they are built: H = ½ (p − b)ᵀ f − T0 + V (the same transform, since p − b = M f), and
// −∂H/∂q|_p = ∂L/∂q|_q̇ at q̇ = f, each part (∂T/∂q at f, ∂V/∂q, ∂D/∂q̇ and Q) simplified on its
// own and the sum never: normal() of the whole put the springs' square roots over the
// denominators of M⁻¹ (IFToMM A05's equations took minutes; now 0.1 s).
// The constraint force is Aᵀλ (the same λ as Lagrange's M q̈ = F + Aᵀλ), which is not Gᵀλ unless
// M ∝ 1; so the constrained equations are premultiplied by ∂f/∂p = M⁻¹ (symmetric):
//     M⁻¹ ṗ = M⁻¹ F + Gᵀ λ,      G ṗ = g,
// i.e. M_eom = ∂²H/∂p² and F_eom = M⁻¹ F, which keeps the KKT solve and λ physical.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// H(q, p, t) with the momenta p (dynamic symbols "p_<coordinate>", so that sym::derivative_of
/// gives ṗ) and the velocities q̇ = f(q, p, t) = M⁻¹ (p − b) that invert p = ∂L/∂q̇.
struct HamiltonianForm {
  std::vector<GiNaC::symbol> coordinates, momenta;
  GiNaC::ex hamiltonian;
  GiNaC::matrix velocities = GiNaC::matrix(0, 1);  // q̇(q,p,t), n x 1
};

/// p = ∂L/∂q̇ (n x 1) in terms of q, q̇ and t.
GiNaC::matrix generalized_momenta(const LagrangianForm& form);

/// The Legendre transform of L = T − V. Throws adyn::SingularityError naming the coordinates if
/// M = ∂²T/∂q̇² is singular (det M simplifies to 0), adyn::ModelError if T is not quadratic in q̇.
HamiltonianForm hamiltonian_form(const LagrangianForm& form);

/// Hamilton's canonical equations of a system (method "Hamilton"): speeds u = p, q̇ = ∂H/∂p,
/// multipliers λ1, λ2, ... for its constraints (see above). Throws adyn::SingularityError naming the
/// system if its mass matrix is singular.
EquationsOfMotion hamilton(const model::System& system);


}  // namespace adyn::formulations
