#include "adyn/numeric/constraint_solver_registry.hpp"

#include "adyn/choice_table.hpp"

namespace adyn::numeric {

const std::vector<ConstraintSolverChoice>& constraint_solvers() {
  static const std::vector<ConstraintSolverChoice> table = {
      {.key = "augmented-lagrangian", .solver = ConstraintSolver::AugmentedLagrangian,
       .help = "redundant constraints and singular configurations allowed, mass-orthogonal projections"},
      {.key = "kkt", .solver = ConstraintSolver::Kkt,
       .help = "the multiplier system by LU; stops where the constraint Jacobian loses rank"},
  };
  return table;
}

std::vector<std::string> constraint_solver_names() { return choice_keys(constraint_solvers()); }

const ConstraintSolverChoice& constraint_solver_named(std::string_view key) {
  return choice_named(constraint_solvers(), key, "constraint solver");
}

const ConstraintSolverChoice& constraint_solver_choice(ConstraintSolver solver) {
  return choice_with(constraint_solvers(), &ConstraintSolverChoice::solver, solver, "constraint solver");
}

}  // namespace adyn::numeric
