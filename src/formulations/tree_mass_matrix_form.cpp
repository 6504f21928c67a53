// M u̇ = F of a tree by its recursions, and of a tree its constraints close (tree_mass_matrix_form.hpp).
#include "tree_mass_matrix_form.hpp"

#include <algorithm>
#include <limits>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "generalized_forces.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {
namespace {

// The most bodies on a path from the ground (the nodes list parents before their children).
std::size_t depth_of(const KinematicTree& tree) {
  std::vector<std::size_t> depth;
  for (const auto& node : tree.nodes())
    depth.push_back(node.parent < 0 ? 1 : depth[static_cast<std::size_t>(node.parent)] + 1);
  return depth.empty() ? 0 : *std::max_element(depth.begin(), depth.end());
}

// M by composite rigid bodies, F = Q − τ(q, u, 0) by recursive Newton–Euler, over one tree: where
// it is at least `least_depth` deep (else the form without the equations).
std::optional<ClosedTreeForm> with_tree_mass_matrix(const model::System& system, EquationsOfMotion eom,
                                                    std::size_t least_depth = 0) {
  try {
    const KinematicTree tree(system);
    ClosedTreeForm form{std::nullopt, tree.nodes().size(), depth_of(tree)};
    if (form.depth < least_depth) return form;
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
  try {  // closed_tree_equations': M and F by the recursions already
    const KinematicTree tree(open);
    return ClosedTreeForm{eom, tree.nodes().size(), depth_of(tree)};
  } catch (const NotATree&) {
    return std::nullopt;
  }
}

std::optional<ClosedTreeForm> closed_tree_shape(const model::System& system) {
  return with_tree_mass_matrix(without_constraints(system), {}, std::numeric_limits<std::size_t>::max());
}

}  // namespace adyn::formulations
