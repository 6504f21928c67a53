#pragma once
// The constraint solvers of the multiplier forms as one table: each one's key (on the command line
// and in Python), its ConstraintSolver and what --constraint-solver's help says of it. Adding a
// solver is one row of the table (src/numeric/constraint_solver_registry.cpp) and its solve
// (evaluator.cpp).
#include <string>
#include <string_view>
#include <vector>

#include "adyn/numeric/simulation.hpp"

namespace adyn::numeric {

struct ConstraintSolverChoice {
  std::string_view key;  // "kkt"
  ConstraintSolver solver;
  std::string_view help;
};

/// Every constraint solver, in the order the options list them.
const std::vector<ConstraintSolverChoice>& constraint_solvers();

/// The keys, in the table's order.
std::vector<std::string> constraint_solver_names();

/// The solver of that key; throws adyn::ModelError "constraint solver 'KEY': not one of ...".
const ConstraintSolverChoice& constraint_solver_named(std::string_view key);

/// The row of a ConstraintSolver.
const ConstraintSolverChoice& constraint_solver_choice(ConstraintSolver solver);

}  // namespace adyn::numeric
