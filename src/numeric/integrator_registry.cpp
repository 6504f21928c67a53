#include "adyn/numeric/integrator_registry.hpp"

#include "adyn/choice_table.hpp"

namespace adyn::numeric {

const std::vector<IntegratorChoice>& integrators() {
  static const std::vector<IntegratorChoice> table = {
      {.key = "dopri", .integrator = Integrator::DormandPrince, .label = "Dormand–Prince",
       .help = "explicit Dormand-Prince"},
      {.key = "bdf", .integrator = Integrator::Bdf, .label = "CVODE BDF", .help = "CVODE"},
      {.key = "ida", .integrator = Integrator::Ida, .label = "IDA", .help = "DAE with the multipliers",
       .multiplier_form = true, .dense_output = false},
      {.key = "midpoint", .integrator = Integrator::ImplicitMidpoint, .label = "implicit midpoint",
       .help = "symplectic implicit midpoint at the fixed --step; use with -m hamilton", .locates_events = false,
       .dense_output = false},
      {.key = "ali3p", .integrator = Integrator::AugmentedLagrangianIndex3,
       .label = "index-3 augmented Lagrangian (ALI3-P)",
       .help = "index-3 augmented Lagrangian with projections at the fixed --step: constraints through singular "
               "positions and redundant rows",
       .multiplier_form = true, .locates_events = false},
  };
  return table;
}

std::vector<std::string> integrator_names() { return choice_keys(integrators()); }

const IntegratorChoice& integrator_named(std::string_view key) {
  return choice_named(integrators(), key, "integrator");
}

const IntegratorChoice& integrator_choice(Integrator integrator) {
  return choice_with(integrators(), &IntegratorChoice::integrator, integrator, "integrator");
}

}  // namespace adyn::numeric
