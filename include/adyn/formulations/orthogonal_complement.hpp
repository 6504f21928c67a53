#pragma once
// Nonholonomic equations of motion without multipliers by Angeles' orthogonal complement (Maggi's
// equations; Angeles §2.6, (2.6.1)–(2.6.41)):
//
//     [Xᵀ Zᵀ] (d/dt ∂L/∂q̇ − ∂L/∂q + ∂D/∂q̇ − φ_np) = 0          (2.6.41)
//
// for constraints A q̇ + b = 0 (2.6.1) partitioned as A_mp q̇_p + A_m q̇_m + b = 0 (2.6.2), and
// generalized speeds u = C_p q̇_p + C_pm q̇_m (2.6.3). With C = [[C_p, C_pm], [A_mp, A_m]] and
// C⁻¹ = [[X, Y], [Z, W]] (2.6.7)–(2.6.8), q̇_p = X u − Y b and q̇_m = Z u − W b (2.6.9); the columns
// of [X; Z] span the admissible velocities, so [Xᵀ Zᵀ] projects the residual of the *unconstrained*
// Lagrangian onto them. The constraints are never substituted into L before differentiating (the
// pitfall of Angeles E6), and the second form of (2.6.40) is not used (it drops
// (d/dt(A_mpᵀ A_m⁻ᵀ)) ∂L/∂q̇_m).
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct OrthogonalComplementOptions {
  /// The dependent coordinates q_m (one per constraint); empty: those whose rates the model names
  /// in dependent_speeds, else numerical pivoting on A at the model's initial state.
  std::vector<GiNaC::symbol> dependent_coordinates;
  /// Generalized speeds u = C_p q̇_p + C_pm q̇_m: a name and an expression linear in the rates
  /// q̇ of the system's coordinates, p of them; empty: u = q̇_p.
  std::vector<std::pair<std::string, GiNaC::ex>> speeds;
  /// With the default speeds (u = q̇_p): the complement symbolic up to sym::largest_graph_determinant
  /// dependent coordinates, numeric beyond (or always: DependentSolve::Numeric). Numerically, the
  /// equations keep E (2.6.41) for every rate, E = M q̈ − F, with the rows A q̈ = b, and [Xᵀ Zᵀ] = Cᵀ
  /// of numeric_elimination.hpp is formed at each evaluation.
  DependentSolve dependent_solve = DependentSolve::Automatic;
};

/// The partition and the blocks of (2.6.8), symbolic in q and t.
struct OrthogonalComplement {
  std::vector<GiNaC::symbol> independent, dependent;  // q_p, q_m
  GiNaC::matrix X, Y, Z, W;
};

/// X, Y, Z, W of (2.6.8) for the system's constraints and the chosen speeds. Throws adyn::ModelError
/// for general (nonlinear) constraints or speeds that are not linear in the rates, and
/// adyn::SingularityError naming the choice when A_m or C is singular (the speeds do not span the
/// admissible motions).
OrthogonalComplement orthogonal_complement_blocks(const model::System& system,
                                                  const OrthogonalComplementOptions& options = {});

/// The p reduced equations in the speeds u, with q̇ = [X u − Y b; Z u − W b]; or, solved
/// numerically (see OrthogonalComplementOptions::dependent_solve), E in all the rates with the
/// constraint rows (ConstraintEnforcement::NumericElimination).
EquationsOfMotion orthogonal_complement(const model::System& system, const OrthogonalComplementOptions& options = {});

}  // namespace adyn::formulations
