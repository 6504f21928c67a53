// The recursive Newton–Euler algorithm over the kinematic tree (recursive_newton_euler.hpp).
#include "adyn/formulations/recursive_newton_euler.hpp"

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "generalized_forces.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {

using GiNaC::ex;
using GiNaC::matrix;

std::vector<ex> InverseDynamics::residuals() const {
  std::vector<ex> r;
  for (std::size_t i = 0; i < required.size(); ++i) r.push_back(required[i] - applied[i]);
  return r;
}

std::vector<ex> recursive_newton_euler(const KinematicTree& tree, const std::vector<ex>& a) {
  const auto& nodes = tree.nodes();
  const std::size_t K = nodes.size();
  std::vector<matrix> acceleration(K), force(K);
  // Outwards: a_k = X_k a_p + S_k a_{u_k} + κ_k, f_k = M_k a_k − b_k (Featherstone Table 5.1).
  for (std::size_t k = 0; k < K; ++k) {
    const TreeNode& node = nodes[k];
    matrix a_k = node.bias_acceleration;
    if (node.parent >= 0) a_k = a_k.add(sym::product(spatial_transform(node), acceleration[static_cast<std::size_t>(node.parent)]));
    if (!node.speeds.empty()) {
      matrix own(static_cast<unsigned>(node.speeds.size()), 1);
      for (unsigned j = 0; j < own.rows(); ++j) own(j, 0) = a[node.speeds[j]];
      a_k = a_k.add(sym::product(node.motion_subspace, own));
    }
    acceleration[k] = named(a_k);
    force[k] = sym::product(node.inertia, acceleration[k]).sub(node.bias_force);
  }
  // Inwards: f^t_p += X_kᵀ f^t_k, τ_{u_k} = S_kᵀ f^t_k.
  std::vector<ex> tau(a.size(), 0);
  for (std::size_t k = K; k-- > 0;) {
    const TreeNode& node = nodes[k];
    force[k] = named(force[k]);
    const matrix own = sym::product(node.motion_subspace.transpose(), force[k]);
    for (unsigned j = 0; j < own.rows(); ++j) tau[node.speeds[j]] = sym::intermediate(own(j, 0));
    if (node.parent >= 0) {
      const auto p = static_cast<std::size_t>(node.parent);
      force[p] = force[p].add(sym::product(spatial_transform(node).transpose(), force[k]));
    }
  }
  return tau;
}

InverseDynamics inverse_dynamics(const model::System& system) {
  const KinematicTree tree(system);
  InverseDynamics out;
  out.coordinates = system.coordinates();
  out.speeds = system.speeds();
  out.accelerations = sym::derivatives_of(out.speeds);
  out.required = recursive_newton_euler(tree, std::vector<ex>(out.accelerations.begin(), out.accelerations.end()));
  out.applied = generalized_active_forces(system, out.speeds, LoadSelection::AllButGravity);
  return out;
}

}  // namespace adyn::formulations
