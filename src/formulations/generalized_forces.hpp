#pragma once
// Generalized active forces by virtual power (Kane's notes §1.13, A15; Géradin (1.18), (1.57)):
//
//     F_r = Σ_points F · ∂v/∂u_r + Σ_bodies T · ∂ω/∂u_r + Σ_i Q_i ∂q̇_i/∂u_r
//
// for any set of speeds u (u = q̇ for Lagrange's equations). Springs and dampers act along the
// line between their points: F_r = −(tension) ∂ℓ̇/∂u_r.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/recursive_kinematics.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

enum class LoadSelection {
  All,              // every load, conservative ones included (Kane's F_r)
  Nonconservative,  // forces, torques, generalized forces only (Lagrange's Q beside V and D)
  AllButGravity,    // every load but uniform gravity (applied body by body: articulated_body.hpp)
};

/// F_r for the given speeds (the system's declared speeds, or q̇). Velocities are first written
/// in the speeds with System::in_speeds (the kinematic differential equations).
std::vector<GiNaC::ex> generalized_active_forces(const model::System& system, const std::vector<GiNaC::symbol>& speeds,
                                                 LoadSelection selection);
/// F_r for the speeds of `partial_velocities`, with the velocities of `motion`: the kinematics a
/// formulation shares between its inertia and active forces (Kane's method passes the constrained
/// motion and the independent speeds, so F_r is already the projected F̃_r).
std::vector<GiNaC::ex> generalized_active_forces(const model::System& system, kin::RecursiveKinematics& motion,
                                                 kin::PartialVelocities& partial_velocities, LoadSelection selection);

/// ℓ = |r^{b/a}| and the spring/damper elongation rate ℓ̇ (in q, q̇, t).
GiNaC::ex distance(const kin::Point& a, const kin::Point& b, const kin::ReferenceFrame& N);

/// Potential energy of a spring: ½ k δ² (linear) or ∫₀^δ tension dδ (its law). Throws
/// adyn::ModelError naming the spring if the law has no closed-form antiderivative.
GiNaC::ex spring_potential(const model::Spring& spring, const kin::ReferenceFrame& N);

}  // namespace adyn::formulations
