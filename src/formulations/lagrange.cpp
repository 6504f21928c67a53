#include "adyn/formulations/lagrange.hpp"

#include <algorithm>
#include <map>

#include "adyn/error.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/linear_split.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/node_kind.hpp"

#include "acceleration_constraints.hpp"
#include "generalized_forces.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::symbol;

// A sum differentiated by one symbol through the terms that hold it. T, V and D are sums over the
// bodies, springs and dampers, and in a model of many bodies most terms hold few of the n
// coordinates and rates (IFToMM A02 at N = 40: 81 coordinates, each bar's terms two or three of
// them): walking the whole sum for each of the 4n derivatives would cost n times its size. The
// derivative is the same expression: that of the sum of the terms that do not vanish.
class SumBySymbol {
 public:
  explicit SumBySymbol(const ex& e) : whole_(e) {
    if (!sym::is<GiNaC::add>(e)) return;
    for (const auto& term : e)
      for (const auto& s : sym::free_symbols(term)) terms_[s].push_back(term);
    split_ = true;
  }
  ex derivative(const symbol& x) const {
    if (!split_) return sym::partial_derivative(whole_, x);
    const auto found = terms_.find(x);
    return found == terms_.end() ? ex(0) : sym::partial_derivative(GiNaC::add(found->second), x);
  }

 private:
  ex whole_;
  bool split_ = false;
  std::map<ex, GiNaC::exvector, GiNaC::ex_is_less> terms_;  // looked up, never walked
};

GiNaC::exmap zero_rates(const std::vector<symbol>& rates) {
  GiNaC::exmap m;
  for (const auto& r : rates) m[r] = 0;
  return m;
}

}  // namespace

EquationsOfMotion lagrange(const LagrangianForm& form, const std::vector<model::Constraint>& constraints) {
  const auto& q = form.coordinates;
  const auto n = q.size();
  auto qd = sym::derivatives_of(q);
  if (!form.generalized_forces.empty() && form.generalized_forces.size() != n)
    throw Error("lagrange: need one generalized force per coordinate");
  EquationsOfMotion eom;
  eom.method = "Lagrange";
  eom.coordinates = q;
  eom.speeds = qd;
  eom.coordinate_rates = sym::column(qd);
  eom.mass_matrix = GiNaC::matrix(n, n);
  eom.forcing = GiNaC::matrix(n, 1);
  const ex& T = form.kinetic_energy;
  // p_i is linear in q̇ (T is quadratic in q̇): one split of p_i in q̇ gives the row M_i· = ∂p_i/∂q̇
  // without n derivatives (issue 8; see linear_split.hpp).
  // The derivatives go through the graph of T (sym::ChainRule), and d p_i/dt = M_i· q̈ + (d/dt at
  // q̈ = 0) p_i, so F_i = ∂T/∂q_i − ∂V/∂q_i − ∂D/∂q̇_i + Q_i − (d/dt at q̈ = 0) p_i.
  sym::LinearSplitter in_rates(qd);
  sym::TotalTimeDerivative without_accelerations(qd);
  const SumBySymbol kinetic(T), potential(form.potential_energy), dissipation(form.dissipation);
  for (std::size_t i = 0; i < n; ++i) {
    ex p = kinetic.derivative(qd[i]);  // generalized momentum ∂T/∂q̇_i
    ex F = kinetic.derivative(q[i]) - potential.derivative(q[i]) - dissipation.derivative(qd[i]) - without_accelerations(p);
    if (!form.generalized_forces.empty()) F += form.generalized_forces[i];
    const auto row = in_rates.split(p);
    for (std::size_t j = 0; j < n; ++j) eom.mass_matrix(i, j) = row.coefficients[j];
    eom.forcing(i, 0) = F;
  }
  add_multiplier_rows(eom, constraints);
  return eom;
}

void add_multiplier_rows(EquationsOfMotion& eom, const std::vector<model::Constraint>& constraints) {
  auto rows = acceleration_constraints(constraints, eom.coordinates);
  eom.constraint_matrix = rows.A;
  eom.constraint_rhs = rows.b;
  for (std::size_t k = 0; k < constraints.size(); ++k) {
    eom.multipliers.push_back(symbol("lambda" + std::to_string(k + 1), "\\lambda_{" + std::to_string(k + 1) + "}"));
    eom.multiplier_names.push_back(constraints[k].name);
    eom.constraint_names.push_back(constraints[k].name);
  }
}

LagrangianForm lagrangian_loads(const model::System& system) {
  const auto N = system.inertial_frame();
  const auto O = system.origin();
  LagrangianForm form;
  form.coordinates = system.coordinates();
  form.kinetic_energy = 0;
  if (const auto& g = system.gravity()) {
    for (const auto& p : system.particles()) form.potential_energy -= p.mass() * g->acceleration.dot(p.point().position_from(O));
    for (const auto& b : system.bodies())
      form.potential_energy -= b.mass() * g->acceleration.dot(b.mass_center().position_from(O));
  }
  for (const auto& s : system.springs()) form.potential_energy += spring_potential(s, N);
  for (const auto& p : system.potentials()) form.potential_energy += p.energy;
  for (const auto& d : system.dampers()) {
    ex ldot = sym::time_derivative(distance(d.a, d.b, N));
    form.dissipation += d.coefficient * ldot * ldot / 2;
  }
  for (const auto& d : system.dissipations()) form.dissipation += d.function;
  form.generalized_forces =
      generalized_active_forces(system, sym::derivatives_of(form.coordinates), LoadSelection::Nonconservative);
  return form;
}

LagrangianForm lagrangian_form(const model::System& system) {
  system.check_velocities_from_positions("Lagrange's equations (and Hamilton's and Udwadia-Kalaba's, built on them)");
  LagrangianForm form = lagrangian_loads(system);
  kin::RecursiveKinematics motion(system.inertial_frame());  // T built body by body from the parents' velocities
  for (const auto& p : system.particles()) form.kinetic_energy += model::kinetic_energy(p, motion);
  for (const auto& b : system.bodies()) form.kinetic_energy += model::kinetic_energy(b, motion);
  for (const auto& s : sym::free_symbols(form.kinetic_energy))
    if (sym::is_dynamic(s) && !sym::derivative_order(s) && std::find(form.coordinates.begin(), form.coordinates.end(), s) == form.coordinates.end())
      throw NotApplicableError("system '" + system.name() + "'",
                       "Lagrange's equations need velocities in q and q_d; '" + GiNaC::ex_to<symbol>(s).get_name() +
                           "' is not a coordinate (velocities set in terms of speeds belong to Kane's method)");
  return form;
}

EquationsOfMotion lagrange(const model::System& system) {
  return lagrange(lagrangian_form(system), system.constraints());
}

namespace {

// D(e) = Σ w_i ∂e/∂q̇_i: the derivative along the direction w of the rates (q̇_i ↦ w_i).
class AlongRates final : public sym::ChainRule {
 public:
  explicit AlongRates(const GiNaC::exmap& direction) : direction_(direction) {}

 protected:
  ex of_symbol(const symbol& s) override {
    const auto it = direction_.find(s);
    return it == direction_.end() ? ex(0) : it->second;
  }

 private:
  const GiNaC::exmap& direction_;
};

}  // namespace

KineticEnergySplit split_kinetic_energy(const ex& T, const std::vector<symbol>& coordinates) {
  // T is quadratic in q̇: T0 = T|q̇=0, T1 = Σ q̇_i (∂T/∂q̇_i)|q̇=0, T2 = the rest (no expansion).
  // T1 is the derivative of T along a copy w of the rates, taken at rest, then w = q̇: one pass
  // over the graph by the chain rule, not one derivative per rate.
  auto qd = sym::derivatives_of(coordinates);
  GiNaC::exmap direction, back;
  for (const auto& r : qd) {
    const GiNaC::symbol w(r.get_name() + "_direction");
    direction[r] = w, back[w] = r;
  }
  sym::Substitution at_rest(zero_rates(qd));
  AlongRates along(direction);
  const ex T0 = at_rest(T), T1 = sym::substitute(at_rest(along(T)), back);
  return {T0, T1, T - T0 - T1};
}

GiNaC::matrix gyroscopic_matrix(const ex& T1, const std::vector<symbol>& coordinates) {
  auto qd = sym::derivatives_of(coordinates);
  const auto n = coordinates.size();
  GiNaC::matrix g(n, n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t s = 0; s < n; ++s)
      g(r, s) = sym::canonical_normal(T1.diff(qd[r]).diff(coordinates[s]) - T1.diff(qd[s]).diff(coordinates[r]));
  return g;
}

}  // namespace adyn::formulations
