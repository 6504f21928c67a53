#include "adyn/analysis/equilibrium.hpp"

#include <algorithm>

#include "adyn/analysis/consistency.hpp"
#include "adyn/analysis/gauss_newton.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::analysis {

using GiNaC::ex;
using formulations::EquationsOfMotion;

namespace {

bool contains(const std::vector<GiNaC::symbol>& v, const GiNaC::symbol& s) {
  return std::any_of(v.begin(), v.end(), [&](const auto& x) { return x.is_equal(s); });
}

// The equilibrium conditions: F + Gᵀλ = 0 and g = 0 at u̇ = 0 (M regular), φ = 0, and q̇_k = 0 for
// the coordinates the equations contain.
GiNaC::matrix equilibrium_residual(const model::System& system, const EquationsOfMotion& eom) {
  std::vector<ex> rows;
  const auto udot = sym::derivatives_of(eom.speeds);
  GiNaC::exmap at_rest;
  for (const auto& a : udot) at_rest[a] = 0;
  for (std::size_t i = 0; i < eom.p(); ++i) {
    ex row = eom.forcing(i, 0);
    for (std::size_t k = 0; k < eom.m(); ++k) row += eom.constraint_matrix(k, i) * eom.multipliers[k];
    rows.push_back(row.subs(at_rest));
  }
  for (std::size_t k = 0; k < eom.constraint_rhs.rows(); ++k) rows.push_back(eom.constraint_rhs(k, 0).subs(at_rest));
  for (const auto& phi : holonomic_constraints(system).phi) rows.push_back(phi);
  const auto ignorable = ignorable_coordinates(eom);
  for (std::size_t j = 0; j < eom.n(); ++j)
    if (!contains(ignorable, eom.coordinates[j])) rows.push_back(eom.coordinate_rates(j, 0));
  return sym::column(rows);
}

std::vector<GiNaC::symbol> default_unknowns(const EquationsOfMotion& eom) {
  std::vector<GiNaC::symbol> unknowns;
  const auto ignorable = ignorable_coordinates(eom);
  for (const auto& q : eom.coordinates)
    if (!contains(ignorable, q)) unknowns.push_back(q);
  return unknowns;
}

void write_back(const EquationsOfMotion& eom, const std::vector<GiNaC::symbol>& unknowns, const Eigen::VectorXd& z,
                Equilibrium& out) {
  for (std::size_t k = 0; k < unknowns.size(); ++k) {
    const double v = z(static_cast<Eigen::Index>(k));
    for (std::size_t j = 0; j < eom.n(); ++j)
      if (eom.coordinates[j].is_equal(unknowns[k])) out.state.q(static_cast<Eigen::Index>(j)) = v;
    for (std::size_t j = 0; j < eom.p(); ++j)
      if (eom.speeds[j].is_equal(unknowns[k])) out.state.u(static_cast<Eigen::Index>(j)) = v;
    for (std::size_t j = 0; j < eom.m(); ++j)
      if (eom.multipliers[j].is_equal(unknowns[k])) out.multipliers(static_cast<Eigen::Index>(j)) = v;
  }
}

}  // namespace

std::vector<GiNaC::symbol> ignorable_coordinates(const EquationsOfMotion& eom) {
  std::vector<bool> needed(eom.n(), false);
  auto used_in = [&](const GiNaC::matrix& m, std::size_t j) { return m.rows() && sym::matrix_has(m, eom.coordinates[j]); };
  for (std::size_t j = 0; j < eom.n(); ++j)
    needed[j] = used_in(eom.mass_matrix, j) || used_in(eom.forcing, j) || used_in(eom.constraint_matrix, j) ||
                used_in(eom.constraint_rhs, j) || used_in(eom.nonideal_force, j);
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < eom.n(); ++i)
      for (std::size_t j = 0; j < eom.n(); ++j)
        if (needed[i] && !needed[j] && eom.coordinate_rates(i, 0).has(eom.coordinates[j])) needed[j] = grew = true;
  }
  std::vector<GiNaC::symbol> out;
  for (std::size_t j = 0; j < eom.n(); ++j)
    if (!needed[j]) out.push_back(eom.coordinates[j]);
  return out;
}

Equilibrium find_equilibrium(const model::System& system, const EquationsOfMotion& eom,
                             const formulations::State& guess, const GiNaC::exmap& parameters,
                             const EquilibriumOptions& options) {
  if (eom.enforcement == formulations::ConstraintEnforcement::MoorePenrose)
    throw ModelError(eom.method + " equations", "equilibria are sought in multiplier form: derive by lagrange or kane");
  auto unknowns = options.unknowns.empty() ? default_unknowns(eom) : options.unknowns;
  for (const auto& s : unknowns)
    if (!contains(eom.coordinates, s) && !contains(eom.speeds, s))
      throw ModelError("equilibrium unknown '" + s.get_name() + "'", "not a coordinate or speed of the " + eom.method + " equations");
  unknowns.insert(unknowns.end(), eom.multipliers.begin(), eom.multipliers.end());
  GiNaC::exmap fixed = formulations::state_values(eom, guess, parameters);
  Eigen::VectorXd z0(static_cast<Eigen::Index>(unknowns.size()));
  for (std::size_t k = 0; k < unknowns.size(); ++k) {
    auto it = fixed.find(unknowns[k]);
    z0(static_cast<Eigen::Index>(k)) = it == fixed.end() ? 0 : GiNaC::ex_to<GiNaC::numeric>(it->second).to_double();
    fixed.erase(unknowns[k]);
  }
  const auto result = gauss_newton(equilibrium_residual(system, eom), unknowns, fixed, z0, options.tol, options.max_iterations);
  Equilibrium out{guess, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(eom.m())),
                  result.residual.size() ? result.residual.cwiseAbs().maxCoeff() : 0.0, result.iterations};
  if (!result.converged)
    throw ModelError("system '" + system.name() + "'", "no equilibrium found from the guess (largest residual " +
                                                          std::to_string(out.residual) + " after " +
                                                          std::to_string(result.iterations) + " iterations)");
  write_back(eom, unknowns, result.z, out);
  return out;
}

std::vector<Equilibrium> find_equilibria(const model::System& system, const EquationsOfMotion& eom,
                                         const std::vector<formulations::State>& guesses,
                                         const GiNaC::exmap& parameters, const EquilibriumOptions& options) {
  std::vector<Equilibrium> found;
  std::string last_failure = "no guess given";
  for (const auto& guess : guesses) {
    try {
      auto e = find_equilibrium(system, eom, guess, parameters, options);
      auto same = [&](const Equilibrium& f) {
        return (f.state.q - e.state.q).norm() + (f.state.u - e.state.u).norm() < 1e-6 * (1 + e.state.q.norm());
      };
      if (std::none_of(found.begin(), found.end(), same)) found.push_back(e);
    } catch (const ModelError& e) {
      last_failure = e.what();
    }
  }
  if (found.empty())
    throw ModelError("system '" + system.name() + "'", "no equilibrium found from any of " +
                                                          std::to_string(guesses.size()) + " guesses (last: " +
                                                          last_failure + ")");
  return found;
}

ex effective_potential(const model::System& system) {
  const auto form = formulations::lagrangian_form(system);
  return form.potential_energy - formulations::split_kinetic_energy(form.kinetic_energy, form.coordinates).T0;
}

}  // namespace adyn::analysis
