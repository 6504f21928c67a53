#include "adyn/formulations/hamilton.hpp"

#include <string>

#include "adyn/error.hpp"
#include "adyn/formulations/acceleration_constraints.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;
using GiNaC::symbol;

// "coordinates (x, y)" for messages about a bare LagrangianForm.
std::string coordinate_list(const std::vector<symbol>& q) {
  std::string out = "coordinates (";
  for (std::size_t i = 0; i < q.size(); ++i) {
    if (i) out += ", ";
    out += q[i].get_name();
  }
  out += ")";
  return out;
}

// The Legendre transform and the inverse mass matrix M⁻¹ = ∂f/∂p = ∂²H/∂p², which the canonical
// equations reuse. `object` names what a SingularityError or ModelError is about.
struct Legendre {
  HamiltonianForm form;
  matrix inverse_mass;
};

Legendre legendre(const LagrangianForm& lf, const std::string& object) {
  const auto& q = lf.coordinates;
  const auto n = q.size();
  const auto qd = sym::derivatives_of(q);
  const ex L = lf.kinetic_energy - lf.potential_energy;
  const matrix p_of_qd = generalized_momenta(lf);  // p = ∂L/∂q̇ = M q̇ + b
  GiNaC::exmap at_rest;
  for (const auto& r : qd) at_rest[r] = 0;

  // The canonical form of T (Géradin (1.30)–(1.33), seed-004 A5): M = ∂²T/∂q̇² (T2 = ½ q̇ᵀ M q̇)
  // must not depend on q̇, b = ∂T/∂q̇|_{q̇=0} (T1 = bᵀ q̇); T0 = T|_{q̇=0} only enters H.
  matrix M(n, n), b(n, 1);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      M(i, j) = p_of_qd(i, 0).diff(qd[j]);
      for (const auto& r : qd)
        if (sym::depends_on(M(i, j), r))
          throw ModelError(object, "Hamilton's equations need a kinetic energy quadratic in the velocities "
                                   "(T = ½ q̇ᵀ M q̇ + bᵀ q̇ + T0), but ∂²T/∂q̇² depends on " +
                                       r.get_name());
    }
    b(i, 0) = p_of_qd(i, 0).subs(at_rest);
  }
  if (n > 0) {
    const ex det = M.determinant().normal();
    if (det.is_zero() || sym::is_zero_trig(det))
      throw SingularityError(object, "the mass matrix ∂²T/∂q̇² is singular (its determinant simplifies to 0), so "
                                     "p = ∂L/∂q̇ cannot be solved for q̇ and there is no Hamiltonian");
  }
  matrix Minv = n > 0 ? M.inverse() : matrix(0, 0);
  Minv = sym::map_entries(Minv, [](const ex& e) { return e.normal(); });

  Legendre out;
  out.inverse_mass = Minv;
  auto& hf = out.form;
  hf.coordinates = q;
  for (const auto& c : q) {
    std::string name = "p_";
    name += c.get_name();
    std::string tex = "p_{";
    tex += c.get_TeX_name();
    tex += "}";
    hf.momenta.push_back(sym::dynamic_symbol(name, tex));
  }
  // q̇ = f(q, p, t) = M⁻¹ (p − b).
  hf.velocities = matrix(n, 1);
  GiNaC::exmap velocity_of;
  for (std::size_t i = 0; i < n; ++i) {
    ex f = 0;
    for (std::size_t j = 0; j < n; ++j) f += Minv(i, j) * (hf.momenta[j] - b(j, 0));
    hf.velocities(i, 0) = f.normal();
    velocity_of[qd[i]] = hf.velocities(i, 0);
  }
  // The Legendre transform H = pᵀ q̇ − L at q̇ = f(q, p, t).
  ex H = -L.subs(velocity_of);
  for (std::size_t i = 0; i < n; ++i) H += hf.momenta[i] * hf.velocities(i, 0);
  hf.hamiltonian = H.normal();
  return out;
}

GiNaC::exmap velocity_substitution(const HamiltonianForm& hf) {
  const auto qd = sym::derivatives_of(hf.coordinates);
  GiNaC::exmap at;
  for (std::size_t i = 0; i < qd.size(); ++i) at[qd[i]] = hf.velocities(i, 0);
  return at;
}

matrix normal_entries(const matrix& m) {
  return sym::map_entries(m, [](const ex& e) { return e.normal(); });
}

}  // namespace

matrix generalized_momenta(const LagrangianForm& form) {
  const auto qd = sym::derivatives_of(form.coordinates);
  const ex L = form.kinetic_energy - form.potential_energy;
  matrix p(qd.size(), 1);
  for (std::size_t i = 0; i < qd.size(); ++i) p(i, 0) = L.diff(qd[i]);
  return p;
}

HamiltonianForm hamiltonian_form(const LagrangianForm& form) {
  return legendre(form, coordinate_list(form.coordinates)).form;
}

EquationsOfMotion hamilton(const model::System& system) {
  const LagrangianForm lf = lagrangian_form(system);
  const std::string object = "system '" + system.name() + "'";
  const Legendre lt = legendre(lf, object);
  const HamiltonianForm& hf = lt.form;
  const auto& q = hf.coordinates;
  const auto& p = hf.momenta;
  const auto n = q.size();
  const auto qd = sym::derivatives_of(q);
  if (!lf.generalized_forces.empty() && lf.generalized_forces.size() != n)
    throw Error("hamilton: need one generalized force per coordinate");
  const GiNaC::exmap at = velocity_substitution(hf);  // q̇ -> f(q, p, t)

  EquationsOfMotion eom;
  eom.method = "Hamilton";
  eom.coordinates = q;
  eom.speeds = p;
  eom.speed_definitions = generalized_momenta(lf);  // q̇ = ∂H/∂p (equal to f = M⁻¹ (p − b)).
  eom.coordinate_rates = matrix(n, 1);
  for (std::size_t i = 0; i < n; ++i) eom.coordinate_rates(i, 0) = hf.hamiltonian.diff(p[i]).normal();
  // ṗ = −∂H/∂q + Q − ∂D/∂q̇, the nonconservative terms at q̇ = f(q, p, t).
  matrix F(n, 1);
  for (std::size_t i = 0; i < n; ++i) {
    ex Fi = -hf.hamiltonian.diff(q[i]) - lf.dissipation.diff(qd[i]).subs(at);
    if (!lf.generalized_forces.empty()) Fi += lf.generalized_forces[i].subs(at);
    F(i, 0) = Fi.normal();
  }

  const auto& constraints = system.constraints();
  if (constraints.empty()) {
    eom.mass_matrix = matrix(n, n);
    for (std::size_t i = 0; i < n; ++i) eom.mass_matrix(i, i) = 1;
    eom.forcing = F;
    return eom;
  }

  // A q̈ = b with q̇ = f; q̈ = (∂f/∂p) ṗ + (∂f/∂q) f + ∂f/∂t gives G ṗ = g.
  const auto rows = acceleration_constraints(constraints, q);
  const auto subs_velocities = [&](const ex& e) { return e.subs(at); };
  const matrix A = sym::map_entries(rows.A, subs_velocities);
  const matrix b = sym::map_entries(rows.b, subs_velocities);
  const matrix& Minv = lt.inverse_mass;  // ∂f/∂p
  matrix drift = sym::jacobian(hf.velocities, q).mul(hf.velocities);  // (∂f/∂q) f + ∂f/∂t
  for (std::size_t i = 0; i < n; ++i) drift(i, 0) += hf.velocities(i, 0).diff(sym::time());
  eom.constraint_matrix = normal_entries(A.mul(Minv));
  eom.constraint_rhs = normal_entries(b.sub(A.mul(drift)));
  // ṗ = F + Aᵀλ premultiplied by M⁻¹ (symmetric): M⁻¹ ṗ = M⁻¹ F + (A M⁻¹)ᵀ λ, so that the rows G
  // of the KKT system carry the physical constraint force Aᵀλ (Lagrange's multipliers).
  eom.mass_matrix = Minv;
  eom.forcing = normal_entries(Minv.mul(F));
  for (std::size_t k = 0; k < constraints.size(); ++k) {
    const std::string index = std::to_string(k + 1);
    std::string name = "lambda", tex = "\\lambda_{";
    name += index;
    tex += index;
    tex += "}";
    eom.multipliers.push_back(symbol(name, tex));
    eom.multiplier_names.push_back(constraints[k].name);
    eom.constraint_names.push_back(constraints[k].name);
  }
  return eom;
}

}  // namespace adyn::formulations
