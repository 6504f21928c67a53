// Derivatives of a tree's accelerations through the tree (tree_derivatives.hpp).
#include "tree_derivatives.hpp"

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

std::vector<GiNaC::symbol> variables_of(const formulations::ArticulatedBodyDynamics& d,
                                        const std::vector<GiNaC::symbol>& parameters, TreeDerivatives::Variables which) {
  if (which == TreeDerivatives::Variables::Parameters) return parameters;
  std::vector<GiNaC::symbol> x = d.coordinates;
  x.insert(x.end(), d.speeds.begin(), d.speeds.end());
  return x;
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
  const auto x = variables_of(dynamics, parameters, variables);
  columns_ = x.size();
  std::vector<GiNaC::symbol> delta;
  for (const auto& xj : x) delta.emplace_back("delta_" + xj.get_name());
  const auto tangent = derivative_along(dynamics, x, delta);

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
  kernel_inputs.insert(kernel_inputs.end(), delta.begin(), delta.end());
  primal_ = CompiledFunction(state, primal, backend);
  kernel_ = CompiledFunction(kernel_inputs, hoisted.outputs, backend);
  backend_note_ = !primal_.backend_note().empty() ? primal_.backend_note() : kernel_.backend_note();
}

Backend TreeDerivatives::backend() const {
  return primal_.backend() == Backend::Native && kernel_.backend() == Backend::Native ? Backend::Native : Backend::Tape;
}

TreeDerivatives::Workspace TreeDerivatives::workspace() const {
  Workspace w;
  w.in.assign(1 + n_ + p_ + parameters_, 0.0);
  w.primal.assign(p_ + 2 * pivots_ + constants_, 0.0);
  w.kernel_in.assign(constants_ + columns_, 0.0);
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
  bool finite = true;
  for (double v : w.primal) finite = finite && std::isfinite(v);
  if (!finite) throw EvaluationError(what_at(t) + ": the state left the domain (a value is not finite)");
  std::copy(w.primal.data(), w.primal.data() + p_, udot);
  std::copy(w.primal.end() - static_cast<std::ptrdiff_t>(constants_), w.primal.end(), w.kernel_in.begin());
  for (std::size_t j = 0; j < columns_; ++j) {
    double* column = j < columns.split ? columns.first + j * p_ : columns.rest + (j - columns.split) * p_;
    w.kernel_in[constants_ + j] = 1;
    kernel_.evaluate(w.kernel_in.data(), column);
    w.kernel_in[constants_ + j] = 0;
    for (std::size_t i = 0; i < p_; ++i) finite = finite && std::isfinite(column[i]);
  }
  if (!finite) throw EvaluationError(what_at(t) + ": a derivative is not finite");
}

}  // namespace adyn::numeric
