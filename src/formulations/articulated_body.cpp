#include "adyn/formulations/articulated_body.hpp"

#include <optional>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "generalized_forces.hpp"
#include "kinematic_tree.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;

/// D = L diag(d) Lᵀ of a small symmetric block (a node's own speeds), each entry named.
class BlockFactor {
 public:
  BlockFactor(const matrix& D, const std::string& node) : L_(GiNaC::ex_to<matrix>(GiNaC::unit_matrix(D.rows()))) {
    const unsigned m = D.rows();
    for (unsigned j = 0; j < m; ++j) {
      ex dj = D(j, j);
      for (unsigned k = 0; k < j; ++k) dj -= L_(j, k) * L_(j, k) * d_[k];
      dj = sym::intermediate(dj);
      if (dj.is_zero())
        throw SingularityError("body '" + node + "'", linalg::not_positive_definite);
      d_.push_back(dj);
      scales_.push_back(D(j, j));
      for (unsigned i = j + 1; i < m; ++i) {
        ex lij = D(i, j);
        for (unsigned k = 0; k < j; ++k) lij -= L_(i, k) * L_(j, k) * d_[k];
        L_(i, j) = sym::intermediate(lij / dj);
      }
    }
  }
  const std::vector<ex>& pivots() const { return d_; }
  const std::vector<ex>& scales() const { return scales_; }
  /// D⁻¹ B by the two triangular solves.
  matrix solve(const matrix& B) const {
    const unsigned m = L_.rows();
    matrix X(m, B.cols());
    for (unsigned c = 0; c < B.cols(); ++c) {
      std::vector<ex> y(m);
      for (unsigned i = 0; i < m; ++i) {
        ex yi = B(i, c);
        for (unsigned k = 0; k < i; ++k) yi -= L_(i, k) * y[k];
        y[i] = sym::intermediate(yi);
      }
      for (unsigned i = m; i-- > 0;) {
        ex xi = y[i] / d_[i];
        for (unsigned k = i + 1; k < m; ++k) xi -= L_(k, i) * X(k, c);
        X(i, c) = sym::intermediate(xi);
      }
    }
    return X;
  }

 private:
  matrix L_;
  std::vector<ex> d_, scales_;
};

/// What the backward pass leaves for the forward pass at a node with own speeds.
struct Articulation {
  matrix U;       // I^A S
  matrix forcing; // τ − Sᵀ p^A
  std::optional<BlockFactor> D;
};

}  // namespace

namespace {

// The passes of Featherstone's Table 7.1 with the generalized active forces `tau`: u̇ into
// out.accelerations, the pivots, the bodies.
void articulated_body_passes(const KinematicTree& tree, const std::vector<ex>& tau, ArticulatedBodyDynamics& out) {
  const auto& nodes = tree.nodes();
  const std::size_t K = nodes.size();

  // Backward pass (Featherstone Table 7.1): the articulated inertias and bias forces.
  std::vector<matrix> IA(K), pA(K);
  std::vector<Articulation> joint(K);
  for (std::size_t k = 0; k < K; ++k) IA[k] = nodes[k].inertia, pA[k] = nodes[k].bias_force.mul_scalar(-1);
  for (std::size_t k = K; k-- > 0;) {
    const TreeNode& node = nodes[k];
    IA[k] = named_symmetric(IA[k]), pA[k] = named(pA[k]);
    matrix Ia = IA[k], pa = named(pA[k].add(sym::product(IA[k], node.bias_acceleration)));
    if (!node.speeds.empty()) {
      const matrix& S = node.motion_subspace;
      auto& J = joint[k];
      J.U = named(sym::product(IA[k], S));
      J.D.emplace(named(sym::product(S.transpose(), J.U)), node.name);
      matrix forcing(static_cast<unsigned>(node.speeds.size()), 1);
      for (unsigned j = 0; j < forcing.rows(); ++j) forcing(j, 0) = tau[node.speeds[j]];
      J.forcing = named(forcing.sub(sym::product(S.transpose(), pA[k])));
      const matrix W = J.D->solve(J.U.transpose());  // D⁻¹ Uᵀ
      Ia = named_symmetric(IA[k].sub(sym::product(J.U, W)));
      pa = named(pA[k].add(sym::product(Ia, node.bias_acceleration)).add(sym::product(J.U, J.D->solve(J.forcing))));
      for (std::size_t j = 0; j < J.D->pivots().size(); ++j) {
        out.pivots.push_back(J.D->pivots()[j]);
        out.pivot_scales.push_back(J.D->scales()[j]);
      }
    }
    if (node.parent >= 0) {
      const auto p = static_cast<std::size_t>(node.parent);
      IA[p] = IA[p].add(inertia_at_parent(node, Ia));
      pA[p] = pA[p].add(sym::product(spatial_transform(node).transpose(), pa));
    }
  }

  // Forward pass: the accelerations from the root outwards.
  out.accelerations.assign(out.speeds.size(), 0);
  out.speed_nodes.assign(out.speeds.size(), -1);
  std::vector<matrix> a(K);
  for (std::size_t k = 0; k < K; ++k) {
    const TreeNode& node = nodes[k];
    matrix a_k = node.bias_acceleration;
    if (node.parent >= 0) a_k = named(sym::product(spatial_transform(node), a[static_cast<std::size_t>(node.parent)]).add(a_k));
    if (!node.speeds.empty()) {
      const auto& J = joint[k];
      const matrix udot = J.D->solve(J.forcing.sub(sym::product(J.U.transpose(), a_k)));
      for (unsigned j = 0; j < udot.rows(); ++j) {
        out.accelerations[node.speeds[j]] = udot(j, 0);
        out.speed_nodes[node.speeds[j]] = static_cast<int>(k);
      }
      a_k = a_k.add(sym::product(node.motion_subspace, udot));
    }
    a[k] = named(a_k);
    out.bodies.push_back(node.name);
    out.parents.push_back(node.parent);
  }
}

}  // namespace

ArticulatedBodyDynamics articulated_body_dynamics(const model::System& system) {
  const KinematicTree tree(system);
  ArticulatedBodyDynamics out;
  out.coordinates = system.coordinates();
  out.speeds = system.speeds();
  for (const auto& q : out.coordinates) out.coordinate_rates.push_back(system.in_speeds(sym::derivative_of(q)));
  // Q: the generalized active forces of every load but gravity, which is in the bias forces. The
  // passes are generated once, with symbols for Q, and Q put in after.
  out.forcing = generalized_active_forces(system, out.speeds, LoadSelection::AllButGravity);
  GiNaC::exmap forcing;
  for (std::size_t i = 0; i < out.speeds.size(); ++i) {
    out.forcing_symbols.emplace_back("Q_" + out.speeds[i].get_name());
    forcing[out.forcing_symbols.back()] = out.forcing[i];
  }
  articulated_body_passes(tree, std::vector<ex>(out.forcing_symbols.begin(), out.forcing_symbols.end()), out);
  out.accelerations_of_forcing = out.accelerations;
  sym::Substitution with_forces(forcing);
  for (auto& udot : out.accelerations) udot = with_forces(udot);
  out.inverse_dynamics.coordinates = out.coordinates;
  out.inverse_dynamics.speeds = out.speeds;
  out.inverse_dynamics.accelerations = sym::derivatives_of(out.speeds);
  const auto& a = out.inverse_dynamics.accelerations;
  out.inverse_dynamics.required = recursive_newton_euler(tree, std::vector<ex>(a.begin(), a.end()));
  out.inverse_dynamics.applied = out.forcing;
  out.tree_nodes = std::make_shared<const std::vector<TreeNode>>(tree.nodes());
  return out;
}

const ArticulatedBodyDynamics& TreeDynamics::get() const {
  std::call_once(derived_, [this] {
    if (dynamics_) return;  // given derived
    try {
      dynamics_ = articulated_body_dynamics(*system_);
    } catch (...) {
      failure_ = std::current_exception();
    }
  });
  if (failure_) std::rethrow_exception(failure_);
  return *dynamics_;
}

std::optional<ArticulatedBodyDynamics> articulated_body_dynamics_for(const model::System& system,
                                                                     const EquationsOfMotion& eom) {
  return choose_evaluator(system, eom).dynamics;
}

std::optional<EquationsOfMotion> tree_equations_outline(const model::System& system, const std::string& method) {
  const auto* row = find_method(method);
  if (!row || !row->tree_form || !system.constraints().empty() || !system.events().empty()) return std::nullopt;
  if (row->speeds_are_rates) {
    if (!system.coordinate_rates().empty()) return std::nullopt;  // Lagrange's speeds are then q̇, not u
    system.check_velocities_from_positions("Lagrange's equations (and Hamilton's and Udwadia-Kalaba's, built on them)");
  }
  system.check_kinematic_equations();
  EquationsOfMotion eom;
  eom.method = row->label;
  eom.coordinates = system.coordinates();
  eom.speeds = system.speeds();
  eom.coordinate_rates = matrix(eom.n(), 1);
  for (std::size_t i = 0; i < eom.n(); ++i)
    eom.coordinate_rates(i, 0) = system.in_speeds(sym::derivative_of(eom.coordinates[i]));
  eom.mass_matrix = matrix(0, 0);
  eom.forcing = matrix(0, 1);
  return eom;
}

std::optional<EquationsOfMotion> tree_equations(const model::System& system, const std::string& method) {
  auto eom = tree_equations_outline(system, method);
  if (eom) eom->tree_dynamics = std::make_shared<const TreeDynamics>(system);
  return eom;
}

}  // namespace adyn::formulations
