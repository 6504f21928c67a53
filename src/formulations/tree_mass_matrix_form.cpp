// M u̇ = F of a tree by its recursions, and of a tree its constraints close (tree_mass_matrix_form.hpp).
#include "tree_mass_matrix_form.hpp"

#include <algorithm>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "generalized_forces.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {
namespace {

// M by composite rigid bodies, F = Q − τ(q, u, 0) by recursive Newton–Euler, over one tree: where
// it is at least `least_depth` deep (else the form without the equations).
std::optional<ClosedTreeForm> with_tree_mass_matrix(const model::System& system, EquationsOfMotion eom,
                                                    std::size_t least_depth = 0) {
  try {
    const auto shape = KinematicTree::shape(system);
    ClosedTreeForm form{std::nullopt, shape.nodes, shape.depth};
    if (form.depth < least_depth) return form;
    const KinematicTree tree(system);
    const auto p = static_cast<unsigned>(eom.p());
    eom.mass_matrix = composite_rigid_body(tree.nodes(), p);
    const auto tau = recursive_newton_euler(tree, std::vector<GiNaC::ex>(p, 0));
    const auto Q = generalized_active_forces(system, eom.speeds, LoadSelection::AllButGravity);
    eom.forcing = GiNaC::matrix(p, 1);
    for (unsigned i = 0; i < p; ++i) eom.forcing(i, 0) = Q[i] - tau[i];
    eom.by_tree_recursions = true;
    form.equations = std::move(eom);
    return form;
  } catch (const NotATree&) {
    return std::nullopt;
  }
}

// A principle whose M and F of a tree in its own coordinates and speeds are the tree's (the same
// rows, whichever).
bool tree_principle(const EquationsOfMotion& eom) {
  const auto& table = methods();
  return std::any_of(table.begin(), table.end(), [&](const Method& m) { return m.tree_form && m.label == eom.method; });
}

}  // namespace

std::optional<EquationsOfMotion> tree_mass_matrix_form(const model::System& system, const std::string& method) {
  auto outline = tree_equations_outline(system, method);
  auto form = outline ? with_tree_mass_matrix(system, *outline) : std::nullopt;
  return form ? std::move(form->equations) : std::nullopt;
}

std::optional<EquationsOfMotion> tree_mass_matrix_form(const model::System& system, const EquationsOfMotion& eom) {
  if (!tree_principle(eom) || !not_own_unconstrained(system, eom).empty() || !system.events().empty()) return std::nullopt;
  auto form = with_tree_mass_matrix(system, eom);
  return form ? std::move(form->equations) : std::nullopt;
}

std::optional<ClosedTreeForm> closed_tree_mass_matrix_form(const model::System& system, const EquationsOfMotion& eom) {
  if (system.constraints().empty() || eom.constraint_matrix.rows() == 0 || !tree_principle(eom) ||
      !not_own_with_multipliers(system, eom).empty() || !system.events().empty())
    return std::nullopt;
  const auto open = without_constraints(system);
  if (!eom.by_tree_recursions) return with_tree_mass_matrix(open, eom, closed_tree_depth);
  try {  // closed_tree_equations': M and F by the recursions already, over a tree
    const auto shape = KinematicTree::shape(open);
    return ClosedTreeForm{eom, shape.nodes, shape.depth};
  } catch (const NotATree&) {
    return std::nullopt;
  }
}

bool hangs_deep_enough(const model::System& open) {
  try {
    return KinematicTree::shape(open).depth >= closed_tree_depth;
  } catch (const NotATree&) {
    return false;
  }
}

std::optional<ClosedTreeForm> closed_tree_shape(const model::System& system) {
  const auto open = without_constraints(system);
  try {
    const auto shape = KinematicTree::shape(open);
    if (shape.depth >= closed_tree_depth) [[maybe_unused]] const KinematicTree tree(open);  // or NotATree
    return ClosedTreeForm{std::nullopt, shape.nodes, shape.depth};
  } catch (const NotATree&) {
    return std::nullopt;
  }
}

}  // namespace adyn::formulations
