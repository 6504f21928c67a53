#pragma once
// Dynamical quantities of particles and rigid bodies in a frame N (Kane's notes summary sheet;
// Angeles §1.3–1.4; Greenwood (4.291)–(4.299)).
#include <ginac/ginac.h>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/recursive_kinematics.hpp"
#include "adyn/model/particle.hpp"
#include "adyn/model/rigid_body.hpp"

namespace adyn::model {

/// T = ½ m v·v.
GiNaC::ex kinetic_energy(const Particle& p, const kin::ReferenceFrame& N);
/// T = ½ m v*·v* + ½ ω·I·ω (König).
GiNaC::ex kinetic_energy(const RigidBody& b, const kin::ReferenceFrame& N);
/// The same with the velocities of `motion` (one basis each, built from the parents': what a
/// formulation uses for many bodies).
GiNaC::ex kinetic_energy(const Particle& p, kin::RecursiveKinematics& motion);
GiNaC::ex kinetic_energy(const RigidBody& b, kin::RecursiveKinematics& motion);

/// L = m v (v* for a body).
kin::Vector linear_momentum(const Particle& p, const kin::ReferenceFrame& N);
kin::Vector linear_momentum(const RigidBody& b, const kin::ReferenceFrame& N);

/// H^{/O} = r^{P/O} × m v (particle); I^{S/S*}·ω + m r^{S*/O} × v* (body, Kane's H^{S/O}).
kin::Vector angular_momentum(const Particle& p, const kin::Point& O, const kin::ReferenceFrame& N);
kin::Vector angular_momentum(const RigidBody& b, const kin::Point& O, const kin::ReferenceFrame& N);

/// Gibbs–Appell acceleration energy S with the mass centre as reference point (Greenwood 4.298):
/// S = ½ m a*·a* + ½ α·I·α + α·(ω × I·ω)   (terms free of the accelerations of S are kept).
GiNaC::ex acceleration_energy(const Particle& p, const kin::ReferenceFrame& N);
GiNaC::ex acceleration_energy(const RigidBody& b, const kin::ReferenceFrame& N);

/// Kane's inertia force R* = −m a* and inertia torque T* = −I·α − ω × I·ω.
kin::Vector inertia_force(const RigidBody& b, const kin::ReferenceFrame& N);
kin::Vector inertia_torque(const RigidBody& b, const kin::ReferenceFrame& N);

}  // namespace adyn::model
