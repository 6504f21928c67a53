#include "adyn/formulations/evaluator_choice.hpp"

#include "kinematic_tree.hpp"

namespace adyn::formulations {
namespace {

const char* const articulated = "articulated-body algorithm, O(n)";
const char* const mass_matrix = "mass matrix M u' = F";

std::string tree_of(std::size_t bodies) {
  return "an unconstrained tree of " + std::to_string(bodies) + (bodies == 1 ? " body" : " bodies");
}

}  // namespace

std::string not_own_unconstrained(const model::System& system, const EquationsOfMotion& eom) {
  if (!system.constraints().empty())
    return "constraint '" + system.constraints().front().name + "': the articulated-body algorithm solves unconstrained trees";
  if (eom.coordinates != system.coordinates() || eom.speeds != system.speeds() || eom.speed_definitions.rows() != 0 ||
      !eom.hamiltonian.is_zero())
    return eom.method + "'s equations are not in the system's own coordinates and speeds";
  if (eom.constraint_matrix.rows() != 0 || !eom.dependent_speeds.empty() || !eom.auxiliary_speeds.empty() ||
      eom.enforcement != ConstraintEnforcement::Multipliers)
    return eom.method + "'s equations keep constraints or dependent speeds";
  return "";
}

std::string EvaluatorChoice::describe() const { return std::string(dynamics ? articulated : mass_matrix) + ": " + reason; }

EvaluatorChoice choose_evaluator(const model::System& system, const EquationsOfMotion& eom) {
  EvaluatorChoice choice;
  choice.reason = not_own_unconstrained(system, eom);
  if (!choice.reason.empty()) return choice;
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
  if (!system.constraints().empty())
    return std::string(mass_matrix) + ": constraint '" + system.constraints().front().name +
           "': the articulated-body algorithm solves unconstrained trees";
  try {
    return std::string(articulated) + ": " + tree_of(KinematicTree(system).nodes().size());
  } catch (const Error& e) {  // NotATree, or a model the tree cannot be built from (its kinematic equations)
    return std::string(mass_matrix) + ": " + e.what();
  }
}

std::string mass_matrix_asked() {
  return std::string(mass_matrix) + ": asked for instead of the articulated-body algorithm";
}

}  // namespace adyn::formulations
