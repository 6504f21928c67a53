// Lagrange's equations of a tree its constraints close (closed_tree_equations.hpp).
#include "adyn/formulations/closed_tree_equations.hpp"

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "tree_mass_matrix_form.hpp"

namespace adyn::formulations {

std::optional<EquationsOfMotion> closed_tree_equations(const model::System& system, const std::string& method) {
  const auto* row = find_method(method);
  if (!row || !row->speeds_are_rates || system.constraints().empty() || !system.events().empty()) return std::nullopt;
  const auto open = without_constraints(system);
  auto outline = tree_equations_outline(open, method);
  if (!outline || !hangs_deep_enough(open)) return std::nullopt;
  add_multiplier_rows(*outline, system.constraints());
  auto form = closed_tree_mass_matrix_form(system, *outline);
  return form ? std::move(form->equations) : std::nullopt;
}

}  // namespace adyn::formulations
