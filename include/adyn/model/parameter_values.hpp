#pragma once
// The values of a system's parameters, checked as a model file's are however they come — the model
// file, the command line's --at and --sweep, Python's set_parameter, an ensemble's members: each
// finite, and the masses, inertias, coefficients of restitution and friction and the given
// orientations that they make physical.
#include <ginac/ginac.h>

#include <string>

namespace adyn::model {

class System;

/// Throws adyn::ModelError naming the parameter when `value` is not finite (before it is made a
/// number of the algebra, which cannot hold it).
void check_finite_parameter(const std::string& name, double value);
/// The same for an input's value.
void check_finite_input(const std::string& name, double value);

/// Throws adyn::ModelError naming the object when at `values` (symbol → number) a mass is not positive (check_mass), an inertia
/// not physical (check_inertia), a coefficient of restitution outside [0, 1], a friction
/// coefficient negative, or a direction-cosine matrix or Euler parameters that no coordinate moves
/// not a rotation. Quantities that still hold symbols without values are left alone.
void check_parameter_values(const System& system, const GiNaC::exmap& values);

}  // namespace adyn::model
