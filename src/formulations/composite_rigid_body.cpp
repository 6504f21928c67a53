// The composite-rigid-body algorithm over the kinematic tree (composite_rigid_body.hpp).
#include "adyn/formulations/composite_rigid_body.hpp"

#include "adyn/formulations/articulated_body.hpp"

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {

using GiNaC::matrix;

namespace {

// I^c_k = M_k + Σ_c X_cᵀ I^c_c X_c, leaves inwards (Featherstone Table 6.2).
std::vector<matrix> composite_inertias(const std::vector<TreeNode>& nodes) {
  std::vector<matrix> composite;
  for (const auto& node : nodes) composite.push_back(node.inertia);
  for (std::size_t k = nodes.size(); k-- > 0;) {
    composite[k] = named_symmetric(composite[k]);
    if (nodes[k].parent < 0) continue;
    auto& parent = composite[static_cast<std::size_t>(nodes[k].parent)];
    parent = parent.add(inertia_at_parent(nodes[k], composite[k]));
  }
  return composite;
}

// M_ji = S_jᵀ F for F = X_{i←j}ᵀ I^c_i S_i, both triangles.
void set_block(matrix& M, const TreeNode& i, const TreeNode& j, const matrix& F) {
  const matrix block = sym::product(j.motion_subspace.transpose(), F);
  for (unsigned a = 0; a < block.rows(); ++a)
    for (unsigned b = 0; b < block.cols(); ++b) {
      const auto entry = sym::intermediate(block(a, b));
      M(static_cast<unsigned>(j.speeds[a]), static_cast<unsigned>(i.speeds[b])) = entry;
      M(static_cast<unsigned>(i.speeds[b]), static_cast<unsigned>(j.speeds[a])) = entry;
    }
}

}  // namespace

matrix composite_rigid_body(const model::System& system) {
  return composite_rigid_body(KinematicTree(system).nodes(), system.speeds().size());
}

matrix composite_rigid_body(const ArticulatedBodyDynamics& dynamics) {
  if (!dynamics.tree_nodes)
    throw Error("composite rigid bodies: these articulated-body dynamics hold no tree (articulated_body_dynamics keeps it)");
  return composite_rigid_body(*dynamics.tree_nodes, dynamics.speeds.size());
}

matrix composite_rigid_body(const std::vector<TreeNode>& nodes, std::size_t speeds) {
  const auto composite = composite_inertias(nodes);
  const auto p = static_cast<unsigned>(speeds);
  matrix M(p, p);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].speeds.empty()) continue;
    matrix F = named(sym::product(composite[i], nodes[i].motion_subspace));
    for (std::size_t j = i;;) {  // up the path: F ← X_jᵀ F
      if (!nodes[j].speeds.empty()) set_block(M, nodes[i], nodes[j], F);
      if (nodes[j].parent < 0) break;
      F = named(sym::product(spatial_transform(nodes[j]).transpose(), F));
      j = static_cast<std::size_t>(nodes[j].parent);
    }
  }
  return M;
}

}  // namespace adyn::formulations
