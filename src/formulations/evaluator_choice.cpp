#include "adyn/formulations/evaluator_choice.hpp"

#include "kinematic_tree.hpp"
#include "tree_mass_matrix_form.hpp"

namespace adyn::formulations {
namespace {

const char* const articulated = "articulated-body algorithm, O(n)";
const char* const mass_matrix = "mass matrix M u' = F";
const char* const closed_tree = "mass matrix M u' = F + G^T lambda";

std::string tree_of(std::size_t bodies) {
  return "an unconstrained tree of " + std::to_string(bodies) + (bodies == 1 ? " body" : " bodies");
}

const std::string unconstrained_only = "the articulated-body algorithm solves unconstrained trees";

std::string keeping_rows(const EquationsOfMotion& eom) { return eom.method + "'s equations keep constraints or dependent speeds"; }

// Why `equations` of a system whose constraints close `tree` are evaluated so (`unconstrained`: why
// not by the articulated-body algorithm).
std::string closed_tree_reason(const ClosedTreeForm& tree, const std::string& equations, const std::string& unconstrained) {
  const std::string bodies = std::to_string(tree.bodies) + (tree.bodies == 1 ? " body" : " bodies");
  const std::string depth = std::to_string(tree.depth);
  if (tree.depth < closed_tree_depth)
    return unconstrained + "; M and F as derived: without the constraints the bodies hang " + depth + " deep at most (" +
           bodies + "), less than the " + std::to_string(closed_tree_depth) +
           " from where a tree's recursions give the shorter M and F";
  return "for " + equations + ", M and F by composite rigid bodies and recursive Newton-Euler over the bodies' tree " +
         "without the constraints (" + bodies + ", " + depth + " deep), G and g from the equations; " + unconstrained;
}

}  // namespace

std::string not_own_with_multipliers(const model::System& system, const EquationsOfMotion& eom) {
  if (eom.coordinates != system.coordinates() || eom.speeds != system.speeds() || eom.speed_definitions.rows() != 0 ||
      !eom.hamiltonian.is_zero())
    return eom.method + "'s equations are not in the system's own coordinates and speeds";
  if (!eom.dependent_speeds.empty() || !eom.auxiliary_speeds.empty() ||
      eom.enforcement != ConstraintEnforcement::Multipliers || eom.nonideal_force.rows() != 0 ||
      !eom.friction_coefficient.is_zero())
    return keeping_rows(eom);
  return "";
}

std::string not_own_unconstrained(const model::System& system, const EquationsOfMotion& eom) {
  if (!system.constraints().empty())
    return "constraint '" + system.constraints().front().name + "': " + unconstrained_only;
  if (auto why = not_own_with_multipliers(system, eom); !why.empty()) return why;
  if (eom.constraint_matrix.rows() != 0) return keeping_rows(eom);
  return "";
}

std::string EvaluatorChoice::describe() const {
  return std::string(dynamics ? articulated : closed_tree_form ? closed_tree : mass_matrix) + ": " + reason;
}

EvaluatorChoice choose_evaluator(const model::System& system, const EquationsOfMotion& eom) {
  EvaluatorChoice choice;
  choice.reason = not_own_unconstrained(system, eom);
  if (!choice.reason.empty()) {
    if (auto closed = closed_tree_mass_matrix_form(system, eom)) {
      choice.reason = closed_tree_reason(*closed, eom.method + "'s equations", choice.reason);
      choice.closed_tree_form = std::move(closed->equations);
    }
    return choice;
  }
  try {
    choice.dynamics = eom.tree_dynamics ? eom.tree_dynamics->get() : articulated_body_dynamics(system);
    choice.reason = tree_of(choice.dynamics->bodies.size());
  } catch (const NotATree& e) {
    choice.reason = e.what();
  } catch (const SingularityError& e) {  // M singular at every state: M u̇ = F reports it where it is evaluated
    choice.reason = e.what();
  }
  return choice;
}

std::string describe_evaluator(const model::System& system) {
  try {
    if (system.constraints().empty())
      return std::string(articulated) + ": " + tree_of(KinematicTree(system).nodes().size());
    const auto unconstrained = "constraint '" + system.constraints().front().name + "': " + unconstrained_only;
    const auto shape = closed_tree_shape(system);
    if (!shape) return std::string(mass_matrix) + ": " + unconstrained;
    return std::string(shape->depth < closed_tree_depth ? mass_matrix : closed_tree) + ": " +
           closed_tree_reason(*shape, "equations that keep the constraint rows with multipliers (Lagrange's)", unconstrained);
  } catch (const Error& e) {  // NotATree, or a model the tree cannot be built from (its kinematic equations)
    return std::string(mass_matrix) + ": " + e.what();
  }
}

model::System without_constraints(model::System system) {
  while (!system.constraints().empty()) system.remove_constraint(system.constraints().back().name);
  return system;
}

std::string mass_matrix_asked() {
  return std::string(mass_matrix) + ": asked for instead of the articulated-body algorithm";
}

}  // namespace adyn::formulations
