#include "acceleration_constraints.hpp"

#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::formulations {

AccelerationConstraints acceleration_constraints(const std::vector<model::Constraint>& constraints,
                                                 const std::vector<GiNaC::symbol>& q) {
  const auto qd = sym::derivatives_of(q);
  AccelerationConstraints out{GiNaC::matrix(constraints.size(), q.size()), GiNaC::matrix(constraints.size(), 1)};
  for (std::size_t k = 0; k < constraints.size(); ++k) {
    const auto& c = constraints[k];
    // The velocity-level form f = A q̇ + a_t (or f(q, q̇, t)); A q̈ + d/dt f|_{q̈=0} = 0.
    GiNaC::ex f = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    GiNaC::ex fdot_free = f.diff(sym::time());
    const GiNaC::exset symbols = sym::free_symbols(f);  // (a loop's row has a few of many q: 0 for the rest)
    for (std::size_t j = 0; j < q.size(); ++j) {
      if (symbols.count(qd[j])) out.A(k, j) = f.diff(qd[j]);
      if (symbols.count(q[j])) fdot_free += f.diff(q[j]) * qd[j];
    }
    out.b(k, 0) = -fdot_free;
  }
  return out;
}

}  // namespace adyn::formulations
