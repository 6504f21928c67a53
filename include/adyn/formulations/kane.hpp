#pragma once
// Kane's method (Kane's notes §1.10–1.19, summary sheet; A9, A15–A17):
//
//     F̃_r + F̃*_r = 0,   r = 1..p (independent speeds)
//     F_r  = Σ F·ṽ_r + Σ T·ω̃_r                       (generalized active forces)
//     F*_r = Σ −m a·ṽ_r + Σ (−m a*·ṽ_r + T*·ω̃_r),   T* = −I·α − ω × I·ω
//
// with ṽ_r, ω̃_r the partial velocities with respect to the independent speeds after the
// dependent ones are eliminated through the constraints, u_d = A_r u_i + b_r (nonholonomic
// partial velocities, Kane E23/E26). The speeds are the system's declared speeds (with q̇ = N u + n)
// or q̇.
#include <ginac/ginac.h>

#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct KaneOptions {
  /// Speeds to eliminate through the constraints, one per independent constraint. Empty: the
  /// model's dependent_speeds, or else numerical pivoting at its initial state (speed_partition.hpp).
  std::vector<GiNaC::symbol> dependent_speeds;
  /// Auxiliary generalized speeds (Kane): symbols that the model adds to some velocities (e.g.
  /// P.set_velocity(N, v + ũ n)) to bring a non-working constraint force into evidence; the
  /// unknown force is an ordinary force whose magnitude is a parameter symbol. For each, the
  /// auxiliary equation F_r + F*_r = 0 at ũ = 0 is returned in
  /// EquationsOfMotion::auxiliary_equations (in q, u, u̇, t and the unknown force).
  std::vector<GiNaC::symbol> auxiliary_speeds;
  /// Symbolic elimination of the dependent speeds up to sym::largest_graph_determinant of them, a
  /// numeric solve beyond (or always: DependentSolve::Numeric); numeric_elimination.hpp.
  DependentSolve dependent_solve = DependentSolve::Automatic;
};

/// Kane's equations of a system. Throws adyn::ModelError naming the constraint for a constraint
/// that is not linear in the speeds, and adyn::SingularityError when the chosen dependent speeds
/// cannot be solved for (their block of the constraint matrix is singular) or the constraints are
/// redundant.
EquationsOfMotion kane(const model::System& system, const KaneOptions& options = {});

}  // namespace adyn::formulations
