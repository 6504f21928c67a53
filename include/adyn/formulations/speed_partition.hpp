#pragma once
// Independent and dependent generalized speeds (Kane's notes §1.10, A9; Greenwood (4.283)):
// the constraints, written in the speeds as G u + g0 = 0 (holonomic ones through φ̇ = 0), are
// solved for m dependent speeds, u_d = A_r u_i + b_r. The methods that work in independent speeds
// (Kane, Gibbs–Appell) share this elimination.
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// The constraints written in the speeds u: G u + g0 = 0 (m x n_u and m x 1), holonomic ones
/// through φ̇ = 0; one name per row.
struct SpeedConstraints {
  GiNaC::matrix G, g0;
  std::vector<std::string> names;
};

/// G and g0 of the system's constraints in the speeds `u`. Throws adyn::ModelError naming `method`
/// and the constraint for a general (nonlinear) constraint or one not linear in the speeds.
SpeedConstraints speed_constraints(const model::System& system, const std::vector<GiNaC::symbol>& u,
                                   const std::string& method);

struct SpeedPartition {
  std::vector<GiNaC::symbol> speeds;       // all the system's speeds
  std::vector<GiNaC::symbol> independent;  // u_i, in the system's order
  std::vector<GiNaC::symbol> dependent;    // u_d, in the system's order
  GiNaC::exmap dependent_values;           // u_d -> A_r u_i + b_r
  /// Dependent speeds left to a numeric solve at run time (numeric_elimination.hpp): then
  /// `independent` holds every speed, `dependent_values` is empty, and the constraint rows are kept
  /// at acceleration level, G u̇ = g (in all the speeds; one name per row).
  std::vector<GiNaC::symbol> numeric_dependent;
  GiNaC::matrix rows = GiNaC::matrix(0, 0), rows_rhs = GiNaC::matrix(0, 0);
  std::vector<std::string> row_names;

  /// An expression of q, q̇, q̈, u, u̇, t on the constrained motion: q̇ and q̈ through the kinematic
  /// equations, then u̇_d and u_d eliminated.
  GiNaC::ex on_motion(const model::System& system, const GiNaC::ex& e) const;
  /// ∂u_j/∂u_r on the constrained motion for an independent u_r: 1 for u_j = u_r, the entry of
  /// A_r for a dependent u_j, 0 otherwise.
  GiNaC::ex rate_weight(const GiNaC::symbol& u_j, const GiNaC::symbol& u_r) const;
  /// Quantities defined per speed (F_j) projected on the independent speeds:
  /// F̃_r = Σ_j (∂u_j/∂u_r) F_j (Kane's nonholonomic generalized forces).
  std::vector<GiNaC::ex> project(const std::vector<GiNaC::ex>& per_speed) const;
  /// Writes the speeds, the dependent speeds and their values (or the rows solved numerically for
  /// them), and q̇ on the constrained motion into the equations.
  void describe(const model::System& system, EquationsOfMotion& eom) const;
};

/// Splits the system's speeds. `chosen` are the user's dependent speeds (one per constraint), or
/// empty for adyn's choice: numerical pivoting (column-pivoted QR) on G at the model's reference
/// state, or at a generic state when it has none. Throws adyn::ModelError naming
/// `method` and the constraint for a general (nonlinear) constraint or a wrong choice, and
/// adyn::SingularityError for constraints dependent at every state or a singular block. Under
/// `mode` (numeric_elimination.hpp) the dependent speeds chosen are solved symbolically, or left to
/// the numeric solve.
SpeedPartition partition_speeds(const model::System& system, const std::vector<GiNaC::symbol>& chosen,
                                const std::string& method, DependentSolve mode = DependentSolve::Automatic);

/// What is wrong with constraints whose matrix in the speeds has rank `rank` < `rows` at every
/// state: they repeat each other or contradict each other (x = 0 and x = 1 share the row ẋ), which
/// the velocity level alone cannot tell apart.
std::string dependent_everywhere(std::size_t rank, std::size_t rows);

/// What is wrong with constraints independent at a generic state but dependent at `state`, a
/// consistent one: a singular configuration, or rows dependent wherever the constraints hold
/// (Bricard's loop), which one state cannot tell apart; says what to do for each.
std::string dependent_at(const std::string& state);

}  // namespace adyn::formulations
