#include "adyn/analysis/integrals.hpp"

#include <sstream>

#include "adyn/error.hpp"
#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::analysis {

using GiNaC::ex;

namespace {

// Why q_k is not cyclic, or "" when it is (Angeles §2.4); forces are judged at the model's parameter
// values (a drive torque τ = 0 does not act).
std::string not_cyclic_because(const model::System& system, const formulations::LagrangianForm& form, std::size_t k) {
  const auto& q = form.coordinates[k];
  const auto qd = sym::derivative_of(q);
  if (sym::depends_on(form.kinetic_energy - form.potential_energy, q)) return "L depends on it";
  if (k < form.generalized_forces.size() && !form.generalized_forces[k].subs(system.parameter_values()).is_zero())
    return "a generalized force acts on it";
  if (!form.dissipation.diff(qd).is_zero()) return "dissipation acts on it";
  for (const auto& c : system.constraints()) {
    const bool holonomic = c.level == model::ConstraintLevel::Configuration;
    if (!c.expression.diff(holonomic ? q : qd).is_zero()) return "constraint '" + c.name + "' acts on it";
  }
  return "";
}

}  // namespace

IntegralsOfMotion integrals_of_motion(const model::System& system) {
  const auto form = formulations::lagrangian_form(system);
  IntegralsOfMotion out;
  out.coordinates = form.coordinates;
  out.momenta = formulations::generalized_momenta(form);
  for (std::size_t k = 0; k < form.coordinates.size(); ++k)
    if (not_cyclic_because(system, form, k).empty()) out.cyclic.push_back({form.coordinates[k], out.momenta(k, 0)});
  out.energy_function = formulations::energy_function(system);
  out.jacobi = conservation_report(system);
  return out;
}

std::string to_string(const IntegralsOfMotion& integrals) {
  std::ostringstream os;
  os << "generalized momenta:\n";
  for (std::size_t k = 0; k < integrals.coordinates.size(); ++k)
    os << "  p_" << integrals.coordinates[k] << " = " << sym::to_text(integrals.momenta(k, 0)) << "\n";
  os << "cyclic coordinates:" << (integrals.cyclic.empty() ? " none\n" : "\n");
  for (const auto& c : integrals.cyclic) os << "  " << c.coordinate << ": p = " << sym::to_text(c.momentum) << " = const\n";
  os << "Jacobi integral h = T2 - T0 + V = " << sym::to_text(integrals.energy_function) << "\n" << to_string(integrals.jacobi);
  return os.str();
}

RouthReduction routh_reduction(const model::System& system, const std::vector<GiNaC::symbol>& cyclic) {
  const auto form = formulations::lagrangian_form(system);
  const auto p = formulations::generalized_momenta(form);
  RouthReduction out;
  out.cyclic = cyclic;
  GiNaC::lst equations, velocities;
  for (const auto& qc : cyclic) {
    std::size_t k = 0;
    while (k < form.coordinates.size() && !form.coordinates[k].is_equal(qc)) ++k;
    if (k == form.coordinates.size()) throw ModelError("coordinate '" + qc.get_name() + "'", "not a coordinate of the system");
    const auto reason = not_cyclic_because(system, form, k);
    if (!reason.empty()) throw ModelError("coordinate '" + qc.get_name() + "'", "not cyclic: " + reason);
    out.momenta.push_back(sym::parameter("beta_" + qc.get_name(), "\\beta_{" + qc.get_name() + "}"));
    equations.append(p(k, 0) == out.momenta.back());
    velocities.append(sym::derivative_of(qc));
  }
  // p_c is linear in q̇_c (T quadratic in q̇): solve for the cyclic velocities.
  const ex solution = GiNaC::lsolve(equations, velocities);
  if (solution.nops() != cyclic.size())
    throw SingularityError("cyclic coordinates", "their momenta cannot be solved for their velocities");
  GiNaC::exmap eliminate;
  ex routhian = form.kinetic_energy - form.potential_energy;
  out.cyclic_velocities = GiNaC::matrix(cyclic.size(), 1);
  for (std::size_t c = 0; c < cyclic.size(); ++c) {
    out.cyclic_velocities(c, 0) = sym::canonical_normal(solution.op(c).rhs());
    eliminate[velocities.op(c)] = out.cyclic_velocities(c, 0);
    routhian -= out.momenta[c] * velocities.op(c);
  }
  out.routhian = sym::canonical_normal(routhian.subs(eliminate, GiNaC::subs_options::no_pattern));
  return out;
}

}  // namespace adyn::analysis
