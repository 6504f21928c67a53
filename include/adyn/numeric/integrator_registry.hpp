#pragma once
// The integrators as one table: each one's key (on the command line, in model files and in
// Python), its Integrator, its label and what it can do. Adding an integrator is one row of the table
// (src/numeric/integrator_registry.cpp) and its stepper (steppers.cpp).
#include <string>
#include <string_view>
#include <vector>

#include "adyn/numeric/simulation.hpp"

namespace adyn::numeric {

struct IntegratorChoice {
  std::string_view key;    // "dopri"
  Integrator integrator;
  std::string_view label;  // "Dormand–Prince": as a plot's title names it
  std::string_view help;   // what --integrator's help says of it
  /// Integrates the multiplier form itself, the multipliers among its unknowns (a DAE): equations
  /// with a multiplier per constraint, without Baumgarte stabilization (it holds the constraints).
  bool multiplier_form = false;
  /// Locates the model's events.
  bool locates_events = true;
  /// Gives states between its steps without changing them (CVODE's and ARKODE's dense output, the
  /// steps' Hermite interpolation of ali3p): where the constraint rows' rank indicator falls between
  /// samples, the rank watch probes there (rank_watch.hpp).
  bool dense_output = true;
};

/// Every integrator, in the order the options list them.
const std::vector<IntegratorChoice>& integrators();

/// The keys, in the table's order.
std::vector<std::string> integrator_names();

/// The integrator of that key; throws adyn::ModelError "integrator 'KEY': not one of dopri, bdf, ...".
const IntegratorChoice& integrator_named(std::string_view key);

/// The row of an Integrator.
const IntegratorChoice& integrator_choice(Integrator integrator);

}  // namespace adyn::numeric
