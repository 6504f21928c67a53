#pragma once
// The `initial:` section of model files against the constraints and the orientations (private to
// src/io): the given values must be kept by the completion of the initial state
// (analysis::complete_initial_state), and every direction-cosine matrix or Euler parameters that
// depend on the coordinates must be a rotation at the completed state.
#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>

#include "adyn/io/model_file.hpp"
#include "yaml_reader.hpp"

namespace adyn::io {

/// Where the initial conditions and the orientations that the state decides were written.
struct InitialStateNodes {
  bool given = false;                                // the file has an `initial` section
  YAML::Node section;                                // its key
  std::map<std::string, YAML::Node> values;          // coordinate or speed name -> its key in `initial`
  std::map<std::string, YAML::Node> orientations;    // "frame 'A'" -> its dcm or quaternion
};

/// The values of the system's parameters that have one, by name (what a completion depends on).
std::map<std::string, double> parameter_map(const model::System& system);

/// Completes the initial state and returns it. Throws adyn::ModelFileError at the first given
/// value that cannot be kept (or at `initial`), and at a frame's dcm or quaternion that is not a
/// rotation at the initial state. Constraints that need parameter values the model does not give
/// are left to the run; so is a completion from the defaults that fails when the file gives no
/// initial conditions (classify reports the constraints): then the result is empty.
std::optional<CompletedInitialState> check_initial_state(const YamlReader& yaml, const model::System& system, const SimulationSetup& setup,
                         const InitialStateNodes& nodes);

}  // namespace adyn::io
