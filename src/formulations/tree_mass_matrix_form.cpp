// M u̇ = F of an unconstrained tree by its recursions (tree_mass_matrix_form.hpp).
#include "tree_mass_matrix_form.hpp"

#include <algorithm>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "generalized_forces.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {
namespace {

// M by composite rigid bodies, F = Q − τ(q, u, 0) by recursive Newton–Euler, over one tree.
std::optional<EquationsOfMotion> with_tree_mass_matrix(const model::System& system, EquationsOfMotion eom) {
  try {
    const KinematicTree tree(system);
    const auto p = static_cast<unsigned>(eom.p());
    eom.mass_matrix = composite_rigid_body(tree.nodes(), p);
    const auto tau = recursive_newton_euler(tree, std::vector<GiNaC::ex>(p, 0));
    const auto Q = generalized_active_forces(system, eom.speeds, LoadSelection::AllButGravity);
    eom.forcing = GiNaC::matrix(p, 1);
    for (unsigned i = 0; i < p; ++i) eom.forcing(i, 0) = Q[i] - tau[i];
    eom.by_tree_recursions = true;
    return eom;
  } catch (const NotATree&) {
    return std::nullopt;
  }
}

}  // namespace

std::optional<EquationsOfMotion> tree_mass_matrix_form(const model::System& system, const std::string& method) {
  auto outline = tree_equations_outline(system, method);
  if (!outline) return std::nullopt;
  return with_tree_mass_matrix(system, *outline);
}

std::optional<EquationsOfMotion> tree_mass_matrix_form(const model::System& system, const EquationsOfMotion& eom) {
  // The principles whose M and F of such a system are the tree's (the same rows, whichever).
  const auto& table = methods();
  const bool principle =
      std::any_of(table.begin(), table.end(), [&](const Method& m) { return m.tree_form && m.label == eom.method; });
  if (!principle || !not_own_unconstrained(system, eom).empty() || !system.events().empty()) return std::nullopt;
  return with_tree_mass_matrix(system, eom);
}

}  // namespace adyn::formulations
