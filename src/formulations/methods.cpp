#include "adyn/formulations/methods.hpp"

#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/formulations/boltzmann_hamel.hpp"
#include "adyn/formulations/fundamental_equation.hpp"
#include "adyn/formulations/gauss.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/orthogonal_complement.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::formulations {

const std::vector<std::string>& method_names() {
  static const std::vector<std::string> names = {"lagrange", "kane",           "gibbs-appell", "maggi", "boltzmann-hamel",
                                                 "gauss",    "udwadia-kalaba", "fundamental-equation", "hamilton"};
  return names;
}

namespace {

std::string method_list() {
  std::string known;
  for (const auto& name : method_names()) known.append(known.empty() ? "" : ", ").append(name);
  return known;
}

// Every name of `names` a method, none twice.
void check_method_names(const std::vector<std::string>& names, const std::string& option) {
  const auto& known = method_names();
  for (auto it = names.begin(); it != names.end(); ++it) {
    if (std::find(known.begin(), known.end(), *it) == known.end())
      throw ModelError(option + " '" + *it + "'", "not a method; the methods are " + method_list());
    if (std::find(names.begin(), it, *it) != it) throw ModelError(option + " '" + *it + "'", "is listed twice");
  }
}

}  // namespace

std::vector<std::string> select_methods(const std::vector<std::string>& only, const std::vector<std::string>& skip,
                                        const std::string& only_name, const std::string& skip_name) {
  if (!only.empty() && !skip.empty())
    throw ModelError(only_name + " and " + skip_name, "give the methods to run or those to skip, not both");
  check_method_names(only, only_name);
  check_method_names(skip, skip_name);
  if (!only.empty()) return only;
  std::vector<std::string> selected;
  for (const auto& name : method_names())
    if (std::find(skip.begin(), skip.end(), name) == skip.end()) selected.push_back(name);
  if (selected.empty()) throw ModelError(skip_name, "skips every method: none is left to compare");
  return selected;
}

namespace {

EquationsOfMotion derive_by(const model::System& system, const std::string& method) {
  if (method == "lagrange") return lagrange(system);
  if (method == "kane") return kane(system);
  if (method == "gibbs-appell") return gibbs_appell(system);
  if (method == "maggi") return orthogonal_complement(system);
  if (method == "boltzmann-hamel") return boltzmann_hamel(system);
  if (method == "gauss") return gauss(system);
  if (method == "udwadia-kalaba") return udwadia_kalaba(system);
  if (method == "fundamental-equation") return fundamental_equation(system);
  if (method == "hamilton") return hamilton(system);
  throw ModelError("method '" + method + "'", "unknown (expected one of " + method_list() + ")");
}

// The first constraint that does work (a nonideal force C or Coulomb friction), if any.
const model::Constraint* nonideal_constraint(const model::System& system) {
  for (const auto& c : system.constraints())
    if (!c.nonideal_force.empty() || !c.friction_coefficient.is_zero()) return &c;
  return nullptr;
}

// What a method solves for symbolically, for the message when it is too large: the dependent speeds
// (Kane, Gibbs–Appell), the orthogonal complement (Maggi), the speeds in the quasi-velocities
// (Boltzmann–Hamel), the rates in the momenta (Hamilton).
std::string symbolic_solve_of(const std::string& method, unsigned order) {
  const std::string n = std::to_string(order);
  if (method == "hamilton") return "the " + n + " rates in the momenta (the inverse of the mass matrix)";
  if (method == "maggi") return "the orthogonal complement of the constraints (the inverse of their " + n + " x " + n + " block)";
  if (method == "boltzmann-hamel") return "the " + n + " dependent speeds in the quasi-velocities of the constraints";
  return "the " + n + " dependent speeds";
}

// A derivation whose symbolic solve has too many unknowns (sym::BeyondGraphDeterminant), in terms
// of the method, with the methods that need no such solve.
EquationsOfMotion derive_within_limits(const model::System& system, const std::string& method) {
  try {
    return derive_by(system, method);
  } catch (const sym::BeyondGraphDeterminant& e) {
    const std::string instead = method == "hamilton" ? "derive by lagrange or kane, which need no inverse of the mass matrix"
                                                     : "derive by lagrange, gauss or udwadia-kalaba, which keep the "
                                                       "constraints as multipliers and eliminate no speed";
    throw NotApplicableError("method '" + method + "'", "cannot solve for " + symbolic_solve_of(method, e.order()) +
                                                            " symbolically: more than " +
                                                            std::to_string(sym::largest_graph_determinant) +
                                                            " unknowns for Cramer's rule over the expression graph; " + instead);
  }
}

}  // namespace

EquationsOfMotion derive(const model::System& system, const std::string& method) {
  auto eom = derive_within_limits(system, method);
  // Only Udwadia–Kalaba's equations carry the work a nonideal constraint does (their (26)); the
  // other principles assume ideal constraints and would drop it without a word.
  if (const auto* c = nonideal_constraint(system); c && eom.nonideal_force.rows() == 0 && eom.friction_coefficient.is_zero())
    throw NotApplicableError("constraint '" + c->name + "'",
                     "is nonideal (it does work), which " + eom.method +
                         "'s equations leave out; derive by udwadia-kalaba");
  return eom;
}

State state_for(const EquationsOfMotion& eom, const model::System& system, double t, const Eigen::VectorXd& q,
                const Eigen::VectorXd& u) {
  GiNaC::exmap at = system.parameter_values();
  at[sym::time()] = t;
  for (std::size_t i = 0; i < system.coordinates().size(); ++i) at[system.coordinates()[i]] = q(static_cast<Eigen::Index>(i));
  const auto speeds = system.speeds();
  for (std::size_t i = 0; i < speeds.size(); ++i) at[speeds[i]] = u(static_cast<Eigen::Index>(i));
  State out{t, q, Eigen::VectorXd(static_cast<Eigen::Index>(eom.p()))};
  for (std::size_t i = 0; i < eom.p(); ++i) {
    // The speed's definition in q, q̇, t (Hamilton's momenta), or the speed itself.
    GiNaC::ex u_i = eom.speed_definitions.rows() ? eom.speed_definitions(i, 0) : GiNaC::ex(eom.speeds[i]);
    out.u(static_cast<Eigen::Index>(i)) = sym::evaluate(system.in_speeds(u_i), at, "speed '" + eom.speeds[i].get_name() + "'");
  }
  return out;
}

}  // namespace adyn::formulations
