// The forces of constraints an eliminating method does not keep (eliminated_constraint_forces.hpp).
#include "eliminated_constraint_forces.hpp"

#include <algorithm>

#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/state_expression.hpp"
#include "adyn/numeric/augmented_lagrangian.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::numeric {

namespace {

void append_entries(std::vector<GiNaC::ex>& out, const GiNaC::matrix& m, formulations::InEquationsState& in_state) {
  for (const auto& e : sym::entries(m)) out.push_back(in_state(e));
}

}  // namespace

EliminatedConstraintForces::EliminatedConstraintForces(const model::System& system, const formulations::EquationsOfMotion& eom) {
  const auto lagrange = formulations::lagrange(system);
  const auto& dropped = eom.dropped_constraints;
  std::vector<unsigned> kept;  // Lagrange's rows whose constraint the method kept
  for (unsigned i = 0; i < lagrange.multiplier_names.size(); ++i)
    if (std::find(dropped.begin(), dropped.end(), lagrange.multiplier_names[i]) == dropped.end()) {
      kept.push_back(i);
      names_.push_back(lagrange.multiplier_names[i]);
    }
  n_ = static_cast<Eigen::Index>(lagrange.n());
  p_ = static_cast<Eigen::Index>(eom.p());
  m_ = static_cast<Eigen::Index>(kept.size());
  GiNaC::matrix G(kept.size(), lagrange.n());
  for (unsigned r = 0; r < kept.size(); ++r)
    for (unsigned j = 0; j < lagrange.n(); ++j) G(r, j) = lagrange.constraint_matrix(kept[r], j);
  // q̇ = f(q, u, t) of the method; q̈ = ∂f/∂u u̇ + (∂f/∂q f + ∂f/∂t).
  const GiNaC::matrix& f = eom.coordinate_rates;
  const GiNaC::matrix drift = sym::product(sym::jacobian(f, eom.coordinates), f).add(sym::jacobian(f, {sym::time()}));
  formulations::InEquationsState in_state(system, eom);  // Lagrange's q̇ in the method's (q, u, t)
  std::vector<GiNaC::ex> outputs;
  for (const GiNaC::matrix* m : {&lagrange.mass_matrix, &lagrange.forcing, static_cast<const GiNaC::matrix*>(&G)})
    append_entries(outputs, *m, in_state);
  for (const auto& m : {sym::jacobian(f, eom.speeds), drift}) append_entries(outputs, m, in_state);
  const auto inputs = state_inputs(eom.coordinates, eom.speeds, system.parameter_values());
  tape_ = std::make_shared<const Tape>(inputs, outputs);
}

Eigen::VectorXd EliminatedConstraintForces::operator()(const double* inputs, const Eigen::VectorXd& udot) const {
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  std::vector<double> v(tape_->output_count());
  tape_->evaluate(inputs, v.data());
  const double* at = v.data();
  auto next = [&](Eigen::Index rows, Eigen::Index cols) {
    const Eigen::Map<const RowMajor> block(at, rows, cols);
    at += rows * cols;
    return RowMajor(block);
  };
  const RowMajor M = next(n_, n_), F = next(n_, 1), G = next(m_, n_), rates_by_speeds = next(n_, p_), drift = next(n_, 1);
  const Eigen::VectorXd qdd = rates_by_speeds * udot + drift.col(0);
  return least_norm_multipliers(G, M * qdd - F.col(0));
}

}  // namespace adyn::numeric
