#pragma once
// An initial state as `adyn check --json` reports it and Python's Model.initial_state returns it.
#include <nlohmann/json_fwd.hpp>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/model/system.hpp"

namespace adyn::application {

/// {q: {name: value}, u: {name: value}, completed: [{name, given, before, after, constraints}],
/// branches: [{names, taken, other, constraints}], messages}.
nlohmann::json initial_state_json(const model::System& system, const analysis::InitialState& state);

}  // namespace adyn::application
