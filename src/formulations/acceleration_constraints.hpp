#pragma once
// Constraints at acceleration level, A(q, q̇, t) q̈ = b(q, q̇, t) (Géradin (1.79); Udwadia & Kalaba
// (4), (49)): holonomic constraints differentiated twice, velocity-level and general ones once.
// A is the velocity-level row (∂φ/∂q, or ∂f/∂q̇) and b = −(d/dt f)|_{q̈ = 0}.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/model/constraint.hpp"

namespace adyn::formulations {

struct AccelerationConstraints {
  GiNaC::matrix A;  // m x n
  GiNaC::matrix b;  // m x 1
};

AccelerationConstraints acceleration_constraints(const std::vector<model::Constraint>& constraints,
                                                 const std::vector<GiNaC::symbol>& coordinates);

}  // namespace adyn::formulations
