#pragma once
// Which forward dynamics evaluates a system's equations, and why: the O(n) articulated-body
// algorithm (articulated_body.hpp) where the equations are an unconstrained tree's in its own
// coordinates and speeds, else the mass-matrix form M u̇ = F — its M and F by the recursions of the
// tree where constraints close one and the rows are kept with multipliers. `adyn check` and `adyn simulate`
// print the choice, so that a model that is not taken for a tree never passes unnoticed.
#include <optional>
#include <string>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct EvaluatorChoice {
  std::optional<ArticulatedBodyDynamics> dynamics;  // the tree's, when the algorithm applies
  /// Else, for equations that keep constraint rows with multipliers, M u̇ = F + Gᵀλ with M and F by
  /// the recursions over the tree the bodies form without the constraints, where it is deep enough
  /// (tree_mass_matrix_form.hpp, closed_tree_depth).
  std::optional<EquationsOfMotion> closed_tree_form;
  std::string reason;                               // why it applies, or why not
  /// "articulated-body algorithm, O(n): a tree of 7 bodies", "mass matrix M u' = F + G^T lambda: for
  /// Lagrange's equations, M and F by the recursions ..." or "mass matrix M u' = F: " + why not.
  std::string describe() const;
};

/// Why `eom` are not M u̇ = F + Gᵀλ, G u̇ = g in the system's own coordinates and speeds with ideal
/// rows kept by multipliers (or none), no dependent speeds: equations whose M and F are those of the
/// system without its constraints, whatever the principle; "" when they are.
std::string not_own_with_multipliers(const model::System& system, const EquationsOfMotion& eom);

/// Why `eom` are not the system's own unconstrained equations (in its coordinates and speeds, no
/// constraint rows or dependent speeds), whose u̇, inverse dynamics and M the tree gives; "" when
/// they are.
std::string not_own_unconstrained(const model::System& system, const EquationsOfMotion& eom);

/// articulated_body_dynamics_for with the reason.
EvaluatorChoice choose_evaluator(const model::System& system, const EquationsOfMotion& eom);

/// The choice for the system's own equations (Lagrange's, Kane's, Gibbs–Appell's in its coordinates
/// and speeds; with constraints, Lagrange's) found from its tree alone, without deriving anything:
/// `adyn check`.
std::string describe_evaluator(const model::System& system);

/// The system with its constraints left out.
model::System without_constraints(model::System system);

/// The choice when the mass-matrix form is asked for instead of the algorithm.
std::string mass_matrix_asked();

}  // namespace adyn::formulations
