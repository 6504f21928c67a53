#pragma once
// What a model file contains, for `adyn check` (text and JSON) and the constraint classification
// as JSON (`adyn classify --json`).
#include <nlohmann/json_fwd.hpp>

#include <ostream>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/analysis/initial_state.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {

/// The summary of a model: parameters, coordinates and speeds (with the kinematic equations),
/// frames, points, particles and bodies, loads, events, constraints with their classification and
/// the DOF, initial conditions (with the values the completion of the initial state set) and
/// simulation settings.
void write_model_summary(const io::ModelDocument& doc, const analysis::ConstraintClassification& classification,
                         std::ostream& out);

/// The same as JSON: system, parameters ({name, value, unit}), coordinates, speeds,
/// coordinate_rates ({coordinate: expression}), frames ({name, parent, orientation}), points,
/// particles and bodies ({name, point or mass_center, mass}), loads ({kind, name}), events
/// ({name, kind, restitution}), constraints and dof (classification_json), initial, initial_state
/// (application::initial_state_json of the state the initial conditions complete to; null where
/// parameter values are missing), simulation.
nlohmann::json model_summary_json(const io::ModelDocument& doc, const analysis::ConstraintClassification& classification);

/// {constraints: [{name, level, holonomic, exact, integrable, integral, rheonomic, catastatic,
/// conservative, redundant, ...}], dof: {coordinates, integrals, velocity_rank, configuration,
/// velocity, holonomic_system}}.
nlohmann::json classification_json(const analysis::ConstraintClassification& classification);

}  // namespace adyn::cli
