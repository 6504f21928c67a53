#include "adyn/formulations/methods.hpp"

#include <algorithm>

#include "adyn/choice_table.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::formulations {

const std::vector<std::string>& method_names() {
  static const std::vector<std::string> names = choice_keys(methods());
  return names;
}

namespace {

// Every name of `names` a method, none twice.
void check_method_names(const std::vector<std::string>& names, const std::string& option) {
  for (auto it = names.begin(); it != names.end(); ++it) {
    if (!find_method(*it))
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

// The first constraint that does work (a nonideal force C or Coulomb friction), if any.
const model::Constraint* nonideal_constraint(const model::System& system) {
  for (const auto& c : system.constraints())
    if (!c.nonideal_force.empty() || !c.friction_coefficient.is_zero()) return &c;
  return nullptr;
}

// The row's text with {n} replaced by the number of unknowns.
std::string with_count(std::string_view text, unsigned order) {
  std::string out(text);
  for (auto at = out.find("{n}"); at != std::string::npos; at = out.find("{n}", at))
    out.replace(at, 3, std::to_string(order));
  return out;
}

// A derivation whose symbolic solve has too many unknowns (BeyondGraphDeterminant), in terms
// of the method, with the methods that need no such solve.
EquationsOfMotion derive_within_limits(const model::System& system, const Method& method) {
  try {
    return method.derive(system);
  } catch (const BeyondGraphDeterminant& e) {
    throw NotApplicableError("method '" + std::string(method.key) + "'",
                             "cannot solve for " + with_count(method.symbolic_solve, e.order()) +
                                 " symbolically: more than " + std::to_string(sym::largest_graph_determinant) +
                                 " unknowns for Cramer's rule over the expression graph; " + std::string(method.instead));
  }
}

}  // namespace

EquationsOfMotion derive(const model::System& system, const std::string& method) {
  auto eom = derive_within_limits(system, method_named(method));
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
