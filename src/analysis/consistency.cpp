#include "adyn/analysis/consistency.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

#include "gauss_newton.hpp"

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

// Solves the constraint residuals for `unknowns` (the state's q or u) from `guess` by Gauss–Newton
// with minimal-norm steps; throws naming the constraints when no solution is reached.
Eigen::VectorXd solve_constraints(const model::System& system, const std::vector<std::string>& names,
                                  const GiNaC::matrix& residual, const std::vector<GiNaC::symbol>& unknowns,
                                  const SystemState& x, const Eigen::VectorXd& guess, double tol,
                                  const std::string& failure) {
  GiNaC::exmap fixed = values_at(system, x);
  for (const auto& s : unknowns) fixed.erase(s);
  const auto result = gauss_newton(residual, unknowns, fixed, guess, tol);
  if (result.converged) return result.z;
  Eigen::Index worst;
  result.residual.cwiseAbs().maxCoeff(&worst);
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  throw ModelError("constraints " + list, failure + " (constraint '" + names[static_cast<std::size_t>(worst)] +
                                              "' keeps a residual of " + std::to_string(result.residual(worst)) +
                                              "): they are inconsistent");
}

}  // namespace

HolonomicConstraints holonomic_constraints(const model::System& system) {
  HolonomicConstraints h;
  for (const auto& c : system.constraints())
    if (c.level == model::ConstraintLevel::Configuration) h.names.push_back(c.name), h.phi.push_back(c.expression);
  return h;
}

Eigen::VectorXd constraint_residuals(const model::System& system, const SystemState& x) {
  auto at = values_at(system, x);
  Eigen::VectorXd r(system.constraints().size());
  for (std::size_t k = 0; k < system.constraints().size(); ++k) {
    const auto& c = system.constraints()[k];
    r(k) = sym::evaluate(system.in_speeds(c.expression), at, "constraint '" + c.name + "'");
  }
  return r;
}

void check_rotations(const model::System& system, const SystemState& x, const std::string& where) {
  const auto at = values_at(system, x);
  for (const auto& frame : system.moving_frames())
    if (auto defect = frame.orientation().rotation_defect(at); !defect.empty())
      throw ModelError("frame '" + frame.name() + "'", defect.text(where));
}

void check_orientations(const model::System& system, const SystemState& x, const std::string& where) {
  check_rotations(system, x, where);
  const auto at = values_at(system, x);
  const auto& q = system.coordinates();
  for (const auto& frame : system.moving_frames()) {  // coordinates only: driven angles need no inverse map
    auto in_frame = [&](const GiNaC::symbol& qi) { return sym::matrix_has(frame.orientation().dcm(), qi); };
    if (std::any_of(q.begin(), q.end(), in_frame)) frame.orientation().check_regular(at, frame.name());
  }
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
  const auto h = holonomic_constraints(system);
  if (h.phi.empty()) return guess;
  SystemState x{t, guess, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(system.speeds().size()))};
  return solve_constraints(system, h.names, sym::column(h.phi), system.coordinates(), x, guess, tol,
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
  SystemState x{t, q, guess};
  return solve_constraints(system, names, sym::column(residuals), system.speeds(), x, guess, tol,
                           "no speeds at this configuration satisfy them");
}

}  // namespace adyn::analysis
