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

// Gauss–Newton with minimal-norm steps on residual(x) = 0 for the unknowns `unknown`
// (a reference into x: its q or its u). The complete orthogonal decomposition copes with rank
// loss (redundant constraints). Throws naming the constraints when no solution is reached.
Eigen::VectorXd gauss_newton(const model::System& system, const std::vector<std::string>& names,
                             const GiNaC::matrix& residual, const GiNaC::matrix& jacobian, SystemState& x,
                             Eigen::VectorXd& unknown, double tol, const std::string& failure) {
  Eigen::VectorXd r;
  for (int iter = 0; iter < 100; ++iter) {
    auto at = values_at(system, x);
    r = sym::evaluate(residual, at, "constraints");
    if (r.cwiseAbs().maxCoeff() <= tol) return unknown;
    Eigen::MatrixXd J = sym::evaluate(jacobian, at, "constraint Jacobian");
    Eigen::VectorXd step = J.completeOrthogonalDecomposition().solve(-r);
    if (!step.allFinite() || step.norm() < 1e-15) break;
    unknown += step;
  }
  Eigen::Index worst;
  r.cwiseAbs().maxCoeff(&worst);
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  throw ModelError("constraints " + list, failure + " (constraint '" + names[static_cast<std::size_t>(worst)] +
                                              "' keeps a residual of " + std::to_string(r(worst)) +
                                              "): they are inconsistent");
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
  if (h.phi.empty()) return guess;
  SystemState x{t, guess, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(system.speeds().size()))};
  return gauss_newton(
      system, h.names, sym::column(h.phi), h.jacobian, x, x.q, tol,
      "no configuration near the guess satisfies them");
}

Eigen::VectorXd consistent_speeds(const model::System& system, const Eigen::VectorXd& q, const Eigen::VectorXd& guess,
                                  double t, double tol) {
  std::vector<std::string> names;
  std::vector<ex> residuals;
  for (const auto& c : system.constraints()) {
    ex f = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    names.push_back(c.name);
    residuals.push_back(system.in_speeds(f));
  }
  if (residuals.empty()) return guess;
  GiNaC::matrix r = sym::column(residuals);
  SystemState x{t, q, guess};
  return gauss_newton(system, names, r, sym::jacobian(r, system.speeds()), x, x.u, tol,
                      "no speeds at this configuration satisfy them");
}

}  // namespace adyn::analysis
