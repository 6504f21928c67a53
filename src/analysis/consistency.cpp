#include "adyn/analysis/consistency.hpp"

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::analysis {
namespace {

using GiNaC::ex;

GiNaC::exmap values_at(const model::System& system, const SystemState& x) {
  const auto& q = system.coordinates();
  auto u = system.speeds();
  if (static_cast<std::size_t>(x.q.size()) != q.size() || static_cast<std::size_t>(x.u.size()) != u.size())
    throw Error("state of system '" + system.name() + "': expected " + std::to_string(q.size()) + " coordinates and " +
                std::to_string(u.size()) + " speeds");
  GiNaC::exmap at = system.parameter_values();
  at[sym::time()] = x.t;
  for (std::size_t i = 0; i < q.size(); ++i) at[q[i]] = x.q(i);
  for (std::size_t i = 0; i < u.size(); ++i) at[u[i]] = x.u(i);
  return at;
}

// Holonomic constraints and their Jacobian rows ∂φ/∂q.
struct Holonomic {
  std::vector<std::string> names;
  std::vector<ex> phi;
  GiNaC::matrix jacobian;
};

Holonomic holonomic_constraints(const model::System& system) {
  Holonomic h;
  for (const auto& c : system.constraints())
    if (c.level == model::ConstraintLevel::Configuration) h.names.push_back(c.name), h.phi.push_back(c.expression);
  h.jacobian = sym::jacobian(sym::column(h.phi), system.coordinates());
  return h;
}

}  // namespace

Eigen::VectorXd constraint_residuals(const model::System& system, const SystemState& x) {
  auto at = values_at(system, x);
  Eigen::VectorXd r(system.constraints().size());
  for (std::size_t k = 0; k < system.constraints().size(); ++k) {
    const auto& c = system.constraints()[k];
    r(k) = sym::evaluate(system.in_speeds(c.expression), at, "constraint '" + c.name + "'");
  }
  return r;
}

void check_state(const model::System& system, const SystemState& x, double tol) {
  auto at = values_at(system, x);
  for (const auto& c : system.constraints()) {
    const std::string object = "constraint '" + c.name + "'";
    double r = sym::evaluate(system.in_speeds(c.expression), at, object);
    if (std::abs(r) > tol)
      throw ModelError(object, "violated by the state (residual " + std::to_string(r) + ")");
    if (c.level != model::ConstraintLevel::Configuration) continue;
    double rd = sym::evaluate(system.in_speeds(sym::time_derivative(c.expression)), at, object);
    if (std::abs(rd) > tol)
      throw ModelError(object, "its velocity form is violated by the state's speeds (residual " +
                                   std::to_string(rd) + ")");
  }
}

Eigen::VectorXd consistent_configuration(const model::System& system, const Eigen::VectorXd& guess, double t,
                                         double tol) {
  Holonomic h = holonomic_constraints(system);
  Eigen::VectorXd q = guess;
  if (h.phi.empty()) return q;
  SystemState x{t, q, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(system.speeds().size()))};
  Eigen::VectorXd r;
  for (int iter = 0; iter < 100; ++iter) {
    x.q = q;
    auto at = values_at(system, x);
    r = sym::evaluate(sym::column(h.phi), at, "holonomic constraints");
    if (r.cwiseAbs().maxCoeff() <= tol) return q;
    Eigen::MatrixXd J = sym::evaluate(h.jacobian, at, "holonomic constraint Jacobian");
    // Minimal-norm Gauss–Newton step (complete orthogonal decomposition copes with rank loss).
    Eigen::VectorXd step = J.completeOrthogonalDecomposition().solve(-r);
    if (!step.allFinite() || step.norm() < 1e-15) break;
    q += step;
  }
  Eigen::Index worst;
  r.cwiseAbs().maxCoeff(&worst);
  std::string names;
  for (const auto& n : h.names) names += (names.empty() ? "'" : ", '") + n + "'";
  throw ModelError("constraints " + names, "no configuration near the guess satisfies them (constraint '" +
                                               h.names[worst] + "' keeps a residual of " +
                                               std::to_string(r(worst)) + "): they are inconsistent");
}

}  // namespace adyn::analysis
