// Derivatives of a tree's accelerations through the tree (tree_derivatives.hpp).
#include "tree_derivatives.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/hoist.hpp"

namespace adyn::numeric {
namespace {

using GiNaC::ex;

constexpr std::size_t kLanes = 4;  // columns per kernel call (the generated C computes two or four at once)

// Variables differentiated by one kernel, and their columns among all the variables.
struct VariableGroup {
  std::vector<GiNaC::symbol> variables;
  std::vector<std::size_t> columns;
};

// The branch a speed moves: the node hanging from the ground above the node the speed moves.
int branch_of(const formulations::ArticulatedBodyDynamics& d, std::size_t speed) {
  int k = speed < d.speed_nodes.size() ? d.speed_nodes[speed] : -1;
  while (k >= 0 && d.parents[static_cast<std::size_t>(k)] >= 0) k = d.parents[static_cast<std::size_t>(k)];
  return k;
}

// The branch of a coordinate: that of the first speed its rate q̇ has (−1 for none).
int coordinate_branch(const formulations::ArticulatedBodyDynamics& d, std::size_t i) {
  for (std::size_t s = 0; s < d.speeds.size(); ++s)
    if (d.coordinate_rates[i].has(d.speeds[s])) return branch_of(d, s);
  return -1;
}

// Appends x to `groups`, one group per branch (branch(i) of x[i]) in the order first met; x[i]'s
// column is first_column + i.
template <class Branch>
void add_by_branch(std::vector<VariableGroup>& groups, const std::vector<GiNaC::symbol>& x, std::size_t first_column,
                   Branch&& branch) {
  std::vector<int> branches;
  const std::size_t first_group = groups.size();
  for (std::size_t i = 0; i < x.size(); ++i) {
    const int b = branch(i);
    auto it = std::find(branches.begin(), branches.end(), b);
    if (it == branches.end()) {
      groups.emplace_back();
      it = branches.insert(branches.end(), b);
    }
    auto& group = groups[first_group + static_cast<std::size_t>(it - branches.begin())];
    group.variables.push_back(x[i]);
    group.columns.push_back(first_column + i);
  }
}

// The variables in groups, each differentiated by a kernel of its own, where the others'
// directions are zero and their terms drop out: the coordinates apart from the speeds, and each
// apart by the branch of the tree they move (a subtree hanging from the ground: along a leg's joint
// the other leg and the arms keep their motion, and the kernel computes that leg and what it
// hangs from). Any grouping gives the same derivatives; this one gives a chain one kernel of each.
std::vector<VariableGroup> variable_groups(const formulations::ArticulatedBodyDynamics& d,
                                           const std::vector<GiNaC::symbol>& parameters,
                                           TreeDerivatives::Variables which) {
  std::vector<VariableGroup> groups;
  if (which == TreeDerivatives::Variables::Parameters) {
    add_by_branch(groups, parameters, 0, [](std::size_t) { return 0; });
    return groups;
  }
  const std::size_t n = d.coordinates.size();
  add_by_branch(groups, d.coordinates, 0, [&](std::size_t i) { return coordinate_branch(d, i); });
  add_by_branch(groups, d.speeds, n, [&](std::size_t s) { return branch_of(d, s); });
  return groups;
}

// The derivative of u̇ along δ: D r by the chain rule, then M⁻¹(−D r) as the articulated-body
// algorithm's u̇ differentiated along its forcing (tree_derivatives.hpp).
std::vector<ex> derivative_along(const formulations::ArticulatedBodyDynamics& d, const std::vector<GiNaC::symbol>& x,
                                 const std::vector<GiNaC::symbol>& delta) {
  GiNaC::exmap directions;
  for (std::size_t j = 0; j < x.size(); ++j) directions[x[j]] = delta[j];
  sym::DirectionalDerivative D(directions);
  GiNaC::exmap along_forcing;
  const auto r = d.inverse_dynamics.residuals();
  for (std::size_t i = 0; i < r.size(); ++i) along_forcing[d.forcing_symbols[i]] = sym::intermediate(-D(r[i]));
  sym::DirectionalDerivative solve(along_forcing);
  std::vector<ex> out;
  for (const auto& udot : d.accelerations_of_forcing) out.push_back(solve(udot));
  return out;
}

// Without a branch per value (a non-finite value is the exception).
bool all_finite(const double* begin, const double* end) {
  bool finite = true;
  for (const double* v = begin; v != end; ++v) finite &= std::isfinite(*v);
  return finite;
}

std::string what_at(double t) {
  std::ostringstream os;
  os << "derivatives of the articulated-body dynamics at t = " << t;
  return os.str();
}

}  // namespace

TreeDerivatives::TreeDerivatives(const formulations::ArticulatedBodyDynamics& dynamics,
                                 const std::vector<GiNaC::symbol>& parameters, Variables variables, Backend backend)
    : n_(dynamics.coordinates.size()),
      p_(dynamics.speeds.size()),
      parameters_(parameters.size()),
      pivots_(dynamics.pivots.size()) {
  std::vector<std::vector<GiNaC::symbol>> deltas;
  std::vector<ex> tangent;  // the groups' derivatives of u̇, one after the other
  const auto groups = variable_groups(dynamics, parameters, variables);
  for (const auto& group : groups) {
    std::vector<GiNaC::symbol> delta;
    for (const auto& xj : group.variables) delta.emplace_back("delta_" + xj.get_name());
    const auto along = derivative_along(dynamics, group.variables, delta);
    tangent.insert(tangent.end(), along.begin(), along.end());
    deltas.push_back(std::move(delta));
  }

  // What does not depend on δ, into the first function: at the state, a = u̇ and Q its value.
  std::vector<GiNaC::symbol> state = {sym::time()};
  for (const auto* list : {&dynamics.coordinates, &dynamics.speeds, &parameters}) state.insert(state.end(), list->begin(), list->end());
  std::vector<GiNaC::symbol> held = state;
  const auto& a = dynamics.inverse_dynamics.accelerations;
  held.insert(held.end(), a.begin(), a.end());
  held.insert(held.end(), dynamics.forcing_symbols.begin(), dynamics.forcing_symbols.end());
  auto hoisted = sym::hoist_parameter_subexpressions(tangent, held, sym::unused_prefix(tangent, "k"));
  GiNaC::exmap at_the_state;
  for (std::size_t i = 0; i < p_; ++i) {
    at_the_state[a[i]] = dynamics.accelerations[i];
    at_the_state[dynamics.forcing_symbols[i]] = dynamics.forcing[i];
  }
  sym::Substitution at_state(at_the_state);
  std::vector<ex> primal = dynamics.accelerations;
  primal.insert(primal.end(), dynamics.pivots.begin(), dynamics.pivots.end());
  primal.insert(primal.end(), dynamics.pivot_scales.begin(), dynamics.pivot_scales.end());
  std::vector<GiNaC::symbol> kernel_inputs;
  for (const auto& [k, value] : hoisted.definitions) {
    kernel_inputs.push_back(k);
    primal.push_back(at_state(value));
  }
  // The state's own symbols, where the kernel has them bare (u_k in D(u_k e) = δ_k e + u_k D e).
  for (const auto& s : held) {
    kernel_inputs.push_back(s);
    primal.push_back(at_state(s));
  }
  constants_ = kernel_inputs.size();
  primal_ = CompiledFunction(state, primal, backend);
  backend_note_ = primal_.backend_note();
  for (std::size_t g = 0; g < deltas.size(); ++g) {
    if (deltas[g].empty()) continue;
    auto inputs = kernel_inputs;
    inputs.insert(inputs.end(), deltas[g].begin(), deltas[g].end());
    const auto first = hoisted.outputs.begin() + static_cast<std::ptrdiff_t>(g * p_);
    kernels_.push_back({CompiledFunction(inputs, std::vector<ex>(first, first + static_cast<std::ptrdiff_t>(p_)), backend,
                                         std::nullopt, Lanes{constants_, kLanes}),
                        groups[g].columns});
    if (backend_note_.empty()) backend_note_ = kernels_.back().function.backend_note();
    columns_ += deltas[g].size();
  }
}

Backend TreeDerivatives::backend() const {
  const bool native = primal_.backend() == Backend::Native &&
                      std::all_of(kernels_.begin(), kernels_.end(), [](const Kernel& k) { return k.function.backend() == Backend::Native; });
  return native ? Backend::Native : Backend::Tape;
}

TreeDerivatives::Workspace TreeDerivatives::workspace() const {
  Workspace w;
  w.in.assign(1 + n_ + p_ + parameters_, 0.0);
  std::size_t widest = 0;
  for (const auto& k : kernels_) widest = std::max(widest, k.columns.size());
  w.primal.assign(p_ + 2 * pivots_ + constants_ + widest * kLanes, 0.0);  // the kernels' input is its tail
  w.kernel_out.assign(p_ * kLanes, 0.0);
  return w;
}

void TreeDerivatives::evaluate(double t, const double* q, const double* u, const double* parameters, double* udot,
                               const Columns& columns, Workspace& w) const {
  w.in[0] = t;
  std::copy(q, q + n_, w.in.begin() + 1);
  std::copy(u, u + p_, w.in.begin() + 1 + static_cast<std::ptrdiff_t>(n_));
  std::copy(parameters, parameters + parameters_, w.in.begin() + 1 + static_cast<std::ptrdiff_t>(n_ + p_));
  primal_.evaluate(w.in.data(), w.primal.data());
  const double* pivot = w.primal.data() + p_;
  if (singular_pivot(pivot, pivot + pivots_, pivots_)) throw SingularityError(what_at(t), linalg::not_positive_definite);
  double* kernel_in = w.primal.data() + p_ + 2 * pivots_;  // the constants, then the lanes' δ
  if (!all_finite(w.primal.data(), kernel_in + constants_))
    throw EvaluationError(what_at(t) + ": the state left the domain (a value is not finite)");
  std::copy(w.primal.data(), w.primal.data() + p_, udot);
  bool finite = true;
  // Lane l of a group's call from its variable c0 has δ = e_{c0 + l}: δ_c of lane l is at
  // constants_ + c·kLanes + l.
  for (const auto& kernel : kernels_) {
    const std::size_t count = kernel.columns.size();
    for (std::size_t c0 = 0; c0 < count; c0 += kLanes) {
      const std::size_t lanes = std::min(kLanes, count - c0);
      for (std::size_t l = 0; l < lanes; ++l) kernel_in[constants_ + (c0 + l) * kLanes + l] = 1;
      kernel.function.evaluate(kernel_in, w.kernel_out.data());
      for (std::size_t l = 0; l < lanes; ++l) {
        kernel_in[constants_ + (c0 + l) * kLanes + l] = 0;
        const std::size_t j = kernel.columns[c0 + l];
        double* column = j < columns.split ? columns.first + j * p_ : columns.rest + (j - columns.split) * p_;
        for (std::size_t i = 0; i < p_; ++i) column[i] = w.kernel_out[i * kLanes + l];
        finite &= all_finite(column, column + p_);
      }
    }
  }
  if (!finite) throw EvaluationError(what_at(t) + ": a derivative is not finite");
}

}  // namespace adyn::numeric
