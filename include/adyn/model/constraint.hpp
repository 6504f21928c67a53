#pragma once
// Constraints (model data). Conventions (../shared/design.md):
//   holonomic       φ(q, t) = 0
//   velocity level  A(q,t) q̇ + a_t(q,t) = 0       (Greenwood 4.342, Angeles 2.6.1; Angeles §2.2
//                                                    writes a_iᵀ q̇ = b_i, i.e. a_t = −b_i)
//   general         f(q, q̇, t) = 0                 (nonlinear in q̇)
// A constraint is ideal unless it carries a nonideal force C(q, q̇, t) with vᵀ Q^c = vᵀ C for
// every virtual displacement v (Udwadia & Kalaba 2000).
#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

namespace adyn::model {

enum class ConstraintLevel { Configuration, Velocity, General };

struct Constraint {
  std::string name;
  ConstraintLevel level;
  GiNaC::ex expression;  // φ(q,t), A q̇ + a_t, or f(q, q̇, t), all "= 0"
  /// Nonideal constraint force C(q, q̇, t), one entry per coordinate; empty for ideal.
  std::vector<GiNaC::ex> nonideal_force;
};

}  // namespace adyn::model
