#pragma once
// The Gibbs–Appell equations (Greenwood §4.7, (4.279)–(4.299)):
//
//     ∂S/∂u̇_r = Q_r,   r = 1 … p (independent speeds)
//
// S(q, u, u̇, t) is the Gibbs–Appell function (acceleration energy) of the system on its
// constrained motion: Σ ½ m a·a for particles (4.279) and, for a rigid body with the mass centre as
// reference point, ½ m a*·a* + ½ α·I·α + α·(ω × I·ω) (4.298). The speeds may be quasi-velocities
// (u = Y q̇ + z); nonholonomic constraints are removed by solving for dependent speeds, whose
// accelerations u̇_d = d/dt (A_r u_i + b_r) enter S. Q_r are the generalized forces of the
// independent speeds by virtual work (4.282). S is quadratic in u̇, so M = ∂²S/∂u̇², and
// F = Q − ∂S/∂u̇ at u̇ = 0.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/speed_partition.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct GibbsAppellOptions {
  /// Speeds eliminated through the constraints (one per constraint); empty: chosen automatically.
  std::vector<GiNaC::symbol> dependent_speeds;
  /// Symbolic elimination of the dependent speeds up to sym::largest_graph_determinant of them, a
  /// numeric solve beyond (or always: DependentSolve::Numeric); numeric_elimination.hpp.
  DependentSolve dependent_solve = DependentSolve::Automatic;
};

/// S of the system on the constrained motion, in q, u_i, u̇_i, t.
GiNaC::ex gibbs_appell_function(const model::System& system, const SpeedPartition& partition);

/// The Gibbs–Appell equations of a system.
EquationsOfMotion gibbs_appell(const model::System& system, const GibbsAppellOptions& options = {});

}  // namespace adyn::formulations
