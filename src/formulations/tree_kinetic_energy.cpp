// The kinetic energy of a tree over its graph (articulated_body.hpp, tree_kinetic_energy).
#include <optional>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;

// Whether the model's kinematics hold no explicit time: its orientations, positions and kinematic
// equations. Then every velocity is linear in the speeds, V = Σ S u, and T = T2.
bool scleronomic(const model::System& system) {
  auto timeless = [](const matrix& m) {
    for (const auto& e : sym::entries(m))
      if (e.has(sym::time())) return false;
    return true;
  };
  for (const auto& F : system.frames())
    if (F.parent() && !timeless(F.orientation().dcm())) return false;
  for (const auto& P : system.points())
    for (const auto& part : P.position_from_parent().parts())
      if (!timeless(part.components)) return false;
  for (const auto& [rate, value] : system.coordinate_rates())
    if (value.has(sym::time())) return false;
  return true;
}

}  // namespace

std::optional<ex> tree_kinetic_energy(const model::System& system) {
  if (!scleronomic(system)) return std::nullopt;
  std::optional<KinematicTree> tree;
  try {
    tree.emplace(system);
  } catch (const NotATree&) {
    return std::nullopt;
  }
  const auto speeds = system.speeds();
  const auto& nodes = tree->nodes();
  std::vector<matrix> V(nodes.size());  // (ω, v) of each node, in the tree's basis
  GiNaC::exvector terms;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const TreeNode& node = nodes[k];
    matrix v(6, 1);
    for (unsigned i = 0; i < 6; ++i)
      for (unsigned j = 0; j < node.speeds.size(); ++j) v(i, 0) += sym::times(node.motion_subspace(i, j), speeds[node.speeds[j]]);
    if (node.parent >= 0) v = v.add(sym::product(spatial_transform(node), V[static_cast<std::size_t>(node.parent)]));
    V[k] = named(v);
    const matrix IV = sym::product(node.inertia, V[k]);
    for (unsigned i = 0; i < 6; ++i) terms.push_back(sym::times(GiNaC::numeric(1, 2), V[k](i, 0), IV(i, 0)));
  }
  return GiNaC::ex(GiNaC::dynallocate<GiNaC::add>(terms));
}

}  // namespace adyn::formulations
