#include "adyn/formulations/hamilton.hpp"

#include <Eigen/Dense>

#include <random>
#include <string>

#include "adyn/error.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/linear_split.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

#include "acceleration_constraints.hpp"

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
  matrix mass;              // M = ∂²T/∂q̇²
  matrix momenta_of_rates;  // p = ∂L/∂q̇ = M q̇ + b, in q, q̇ and t
  bool small = true;        // simplified (see is_small)
};

// Whether the mass matrix is small enough for the symbolic inverse, normal() and the exact
// singularity test (the textbook forms); larger ones stay graphs (Cramer's rule, nothing expanded).
bool is_small(const matrix& M) { return sym::expansion_is_small(sym::entries(M), sym::simplification_limit); }

// e normalized when the mass matrix is small, unless e itself would swell (expanded_terms) or its
// normal form is larger than e (a spring's ∂V/∂q, (|r| − ℓ0)/|r| ∂|r|²/∂q, expands to ten times its size).
ex tidy(const ex& e, bool small) {
  if (!small || !sym::expansion_is_small(e, sym::simplification_limit)) return e;
  ex normal = sym::canonical_normal(e);
  return sym::expression_size(normal) <= sym::expression_size(e) ? normal : e;
}

// M⁻¹: GiNaC's inverse, normalized, when small; Cramer's rule over the graph otherwise.
matrix inverse(const matrix& M, bool small) {
  if (!small) return sym::solve_linear(M, GiNaC::ex_to<matrix>(GiNaC::unit_matrix(M.rows())), 0);
  return sym::map_entries(M.inverse(), sym::canonical_normal);
}

// M at random states (coordinates and parameters in [0.3, 1.3], the scale of a model's values):
// singular at all of them, it is singular everywhere up to rounding (the only test of a mass
// matrix too large for the exact one, and the first of a small one: see is_singular).
bool singular_at_random_states(const matrix& M) {
  std::mt19937 rng(20261124);
  std::uniform_real_distribution<double> value(0.3, 1.3);
  GiNaC::exset symbols;
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j)
      for (const auto& s : sym::free_symbols(M(i, j))) symbols.insert(s);
  for (int trial = 0; trial < 3; ++trial) {
    GiNaC::exmap at;
    for (const auto& s : symbols) at[s] = value(rng);
    Eigen::MatrixXd Mn(M.rows(), M.cols());
    for (unsigned i = 0; i < M.rows(); ++i)
      for (unsigned j = 0; j < M.cols(); ++j) Mn(i, j) = sym::evaluate(M(i, j), at);
    Eigen::FullPivLU<Eigen::MatrixXd> lu(Mn);
    lu.setThreshold(1e-10);
    if (lu.isInvertible()) return false;
  }
  return true;
}

// Regular at one random state, M is regular wherever its determinant does not vanish, which is
// almost everywhere; a matrix singular at all of them gets the exact test when small (det M
// simplifies to 0). The exact test alone took 3.9 s of Andrews' squeezer's (IFToMM A03) 7 × 7.
bool is_singular(const matrix& M, bool small) {
  if (!singular_at_random_states(M)) return false;
  if (!small) return true;
  const ex det = M.determinant().normal();
  return det.is_zero() || sym::is_zero_trig(det);
}

Legendre legendre(const LagrangianForm& lf, const std::string& object) {
  const auto& q = lf.coordinates;
  const auto n = q.size();
  const auto qd = sym::derivatives_of(q);
  const matrix p_of_qd = generalized_momenta(lf);  // p = ∂L/∂q̇ = M q̇ + b

  // The canonical form of T (Géradin (1.30)–(1.33), seed-004 A5): M = ∂²T/∂q̇² (T2 = ½ q̇ᵀ M q̇)
  // must not depend on q̇, b = ∂T/∂q̇|_{q̇=0} (T1 = bᵀ q̇); T0 = T|_{q̇=0} only enters H. One linear
  // split of each p_i in q̇ gives the row M_i· and b_i.
  matrix M(n, n), b(n, 1);
  sym::LinearSplitter in_rates(qd);
  for (std::size_t i = 0; i < n; ++i) {
    const auto row = in_rates.split(p_of_qd(i, 0));
    for (std::size_t j = 0; j < n; ++j) {
      M(i, j) = row.coefficients[j];
      for (const auto& r : qd)
        if (sym::contains(M(i, j), r))
          throw NotApplicableError(object, "Hamilton's equations need a kinetic energy quadratic in the velocities "
                                   "(T = ½ q̇ᵀ M q̇ + bᵀ q̇ + T0), but ∂²T/∂q̇² depends on " +
                                       r.get_name());
    }
    b(i, 0) = row.rest;
  }
  const bool small = is_small(M);
  if (n > 0) {
    if (is_singular(M, small))
      throw NotApplicableError(object, "the mass matrix ∂²T/∂q̇² is singular (its determinant " +
                                         std::string(small ? "simplifies to 0" : "vanishes at random states") +
                                         "), so p = ∂L/∂q̇ cannot be solved for q̇ and there is no Hamiltonian");
  }
  Legendre out;
  out.mass = M;
  out.small = small;
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
  // q̇ = f(q, p, t) = M⁻¹ (p − b): by the simplified inverse when small, else by Cramer's rule.
  matrix p_minus_b(n, 1);
  for (std::size_t i = 0; i < n; ++i) p_minus_b(i, 0) = hf.momenta[i] - b(i, 0);
  hf.velocities = n == 0 ? matrix(0, 1)
                  : small ? sym::map_entries(inverse(M, true).mul(p_minus_b), sym::canonical_normal)
                          : sym::solve_linear(M, p_minus_b, 0);
  // The Legendre transform H = pᵀ f − L(q, f, t) = ½ (p − b)ᵀ f − T0 + V (T = ½ q̇ᵀ M q̇ + bᵀ q̇ + T0
  // at q̇ = f, p − b = M f), its kinetic part and V simplified apart: normal() of the whole put V's
  // square roots (springs) over the denominators of M⁻¹ and swelled.
  GiNaC::exmap at_rest;
  for (const auto& r : qd) at_rest[r] = 0;
  ex H = tidy(lf.potential_energy - sym::substitute(lf.kinetic_energy, at_rest), small);  // V − T0
  for (std::size_t i = 0; i < n; ++i)
    H += sym::times(GiNaC::numeric(1, 2), tidy(p_minus_b(i, 0), small), hf.velocities(i, 0));
  hf.hamiltonian = H;
  out.momenta_of_rates = p_of_qd;
  return out;
}

GiNaC::exmap velocity_substitution(const HamiltonianForm& hf) {
  const auto qd = sym::derivatives_of(hf.coordinates);
  GiNaC::exmap at;
  for (std::size_t i = 0; i < qd.size(); ++i) at[qd[i]] = hf.velocities(i, 0);
  return at;
}


}  // namespace

matrix generalized_momenta(const LagrangianForm& form) {
  const auto qd = sym::derivatives_of(form.coordinates);
  const ex L = form.kinetic_energy - form.potential_energy;
  matrix p(qd.size(), 1);
  for (std::size_t i = 0; i < qd.size(); ++i) p(i, 0) = sym::partial_derivative(L, qd[i]);
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
  const auto n = q.size();
  const auto qd = sym::derivatives_of(q);
  if (!lf.generalized_forces.empty() && lf.generalized_forces.size() != n)
    throw Error("hamilton: need one generalized force per coordinate");
  const GiNaC::exmap at = velocity_substitution(hf);  // q̇ -> f(q, p, t)

  EquationsOfMotion eom;
  eom.method = "Hamilton";
  eom.coordinates = q;
  eom.speeds = hf.momenta;
  eom.speed_definitions = lt.momenta_of_rates;  // p(q, q̇, t), for state_for
  eom.hamiltonian = hf.hamiltonian;
  eom.coordinate_rates = hf.velocities;  // q̇ = ∂H/∂p = f(q, p, t), as solved
  // ṗ = −∂H/∂q + Q − ∂D/∂q̇ at q̇ = f, with −∂H/∂q|_p = ∂L/∂q|_q̇ = ∂T/∂q − ∂V/∂q at q̇ = f (the terms
  // of ∂f/∂q cancel, ∂L/∂q̇ = p): each part simplified on its own, never the sum (normal() of the
  // sum puts the springs' square roots over the denominators of f). Derivatives through the graph
  // (sym::ChainRule); normal() only for small systems.
  const bool small = lt.small;
  sym::Substitution at_rates(at);  // q̇ -> f(q, p, t)
  const auto tidy_at_rates = [&](const ex& e) { return at_rates(tidy(e, small)); };
  matrix F(n, 1);
  for (std::size_t i = 0; i < n; ++i) {
    ex Fi = tidy(at_rates(sym::partial_derivative(lf.kinetic_energy, q[i])), small) -
            tidy(sym::partial_derivative(lf.potential_energy, q[i]), small) -
            tidy_at_rates(sym::partial_derivative(lf.dissipation, qd[i]));
    if (!lf.generalized_forces.empty()) Fi += tidy_at_rates(lf.generalized_forces[i]);
    F(i, 0) = Fi;
  }

  const auto& constraints = system.constraints();
  if (constraints.empty()) {
    eom.mass_matrix = matrix(n, n);
    for (std::size_t i = 0; i < n; ++i) eom.mass_matrix(i, i) = 1;
    eom.forcing = F;
    return eom;
  }

  // A q̈ = b with ṗ = M q̈ + w, w = (d/dt at q̈ = 0) p = Ṁ q̇ + ḃ at q̇ = f: q̈ = M⁻¹ (ṗ − w) gives
  // the rows G ṗ = g with G = A M⁻¹ and g = b + G w.
  const auto rows = acceleration_constraints(constraints, q);
  const matrix Minv = inverse(lt.mass, small);
  sym::TotalTimeDerivative without_accelerations(qd);
  const matrix w = sym::map_entries(lt.momenta_of_rates, [&](const ex& e) { return tidy_at_rates(without_accelerations(e)); });
  eom.constraint_matrix = sym::map_entries(sym::product(sym::map_entries(rows.A, tidy_at_rates), Minv),
                                           [&](const ex& e) { return tidy(e, small); });
  eom.constraint_rhs = sym::map_entries(rows.b, tidy_at_rates).add(sym::product(eom.constraint_matrix, w));
  // ṗ = F + Aᵀλ premultiplied by M⁻¹ (symmetric): M⁻¹ ṗ = M⁻¹ F + (A M⁻¹)ᵀ λ, so that the rows G
  // of the KKT system carry the physical constraint force Aᵀλ (Lagrange's multipliers).
  eom.mass_matrix = Minv;
  eom.forcing = sym::product(Minv, F);
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
