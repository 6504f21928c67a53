#pragma once
// The geometry of a system sampled along a trajectory, for drawing it: every frame's orientation
// ^N C ^F and every point's position r^{P/O} in N at each sample (compiled to a tape once), with
// the model's shapes (`geometry:`) and default ones for what they leave out — a body as the uniform
// ellipsoid of its central inertia (the same mass and principal moments), a particle as a sphere
// whose volume grows with its mass, the segment from a point to the point it is located from when
// their distance stays constant over the run (rods, massless links; not the coordinates that place
// a free body) — and the planes the rolling contacts roll on. `adyn animate` draws it.
#include <array>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::numeric {

struct SceneBody {
  std::string name;
  std::size_t frame = 0, center = 0;          // indices into Scene::frame_names, point_names
  std::array<double, 3> semi_axes{};          // of the inertia ellipsoid, along `principal_axes`
  std::array<double, 9> principal_axes{};     // columns: principal directions in the body frame (row-major)
};

struct SceneParticle {
  std::string name;
  std::size_t point = 0;
  double radius = 0;
};

/// A shape of the model's `geometry:` (model/shape.hpp), its sizes in numbers.
struct SceneShape {
  std::string name, kind;                  // kind: model::shape_kind_name
  std::size_t frame = 0, center = 0, to = 0;  // `to`: a line's second point
  std::array<double, 3> size{};
  int axis = 2;
  std::string color;
};

/// A plane a rolling contact rolls on: through `point`, with `normal` fixed in `frame`.
struct ScenePlane {
  std::string name;                  // the first contact on it
  std::size_t frame = 0, point = 0;
  std::array<double, 3> normal{};    // unit, in `frame` components
};

struct Scene {
  std::string system;
  std::vector<double> t;
  std::vector<std::string> frame_names, point_names;
  std::vector<std::vector<double>> rotations;  // per frame: 9 entries (row-major ^N C ^F) per sample
  std::vector<std::vector<double>> positions;  // per point: 3 entries (N components) per sample
  std::vector<SceneBody> bodies;
  std::vector<SceneParticle> particles;
  std::vector<std::array<std::size_t, 2>> links;  // (from, to) point indices, at a constant distance
  std::vector<SceneShape> shapes;  // the model's geometry; the defaults above leave out what it draws
  std::vector<ScenePlane> planes;
  double extent = 1;  // the largest distance between points over the run, or across a shape (at least 1e-3)
  std::array<double, 3> up{0, 0, 1};  // N components: against gravity when the model has it, else N.z
  bool completed = true;  // the trajectory reached its end time
  std::string stop_reason;

  /// The scene as JSON (the viewer's input), with the traces of the points `traced` (indices into
  /// point_names). Orientations and positions are given only for the frames and points something
  /// drawn uses (null for the others), each as base64 of little-endian float32: a quarter of the
  /// text of decimals, and drawing needs no more digits.
  std::string json(const std::vector<std::size_t>& traced = {}) const;
};

/// Samples the system's geometry along `trajectory` (whose coordinate names are the system's) at
/// the parameters' values. Throws adyn::ModelError naming a coordinate the trajectory lacks, and
/// adyn::EvaluationError when a position or orientation needs a parameter without a value.
Scene sample_scene(const model::System& system, const Trajectory& trajectory);

}  // namespace adyn::numeric
