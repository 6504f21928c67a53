#pragma once
// Inertia dyadics (Kane's notes summary sheet and A14, E41).
//
// Convention: inertia_dyadic(F, Ixx, Iyy, Izz, Ixy, Iyz, Izx) takes the *tensor entries*:
// I = Σ I_ab f_a f_b with I_ab = f_a · I · f_b (Kane's "products of inertia" are these entries;
// books that define products as ∫ x y dm use their negatives here).
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <string>

#include "adyn/kinematics/dyadic.hpp"
#include "adyn/kinematics/vector.hpp"

namespace adyn::model {

kin::Dyadic inertia_dyadic(const kin::ReferenceFrame& frame, const GiNaC::ex& Ixx, const GiNaC::ex& Iyy,
                           const GiNaC::ex& Izz, const GiNaC::ex& Ixy = 0, const GiNaC::ex& Iyz = 0,
                           const GiNaC::ex& Izx = 0);

/// Parallel-axis transfer: I^{S/O} = I^{S/S*} + m [(p·p) U − p p], p from O to the mass centre S*.
kin::Dyadic inertia_about_point(const kin::Dyadic& central, const GiNaC::ex& mass, const kin::Vector& p);

/// a · I · b (a moment of inertia when a = b is a unit vector, a product otherwise).
GiNaC::ex inertia_component(const kin::Dyadic& I, const kin::Vector& a, const kin::Vector& b);

/// Principal moments (ascending) and axes (columns, components in F) at the given values.
struct PrincipalAxes {
  Eigen::Vector3d moments;
  Eigen::Matrix3d axes;
};
PrincipalAxes principal_axes(const kin::Dyadic& I, const kin::ReferenceFrame& F, const GiNaC::exmap& values = {});

/// Throws adyn::ModelError naming `object` if `mass` is a number that is not positive.
void check_mass(const std::string& object, const GiNaC::ex& mass);

/// Throws adyn::ModelError naming `body` if I is not symmetric, or — when its components in F
/// evaluate numerically with `values` — has a negative principal moment or violates the triangle
/// inequality I1 + I2 >= I3.
void check_inertia(const std::string& body, const kin::Dyadic& I, const kin::ReferenceFrame& F,
                   const GiNaC::exmap& values = {});

}  // namespace adyn::model
