#pragma once
// Greenwood's fundamental equation for a system of particles ((4.412), Method 1 of Example 4.13):
//
//     d/dt(∂T/∂u_j) − Σ_i m_i v_i · γ̇_ij = Q_j,     γ_ij = ∂v_i/∂u_j,
//
// with T(q, u, t) the kinetic energy of the *constrained* motion in the independent speeds
// (dependent speeds eliminated as in Kane's method) and γ̇_ij the time derivative, in the inertial
// frame, of particle i's partial velocity. Particles only: rigid bodies take the general
// dynamical equation (Kane, Gibbs–Appell).
#include <ginac/ginac.h>

#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// Throws adyn::ModelError naming a rigid body of the system (the equation is for particles).
EquationsOfMotion fundamental_equation(const model::System& system,
                                       const std::vector<GiNaC::symbol>& dependent_speeds = {});

}  // namespace adyn::formulations
