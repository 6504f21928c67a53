#pragma once
// Model files (YAML): a System described as data. The format is documented in
// docs/model-format.md. Expressions are strings parsed by GiNaC's parser against the model's
// symbols (parameters, coordinates and their derivatives q1_d, q1_dd, speeds, t).
//
// Every error is an adyn::ModelFileError "file:line:column: object: problem" at the YAML node that is
// wrong (a bad key, a bad value, or the mapping that lacks a field).
#include <map>
#include <optional>
#include <string>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/io/robot_joint.hpp"
#include "adyn/io/urdf_options.hpp"
#include "adyn/model/system.hpp"

namespace adyn::io {

/// What a model file says beyond the system: initial conditions and simulation settings.
struct SimulationSetup {
  std::map<std::string, double> initial;  // coordinate, rate (q_d) or speed name -> value
  /// The initial conditions written in the parameters (x_d: v), as written: evaluated again at the
  /// parameter values of each run (initial_conditions), until a value is set in their place.
  std::map<std::string, GiNaC::ex> initial_in_parameters;
  std::optional<double> t_end, output_step, rtol, atol, baumgarte, step;
  std::optional<std::string> method;      // formulation: lagrange, kane, ...
  std::optional<std::string> integrator;  // dopri or bdf
  std::optional<bool> projection;
  /// The operating point of the analysis commands (linearize, eigen): coordinate, rate or speed
  /// name -> expression in the parameters. Empty: the initial conditions.
  std::map<std::string, GiNaC::ex> operating_point;
};

/// An initial state completed from given values at given parameter values (name → value).
struct CompletedInitialState {
  std::map<std::string, double> given, parameters;
  analysis::InitialState state;
};

/// A place in a model file, 1-based (as errors name it: file:line:column).
struct SourcePosition {
  int line = 1, column = 1;
};

/// Where a model file states its initial conditions and the orientations that the initial state
/// decides, for the errors found when the state is completed (application/initial_state.hpp).
struct InitialStatePositions {
  std::string source;                                    // the file, as errors name it
  std::optional<SourcePosition> section{};               // the `initial` key; none: no initial conditions given
  std::map<std::string, SourcePosition> values{};        // coordinate or speed name -> its key in `initial`
  std::map<std::string, SourcePosition> orientations{};  // "frame 'A'" -> its dcm or quaternion
};

struct ModelDocument {
  model::System system;
  SimulationSetup setup;
  /// The completion of `setup.initial` by application::consistent_initial_state (which checks that
  /// the given values can be kept), kept by its caller for application::initial_state_of; empty
  /// until then, or when it needs parameter values the file does not give.
  std::optional<CompletedInitialState> completed{};
  /// Where a model file wrote its initial conditions; none for a robot description.
  std::optional<InitialStatePositions> initial_positions{};
  /// A robot description's joints as it states them (URDF: io/urdf_reader.hpp); empty for a model
  /// file (its joints are the system's, System::joints, which `check` lists then).
  std::vector<RobotJoint> joints{};
  /// What the reader changed or left out, for `adyn check` (a URDF's ignored friction, ...).
  std::vector<std::string> notes{};
};

/// doc.setup.initial with the conditions written in the parameters evaluated at the system's
/// parameter values now (after Model.set_parameters, an ensemble member's values, ...). Throws
/// adyn::EvaluationError naming the condition when one needs a parameter without a value.
std::map<std::string, double> initial_conditions(const ModelDocument& doc);

/// The largest model file read: far beyond any real model (the Whipple bicycle takes 5 KiB), and
/// small enough to read and check in seconds.
inline constexpr std::size_t max_model_file_bytes = std::size_t{8} << 20;

/// Reads a model file with its initial conditions and simulation settings (not yet completed to
/// satisfy the constraints: application::consistent_initial_state); a path ending in .urdf
/// is read as a robot description (io::read_urdf with `urdf`; options other than the defaults are
/// refused for a model file, ModelFileError). A path that does not
/// exist, a directory, anything but a regular file (a pipe or device could block or never end)
/// and a file above max_model_file_bytes are refused with adyn::ModelFileError.
ModelDocument read_model_document(const std::string& path, const UrdfOptions& urdf = {});
/// The text of a model file, after the checks of read_model_document.
std::string read_model_text(const std::string& path);
/// YAML text, or URDF text when `source` ends in .urdf.
ModelDocument read_model_document_text(const std::string& yaml_text, const std::string& source = "<model>",
                                       const UrdfOptions& urdf = {});

/// Reads a model file.
model::System read_model_file(const std::string& path);
/// Reads a model from YAML text; `source` names it in error messages.
model::System read_model(const std::string& yaml_text, const std::string& source = "<model>");

/// An expression in the model's symbols (parameters, coordinates, rates, speeds, t), checked as the
/// reader checks those of a model file: it parses, is bounded, real, and uses only defined names.
/// Throws adyn::ModelError naming `object` (e.g. "operating point 'u3=Omega'").
GiNaC::ex parse_expression(const model::System& system, const std::string& text, const std::string& object);

}  // namespace adyn::io
