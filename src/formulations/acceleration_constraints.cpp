#include "acceleration_constraints.hpp"

#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::formulations {

AccelerationConstraints acceleration_constraints(const std::vector<model::Constraint>& constraints,
                                                 const std::vector<GiNaC::symbol>& q) {
  const auto qd = sym::derivatives_of(q);
  // The velocity-level forms f = A q̇ + a_t (or f(q, q̇, t)); A q̈ + d/dt f|_{q̈=0} = 0. Each
  // variable's derivative by the chain rule, over the rows that hold it (a loop's row holds a few
  // of many q), their shared terms once (a mechanism's rows share its bodies' rotations).
  const auto rows = constraints.size();
  std::vector<GiNaC::ex> f(rows);
  std::vector<GiNaC::exset> symbols(rows);
  for (std::size_t k = 0; k < rows; ++k) {
    const auto& c = constraints[k];
    f[k] = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    symbols[k] = sym::free_symbols(f[k]);
  }
  AccelerationConstraints out{GiNaC::matrix(rows, q.size()), GiNaC::matrix(rows, 1)};
  std::vector<GiNaC::exvector> fdot_free(rows);
  sym::PartialDerivative by_t(sym::time());
  for (std::size_t k = 0; k < rows; ++k) fdot_free[k].push_back(by_t(f[k]));
  for (std::size_t j = 0; j < q.size(); ++j) {
    sym::PartialDerivative by_rate(qd[j]), by_coordinate(q[j]);
    for (std::size_t k = 0; k < rows; ++k) {
      if (symbols[k].count(qd[j])) out.A(k, j) = by_rate(f[k]);
      if (symbols[k].count(q[j])) fdot_free[k].push_back(by_coordinate(f[k]) * qd[j]);
    }
  }
  for (std::size_t k = 0; k < rows; ++k) out.b(k, 0) = -GiNaC::ex(GiNaC::dynallocate<GiNaC::add>(fdot_free[k]));
  return out;
}

}  // namespace adyn::formulations
