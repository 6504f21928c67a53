#pragma once
// Gauss's principle of least constraint (Greenwood §4.7, (4.320)–(4.340)).
//
// Among all accelerations compatible with the constraints at a given configuration, velocity and
// time, the actual ones minimize Gauss's function ("constraint")
//
//     C = ½ Σ_k m_k (ẍ_k − F_k/m_k)² = ½ Σ_k R_k²/m_k                          (4.323)
//
// the weighted sum of squares of the constraint forces R_k = m_k ẍ_k − F_k (4.322). In generalized
// coordinates q (u = q̇) the Cartesian accelerations are linear in q̈ (4.333), so C is a quadratic
// in q̈ whose Hessian is the mass matrix (4.339); minimizing it subject to the constraints at
// acceleration level, A q̈ = b (the time derivatives of (4.320), (4.325)), is an equality-
// constrained quadratic program whose KKT conditions are Lagrange's equations with multipliers
// (4.326)–(4.327). The Hessian is positive definite on the constraint tangent space, so the
// stationary point is a minimum (4.340).
//
// The function built here, in q, q̇, q̈ and t:
//
//   particles:  ½ m |a − F/m|²                                            exactly (4.323)
//   bodies:     ½ m |a* − F/m|² + ½ α·I·α + α·h + ½ h·I⁻¹·h,   h = ω×(I·ω) − T
//               i.e. ½ m |a* − F/m|² + ½ (I·α + ω×I·ω − T)·I⁻¹·(I·α + ω×I·ω − T), the rigid-body
//               form: Euler's equations' residual I·α + ω×I·ω − T is the constraint moment about
//               the mass centre, weighted by I⁻¹ as the constraint force is by 1/m. When the
//               central inertia is singular (a slender rod's zero axial moment) the term
//               ½ h·I⁻¹·h is left out: it is free of q̈, so the minimizer, the Hessian and the
//               equations of motion are unchanged, but C is then known only up to that constant.
//   other loads: a force or torque that acts on no particle or body of the system (on a massless
//               part, or on a point not fixed in a body), a Potential V(q, t), a Dissipation
//               D(q, q̇, t) and GeneralizedForce loads enter through their generalized force
//               Q_extra = Σ F·∂v/∂q̇ + Σ T·∂ω/∂q̇ − ∂V/∂q − ∂D/∂q̇ + Q_gen as the term −Q_extraᵀ q̈,
//               Greenwood's C = S − Σ_j Q_j u̇_j + const (4.335).
//
// F is the resultant applied force on the particle or body: forces at its point (for a body at
// any point fixed in it, which also gives the moment r × F about the mass centre), gravity m g,
// and the tension of springs (k(ℓ − ℓ0) or the tension law) and dampers (c ℓ̇) along the line
// between their two points; T the resultant torque on a body (couples on its frame, reactions
// of couples on other frames).
#include <ginac/ginac.h>

#include <Eigen/Dense>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// Gauss's function C(q, q̇, q̈, t) of a system in its coordinates (see above). Throws
/// adyn::ModelError naming the system if a velocity or load is written in declared speeds rather
/// than q and q̇ (those belong to Kane's method).
GiNaC::ex gauss_function(const model::System& system);

/// The equations of motion from Gauss's principle (method "Gauss"): u = q̇,
///     M = ∂²C/∂q̈∂q̈ (4.339),   F = −∂C/∂q̈ at q̈ = 0,
/// so that ∂C/∂q̈ = M q̈ − F, and the system's constraints at acceleration level as G q̈ = g with a
/// multiplier for each (the KKT conditions M q̈ = F + Gᵀλ of min C subject to G q̈ = g).
EquationsOfMotion gauss(const model::System& system);

/// The minimizer of Gauss's function at a state.
struct GaussMinimum {
  Eigen::VectorXd acceleration;      // q̈ (n)
  Eigen::VectorXd constraint_force;  // R = M q̈ − F = Gᵀλ, the ideal constraint forces in q-space
  Eigen::VectorXd multipliers;       // λ (m); Greenwood's λ (4.326) is −λ
  double minimum = 0;                // C at the solution
};

/// Solves the quadratic program min C subject to G q̈ = g at a state (the KKT system, by solve())
/// and evaluates C at the minimizer. `gauss_eom` must be gauss(system) (or equations with u = q̇
/// and the same C); the state's speeds are q̇. Throws adyn::Error if the equations are not in
/// q̇, and adyn::SingularityError as solve() does.
GaussMinimum least_constraint(const model::System& system, const EquationsOfMotion& gauss_eom, const State& x,
                              const GiNaC::exmap& parameters);
/// The same with Gauss's function already built (gauss_function(system)), for repeated calls.
GaussMinimum least_constraint(const GiNaC::ex& gauss_function, const EquationsOfMotion& gauss_eom, const State& x,
                              const GiNaC::exmap& parameters);

/// C at a state (t, q, q̇ = x.u) for given accelerations q̈ (n), e.g. to compare admissible
/// accelerations with the minimizer.
double gauss_function_value(const GiNaC::ex& gauss_function, const EquationsOfMotion& gauss_eom, const State& x,
                            const Eigen::VectorXd& accelerations, const GiNaC::exmap& parameters);

}  // namespace adyn::formulations
