#pragma once
// Constraints (model data). Conventions:
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
  /// Nonideal constraint force C(q, q̇, t), one entry per coordinate; empty for ideal. It may
  /// contain normal_force_symbol(), which stands for |Q^c_i|, the magnitude of the ideal
  /// constraint force (Udwadia & Kalaba (34), (42)).
  std::vector<GiNaC::ex> nonideal_force;
  /// Coulomb friction μ along the constraint: C = −μ |Q^c_i| q̇/|q̇| while sliding, with the
  /// stick–slip rule of formulations/udwadia_kalaba.hpp at rest. 0: none.
  GiNaC::ex friction_coefficient = 0;

  /// The symbol "N_c" for |Q^c_i| in nonideal forces.
  static const GiNaC::symbol& normal_force_symbol();
};

}  // namespace adyn::model
