// Constraints at velocity level and consistent sample points (constraint_forms.hpp).
#include "constraint_forms.hpp"

#include <Eigen/Dense>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

#include "gauss_newton.hpp"

namespace adyn::analysis {

using GiNaC::ex;
using model::ConstraintLevel;

VelocityForm velocity_form(const model::Constraint& c, const std::vector<GiNaC::symbol>& q) {
  VelocityForm form;
  const std::size_t n = q.size();
  form.omega.resize(n + 1);
  if (c.level == ConstraintLevel::Configuration) {
    const GiNaC::exset symbols = sym::free_symbols(c.expression);  // (a loop's row has a few of many q)
    for (std::size_t j = 0; j < n; ++j) form.omega[j] = symbols.count(q[j]) ? c.expression.diff(q[j]) : ex(0);
    form.omega[n] = c.expression.diff(sym::time());
    form.velocity_expression = sym::time_derivative(c.expression);
    return form;
  }
  auto qd = sym::derivatives_of(q);
  GiNaC::exmap at_rest;
  for (const auto& r : qd) at_rest[r] = 0;
  for (std::size_t j = 0; j < n; ++j) {
    form.omega[j] = c.expression.diff(qd[j]);
    for (const auto& r : qd) form.linear = form.linear && !form.omega[j].has(r);
  }
  form.omega[n] = c.expression.subs(at_rest);
  form.velocity_expression = c.expression;
  return form;
}

double value_at(const ex& e, const GiNaC::exmap& at) { return sym::evaluate(e, at, "constraint classification"); }

int numeric_rank(const Eigen::MatrixXd& m, double tol) {
  if (m.rows() == 0 || m.cols() == 0) return 0;
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(m);
  qr.setThreshold(tol);
  return static_cast<int>(qr.rank());
}

bool onto_configuration_manifold(const model::System& system, GiNaC::exmap& point) {
  std::vector<ex> phi;
  for (const auto& c : system.constraints())
    if (c.level == ConstraintLevel::Configuration) phi.push_back(c.expression);
  if (phi.empty()) return true;
  const auto& q = system.coordinates();
  Eigen::VectorXd start(static_cast<Eigen::Index>(q.size()));
  for (std::size_t j = 0; j < q.size(); ++j) start(static_cast<Eigen::Index>(j)) = value_at(q[j], point);
  GiNaC::exmap fixed = point;
  for (const auto& coordinate : q) fixed.erase(coordinate);
  try {
    const auto solved = gauss_newton(sym::column(phi), q, fixed, start, 1e-12);
    if (!solved.converged) return false;
    for (std::size_t j = 0; j < q.size(); ++j) point[q[j]] = solved.z(static_cast<Eigen::Index>(j));
    return true;
  } catch (const Error&) {  // a residual that cannot be evaluated on the way: the point as sampled
    return false;
  }
}

}  // namespace adyn::analysis
