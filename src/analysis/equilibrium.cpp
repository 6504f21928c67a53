#include "adyn/analysis/equilibrium.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "adyn/analysis/consistency.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"

#include "gauss_newton.hpp"

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

// The coordinates the equations contain and the speeds that set their rates (which must vanish);
// the cyclic speeds — a disk's spin, an orbit's rate — stay at the guess.
std::vector<GiNaC::symbol> default_unknowns(const EquationsOfMotion& eom) {
  std::vector<GiNaC::symbol> unknowns;
  const auto ignorable = ignorable_coordinates(eom);
  for (std::size_t j = 0; j < eom.n(); ++j)
    if (!contains(ignorable, eom.coordinates[j])) unknowns.push_back(eom.coordinates[j]);
  for (const auto& u : eom.speeds)
    for (std::size_t j = 0; j < eom.n(); ++j)
      if (!contains(ignorable, eom.coordinates[j]) && eom.coordinate_rates(j, 0).has(u) && !contains(unknowns, u))
        unknowns.push_back(u);
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

std::vector<ex> entries_of(std::initializer_list<const GiNaC::matrix*> matrices) {
  std::vector<ex> out;
  for (const auto* m : matrices)
    for (std::size_t i = 0; i < m->rows(); ++i)
      for (std::size_t j = 0; j < m->cols(); ++j) out.push_back((*m)(i, j));
  return out;
}

// Two points with every symbol of `entries` at a random value in [0.3, 1.3] (the same every run).
std::vector<GiNaC::exmap> random_points(const std::vector<ex>& entries) {
  GiNaC::exset symbols;
  for (const auto& e : entries)
    for (const auto& s : sym::free_symbols(e)) symbols.insert(s);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(0.3, 1.3);
  std::vector<GiNaC::exmap> points(2);
  for (auto& point : points)
    for (const auto& s : symbols) point[s] = value(rng);
  return points;
}

double value_at(const ex& e, const GiNaC::exmap& point) {
  const ex v = e.subs(point, GiNaC::subs_options::no_pattern).evalf();
  return GiNaC::is_a<GiNaC::numeric>(v) ? GiNaC::ex_to<GiNaC::numeric>(v).to_double() : std::nan("");
}

// Whether some entry depends on q: contains it and has a derivative that is not zero at the points
// (an entry may contain q in a form that cancels: products of body-frame components, sin²q + cos²q).
bool depends_on(const std::vector<ex>& entries, const GiNaC::symbol& q, const std::vector<GiNaC::exmap>& points) {
  return std::any_of(entries.begin(), entries.end(), [&](const ex& e) {
    if (!e.has(q)) return false;
    const ex derivative = e.diff(q);
    return std::any_of(points.begin(), points.end(), [&](const auto& point) {
      const double d = value_at(derivative, point);
      return !(std::abs(d) <= 1e-10 * (1 + std::abs(value_at(e, point))));
    });
  });
}

// Whether each entry takes the same value at `point` and at `point` with q shifted by 2π.
bool periodic_at(const std::vector<ex>& entries, GiNaC::exmap point, const GiNaC::symbol& q) {
  std::vector<double> before;
  for (const auto& e : entries) before.push_back(value_at(e, point));
  point[q] = point[q] + 2 * GiNaC::Pi.evalf();
  for (std::size_t k = 0; k < entries.size(); ++k)
    if (!(std::abs(value_at(entries[k], point) - before[k]) <= 1e-9 * (1 + std::abs(before[k])))) return false;
  return true;
}

}  // namespace

std::vector<GiNaC::symbol> angle_coordinates(const model::System& system, const EquationsOfMotion& eom) {
  auto entries = entries_of({&eom.mass_matrix, &eom.forcing, &eom.constraint_matrix, &eom.constraint_rhs,
                             &eom.nonideal_force, &eom.coordinate_rates});
  for (const auto& phi : holonomic_constraints(system).phi) entries.push_back(phi);
  const auto points = random_points(entries);
  const auto ignorable = ignorable_coordinates(eom);
  std::vector<GiNaC::symbol> out;
  for (const auto& q : eom.coordinates)
    if (!contains(ignorable, q) &&
        std::all_of(points.begin(), points.end(), [&](const auto& point) { return periodic_at(entries, point, q); }))
      out.push_back(q);
  return out;
}

std::vector<GiNaC::symbol> ignorable_coordinates(const EquationsOfMotion& eom) {
  const auto equations = entries_of({&eom.mass_matrix, &eom.forcing, &eom.constraint_matrix, &eom.constraint_rhs,
                                     &eom.nonideal_force});
  const auto points = random_points(entries_of({&eom.mass_matrix, &eom.forcing, &eom.constraint_matrix,
                                                &eom.constraint_rhs, &eom.nonideal_force, &eom.coordinate_rates}));
  std::vector<bool> needed(eom.n(), false);
  for (std::size_t j = 0; j < eom.n(); ++j) needed[j] = depends_on(equations, eom.coordinates[j], points);
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < eom.n(); ++i)
      for (std::size_t j = 0; j < eom.n(); ++j)
        if (needed[i] && !needed[j] && depends_on({eom.coordinate_rates(i, 0)}, eom.coordinates[j], points))
          needed[j] = grew = true;
  }
  std::vector<GiNaC::symbol> out;
  for (std::size_t j = 0; j < eom.n(); ++j)
    if (!needed[j]) out.push_back(eom.coordinates[j]);
  return out;
}

Equilibrium find_equilibrium(const model::System& system, const EquationsOfMotion& eom,
                             const formulations::State& guess, const GiNaC::exmap& parameters,
                             const EquilibriumOptions& options) {
  if (eom.enforcement != formulations::ConstraintEnforcement::Multipliers)
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
  const auto angles = angle_coordinates(system, eom);
  for (const auto& guess : guesses) {
    try {
      auto e = find_equilibrium(system, eom, guess, parameters, options);
      for (std::size_t j = 0; j < eom.n(); ++j)
        if (contains(angles, eom.coordinates[j])) {
          auto& q = e.state.q(static_cast<Eigen::Index>(j));
          q = std::remainder(q, 2 * M_PI);
        }
      auto same = [&](const Equilibrium& f) {
        Eigen::VectorXd dq = f.state.q - e.state.q;
        for (std::size_t j = 0; j < eom.n(); ++j)
          if (contains(angles, eom.coordinates[j])) dq(static_cast<Eigen::Index>(j)) = std::remainder(dq(static_cast<Eigen::Index>(j)), 2 * M_PI);
        return dq.norm() + (f.state.u - e.state.u).norm() < 1e-6 * (1 + e.state.q.norm());
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
