#include "adyn/formulations/method_registry.hpp"

#include "adyn/choice_table.hpp"
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

namespace adyn::formulations {

const std::vector<Method>& methods() {
  using model::System;
  static const std::vector<Method> table = {
      {.key = "lagrange", .label = "Lagrange", .derive = [](const System& s) { return lagrange(s); },
       .tree_form = true, .speeds_are_rates = true},
      {.key = "kane", .label = "Kane", .derive = [](const System& s) { return kane(s); }, .tree_form = true},
      {.key = "gibbs-appell", .label = "Gibbs-Appell", .derive = [](const System& s) { return gibbs_appell(s); },
       .tree_form = true},
      {.key = "maggi", .label = "orthogonal complement",
       .derive = [](const System& s) { return orthogonal_complement(s); },
       .symbolic_solve = "the orthogonal complement of the constraints (the inverse of their {n} x {n} block)"},
      {.key = "boltzmann-hamel", .label = "Boltzmann-Hamel",
       .derive = [](const System& s) { return boltzmann_hamel(s); },
       .symbolic_solve = "the {n} dependent speeds in the quasi-velocities of the constraints"},
      {.key = "gauss", .label = "Gauss", .derive = [](const System& s) { return gauss(s); }},
      {.key = "udwadia-kalaba", .label = "Udwadia-Kalaba", .derive = [](const System& s) { return udwadia_kalaba(s); }},
      {.key = "fundamental-equation", .label = "fundamental equation",
       .derive = [](const System& s) { return fundamental_equation(s); }},
      {.key = "hamilton", .label = "Hamilton", .derive = [](const System& s) { return hamilton(s); },
       .symbolic_solve = "the {n} rates in the momenta (the inverse of the mass matrix)",
       .instead = "derive by lagrange or kane, which need no inverse of the mass matrix"},
  };
  return table;
}

std::string method_list() { return listed(choice_keys(methods())); }

const Method* find_method(std::string_view key) { return find_choice(methods(), key); }

const Method& method_named(std::string_view key) {
  if (const auto* method = find_method(key)) return *method;
  throw ModelError("method '" + std::string(key) + "'", "unknown (expected one of " + method_list() + ")");
}

}  // namespace adyn::formulations
