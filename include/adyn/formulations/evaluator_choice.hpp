#pragma once
// Which forward dynamics evaluates a system's equations, and why: the O(n) articulated-body
// algorithm (articulated_body.hpp) where the equations are an unconstrained tree's in its own
// coordinates and speeds, else the mass-matrix form M u̇ = F. `adyn check` and `adyn simulate`
// print the choice, so that a model that is not taken for a tree never passes unnoticed.
#include <optional>
#include <string>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct EvaluatorChoice {
  std::optional<ArticulatedBodyDynamics> dynamics;  // the tree's, when the algorithm applies
  std::string reason;                               // why it applies, or why not
  /// "articulated-body algorithm, O(n): a tree of 7 bodies" or "mass matrix M u' = F: " + why not.
  std::string describe() const;
};

/// articulated_body_dynamics_for with the reason.
EvaluatorChoice choose_evaluator(const model::System& system, const EquationsOfMotion& eom);

/// The choice for the system's own unconstrained equations (Lagrange's, Kane's, Gibbs–Appell's in
/// its coordinates and speeds) found from its tree alone, without deriving anything: `adyn check`.
std::string describe_evaluator(const model::System& system);

/// The choice when the mass-matrix form is asked for instead of the algorithm.
std::string mass_matrix_asked();

}  // namespace adyn::formulations
