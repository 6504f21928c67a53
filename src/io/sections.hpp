#pragma once
// The sections of a model file (private to src/io), each a free function over the values they
// share (model_values.hpp), called by read_document (model_file.cpp) in the order below: a section
// reads the names the ones before it defined. The format of each is in docs/model-format.md; the
// joints, geometric constraints, geometry and outputs have headers of their own.
#include <yaml-cpp/yaml.h>

#include <map>
#include <string>

#include "adyn/io/model_file.hpp"
#include "joints_section.hpp"
#include "model_values.hpp"

namespace adyn::io {

/// parameters, inputs ({name: value} or {name: {value, unit, latex}}), coordinates and speeds
/// (names or {name, latex, unit}) and coordinate_rates ({q: rate in the speeds}); checks the
/// kinematic equations when speeds are declared (docs/model-format.md, "Top level", "Inputs").
void read_symbols(ModelValues& in, const Fields& top);

/// frames: each {name, parent, an orientation}, declared first and oriented after, so that they
/// may come in any order ("Frames"). Returns where each dcm or quaternion is written ("frame 'A'"
/// -> position): the initial state decides whether one in the coordinates is a rotation.
std::map<std::string, SourcePosition> read_frames(ModelValues& in, const YAML::Node& section);

/// points: each {name, from, position, fixed_in, velocity} ("Points").
void read_points(ModelValues& in, const Fields& top);

/// particles {name, point, mass} and bodies {name, mass_center, frame, mass, inertia} ("Rigid
/// bodies"); a body a joint moves takes the joint's frame. Fails at a joint whose child is no body.
void read_bodies(ModelValues& in, const Fields& top, const JointsRead& joints);

/// constraints (an expression at one level, or a geometric constraint) and dependent_speeds
/// ("Constraints", "Dependent speeds").
void read_constraints(ModelValues& in, const Fields& top);

/// events: each {name, gap, restitution} ("Events and impacts").
void read_events(ModelValues& in, const Fields& top);

/// gravity, forces, torques, springs, dampers, potentials, dissipation and generalized_forces
/// ("Loads").
void read_loads(ModelValues& in, const Fields& top);

/// initial: {name: value} for coordinates and speeds (the rates q_d when no speeds are declared),
/// values that are expressions in the parameters ("Initial conditions and simulation settings").
/// Returns where they are written; they are completed to satisfy the constraints later
/// (application::consistent_initial_state).
InitialStatePositions read_initial(ModelValues& in, const Fields& top, SimulationSetup& setup);

/// operating_point: {name: expression} for coordinates, rates and speeds, kept symbolic in the
/// parameters (the steady motion of the analysis commands: thetaR_d: -v/rR).
void read_operating_point(const ModelValues& in, const YAML::Node& section, SimulationSetup& setup);

/// simulation: {t_end, output_step, rtol, atol, method, integrator, projection, baumgarte}.
void read_simulation(const ModelValues& in, const YAML::Node& section, SimulationSetup& setup);

}  // namespace adyn::io
