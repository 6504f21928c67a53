#pragma once
// The initial state of a model document: its initial conditions completed to satisfy the
// constraints (analysis::complete_initial_state, a Gauss–Newton solve) and checked where the file
// wrote them (docs/model-format.md, "Errors": initial conditions, and the dcm or quaternion that is
// not a rotation at the initial state). The reader records the positions
// (io::InitialStatePositions); the solve is done here, by what needs the state.
#include <optional>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::application {

/// The completed initial state of a model file's document, to keep in doc.completed. Throws
/// adyn::ModelFileError at the first given value that cannot be kept (else at `initial`), and at a
/// frame's dcm or quaternion that is not a rotation at the initial state. Empty for a document
/// that is no model file's (a robot description), when the constraints need parameter values the
/// model does not give, or when the file gives no initial conditions and the completion from the
/// defaults fails (the classification reports the constraints; a run, the error).
std::optional<io::CompletedInitialState> consistent_initial_state(const io::ModelDocument& doc);

/// The initial state of `doc` at t = 0 completed from its initial conditions (io::initial_conditions):
/// doc.completed while the initial conditions and the parameter values are those it was completed
/// at, else completed now (throws as analysis::complete_initial_state).
analysis::InitialState initial_state_of(const io::ModelDocument& doc);

}  // namespace adyn::application
