#include "adyn/numeric/scene.hpp"

#include <Eigen/Eigenvalues>
#include <nlohmann/json.hpp>
#include <yaml-cpp/binary.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>

#include "adyn/error.hpp"
#include "adyn/kinematics/dyadic.hpp"
#include "adyn/numeric/tape.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::numeric {
namespace {

// Index of a frame or point by name (items.size() when it is not there).
template <class T>
std::size_t index_of(const std::vector<T>& items, const std::string& name) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].name() == name) return i;
  return items.size();
}

// The points located by positions from the origin (not those given only by a velocity).
std::vector<kin::Point> located_points(const model::System& s) {
  std::vector<kin::Point> out;
  for (const auto& P : s.points()) try {
      P.position_from(s.origin());
      out.push_back(P);
    } catch (const Error&) {
    }
  return out;
}

// ^N C ^F (9 per frame) and r^{P/O} in N (3 per point), in the parameters' values.
std::vector<GiNaC::ex> geometry(const model::System& s, const std::vector<kin::Point>& points) {
  const auto N = s.inertial_frame();
  const auto values = s.parameter_values();
  std::vector<GiNaC::ex> out;
  for (const auto& F : s.frames()) {
    const auto C = N.dcm(F);
    for (unsigned i = 0; i < 3; ++i)
      for (unsigned j = 0; j < 3; ++j) out.push_back(C(i, j).subs(values));
  }
  for (const auto& P : points) {
    const auto r = P.position_from(s.origin()).components_in(N);
    for (unsigned i = 0; i < 3; ++i) out.push_back(r(i, 0).subs(values));
  }
  return out;
}

// The columns of the trajectory's q for the system's coordinates.
std::vector<std::size_t> coordinate_columns(const model::System& s, const Trajectory& tr) {
  std::vector<std::size_t> columns;
  for (const auto& q : s.coordinates()) {
    auto it = std::find(tr.coordinate_names.begin(), tr.coordinate_names.end(), q.get_name());
    if (it == tr.coordinate_names.end())
      throw ModelError("trajectory", "has no column for the coordinate '" + q.get_name() + "'");
    columns.push_back(static_cast<std::size_t>(it - tr.coordinate_names.begin()));
  }
  return columns;
}

void sample(const model::System& s, const std::vector<kin::Point>& points, const Trajectory& tr, Scene& scene) {
  std::vector<GiNaC::symbol> inputs{sym::time()};
  for (const auto& q : s.coordinates()) inputs.push_back(q);
  const Tape tape(inputs, geometry(s, points));
  const auto columns = coordinate_columns(s, tr);
  scene.rotations.assign(s.frames().size(), {});
  scene.positions.assign(points.size(), {});
  std::vector<double> in(inputs.size()), out(tape.output_count());
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    in[0] = tr.t[k];
    for (std::size_t j = 0; j < columns.size(); ++j) in[j + 1] = tr.q[k](static_cast<Eigen::Index>(columns[j]));
    tape.evaluate(in.data(), out.data());
    std::size_t o = 0;
    for (auto& R : scene.rotations) R.insert(R.end(), out.begin() + static_cast<long>(o), out.begin() + static_cast<long>(o + 9)), o += 9;
    for (auto& r : scene.positions) r.insert(r.end(), out.begin() + static_cast<long>(o), out.begin() + static_cast<long>(o + 3)), o += 3;
  }
}

double extent(const Scene& scene) {
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (const auto& r : scene.positions)
    for (std::size_t k = 0; k < r.size(); ++k) lo[k % 3] = std::min(lo[k % 3], r[k]), hi[k % 3] = std::max(hi[k % 3], r[k]);
  double d = 0;
  for (int i = 0; i < 3; ++i) d += hi[i] > lo[i] ? (hi[i] - lo[i]) * (hi[i] - lo[i]) : 0;
  return std::max(std::sqrt(d), 1e-3);
}

// The largest distance across a shape (a line's two points are in the points' extent).
double diameter(const SceneShape& s) {
  const auto& [a, b, c] = s.size;
  if (s.kind == "box") return std::sqrt(a * a + b * b + c * c);
  if (s.kind == "cylinder" || s.kind == "disk") return std::hypot(2 * a, b);
  if (s.kind == "torus") return 2 * (a + b);
  if (s.kind == "line") return 0;
  return 2 * std::max({a, b, c});  // sphere, ellipsoid
}

// The uniform solid ellipsoid with the body's mass and central principal moments:
// I1 = m (b² + c²)/5, ..., so a² = 5 (I2 + I3 − I1) / (2m); a thin direction is drawn at 2 % of the scene.
SceneBody inertia_ellipsoid(const model::System& s, const std::vector<kin::Point>& points, const model::RigidBody& b,
                            const Scene& scene) {
  const auto values = s.parameter_values();
  const double m = sym::evaluate(b.mass(), values, "mass of body '" + b.name() + "'");
  const Eigen::Matrix3d I = sym::evaluate(b.central_inertia().components_in(b.frame()), values,
                                          "inertia of body '" + b.name() + "'");
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> principal(I);
  const Eigen::Vector3d J = principal.eigenvalues();
  SceneBody out{b.name(), index_of(s.frames(), b.frame().name()), index_of(points, b.mass_center().name()), {}, {}};
  const double thinnest = 0.02 * scene.extent;
  for (int i = 0; i < 3; ++i) {
    const double a2 = 5 * (J.sum() - 2 * J(i)) / (2 * m);
    out.semi_axes[static_cast<std::size_t>(i)] = std::max(std::sqrt(std::max(a2, 0.0)), thinnest);
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out.principal_axes[static_cast<std::size_t>(3 * i + j)] = principal.eigenvectors()(i, j);
  return out;
}

// Spheres of volume proportional to the mass; the heaviest of radius 4 % of the scene.
std::vector<SceneParticle> particle_spheres(const model::System& s, const std::vector<kin::Point>& points,
                                            const Scene& scene) {
  std::vector<double> masses;
  for (const auto& p : s.particles())
    masses.push_back(sym::evaluate(p.mass(), s.parameter_values(), "mass of particle '" + p.name() + "'"));
  const double heaviest = masses.empty() ? 1 : *std::max_element(masses.begin(), masses.end());
  std::vector<SceneParticle> out;
  for (std::size_t k = 0; k < masses.size(); ++k) {
    const auto& p = s.particles()[k];
    const auto at = index_of(points, p.point().name());
    if (at < points.size()) out.push_back({p.name(), at, 0.04 * scene.extent * std::cbrt(masses[k] / heaviest)});
  }
  return out;
}

// Whether two points keep a nonzero distance over the run: a rod or a massless link between them,
// not the coordinates that place a body (the rolling disk's centre from the origin).
bool rigid(const Scene& scene, std::size_t a, std::size_t b) {
  double lo = INFINITY, hi = 0;
  for (std::size_t k = 0; k < scene.t.size(); ++k) {
    double d2 = 0;
    for (std::size_t i = 0; i < 3; ++i) d2 += std::pow(scene.positions[a][3 * k + i] - scene.positions[b][3 * k + i], 2);
    lo = std::min(lo, std::sqrt(d2)), hi = std::max(hi, std::sqrt(d2));
  }
  return lo > 1e-9 * scene.extent && hi - lo <= 1e-6 * scene.extent;
}

// Against gravity (N components), when it is given in numbers.
std::array<double, 3> up_direction(const model::System& s) {
  if (!s.gravity()) return {0, 0, 1};
  try {
    const Eigen::Vector3d g = sym::evaluate(s.gravity()->acceleration.components_in(s.inertial_frame()),
                                            s.parameter_values(), "gravity");
    if (g.norm() > 0) return {-g(0) / g.norm(), -g(1) / g.norm(), -g(2) / g.norm()};
  } catch (const Error&) {
  }
  return {0, 0, 1};
}

// The model's shapes at the parameters' values; a shape at a point that has no position is left out.
std::vector<SceneShape> model_shapes(const model::System& s, const std::vector<kin::Point>& points) {
  std::vector<SceneShape> out;
  for (const auto& shape : s.shapes()) {
    SceneShape drawn{shape.name, model::shape_kind_name(shape.kind), index_of(s.frames(), shape.frame.name()),
                     index_of(points, shape.center.name()), 0, {}, shape.axis, shape.color};
    drawn.to = shape.to ? index_of(points, shape.to->name()) : drawn.center;
    for (std::size_t i = 0; i < 3; ++i)
      drawn.size[i] = sym::evaluate(shape.size[i], s.parameter_values(), "size of shape '" + shape.name + "'");
    if (drawn.center < points.size() && drawn.to < points.size()) out.push_back(drawn);
  }
  return out;
}

// The plane a rolling contact rolls on, added unless it is there (contacts on one plane share it).
void add_contact_plane(const model::System& s, const std::vector<kin::Point>& points, const std::string& name,
                       const kin::ReferenceFrame& ground, const kin::Vector& normal, const kin::Point& plane_point,
                       std::vector<ScenePlane>& out) {
  ScenePlane plane{name, index_of(s.frames(), ground.name()), index_of(points, plane_point.name()), {}};
  const Eigen::Vector3d n = sym::evaluate(normal.components_in(ground), s.parameter_values(),
                                          "normal of rolling contact '" + name + "'");
  for (std::size_t i = 0; i < 3; ++i) plane.normal[i] = n(static_cast<Eigen::Index>(i));
  const auto same = [&](const ScenePlane& p) {
    return p.frame == plane.frame && p.point == plane.point && Eigen::Vector3d(p.normal.data()).isApprox(n, 1e-12);
  };
  if (plane.point < points.size() && std::none_of(out.begin(), out.end(), same)) out.push_back(plane);
}

// The planes the rolling contacts (of wheels and of convex bodies) roll on, each once.
std::vector<ScenePlane> contact_planes(const model::System& s, const std::vector<kin::Point>& points) {
  std::vector<ScenePlane> out;
  for (const auto& c : s.rolling_contacts()) add_contact_plane(s, points, c.name, c.ground, c.normal, c.plane_point, out);
  for (const auto& c : s.convex_rolling_contacts())
    add_contact_plane(s, points, c.name, c.ground, c.normal, c.plane_point, out);
  return out;
}

// What the model's shapes draw. A body gets no default shape when a shape is placed with its frame
// or at its mass centre (a line there draws a slender body); a particle none when a solid is at its
// point (a line to it is a rod, not its mass). A model that draws lines says how its points are
// joined: it gets no default links.
struct Drawn {
  std::set<std::size_t> frames, points, solids_at;
  bool lines = false;
};

Drawn drawn_by(const std::vector<SceneShape>& shapes) {
  Drawn d;
  for (const auto& s : shapes) {
    d.points.insert(s.center), d.points.insert(s.to);
    if (s.kind == "line") {
      d.lines = true;
      continue;
    }
    if (s.frame != 0) d.frames.insert(s.frame);
    d.solids_at.insert(s.center);
  }
  return d;
}

void add_default_shapes(const model::System& s, const std::vector<kin::Point>& points, Scene& scene) {
  const Drawn shown = drawn_by(scene.shapes);
  for (const auto& b : s.bodies())
    if (auto body = inertia_ellipsoid(s, points, b, scene);
        body.center < points.size() && !shown.frames.count(body.frame) && !shown.points.count(body.center))
      scene.bodies.push_back(body);
  for (const auto& p : particle_spheres(s, points, scene))
    if (!shown.solids_at.count(p.point)) scene.particles.push_back(p);
  if (shown.lines) return;
  for (std::size_t k = 0; k < points.size(); ++k)
    if (auto parent = points[k].parent())
      if (const auto from = index_of(points, parent->name()); from < points.size() && rigid(scene, from, k))
        scene.links.push_back({from, k});
}

// Little-endian float32, base64 (yaml-cpp's encoder).
std::string float32_base64(const std::vector<double>& values) {
  std::vector<unsigned char> bytes;
  bytes.reserve(4 * values.size());
  for (double v : values) {
    const auto f = static_cast<float>(v);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<unsigned char>(bits >> (8 * b)));
  }
  return YAML::EncodeBase64(bytes.data(), bytes.size());
}

// The samples of the items marked used, encoded; null for the others.
nlohmann::json encoded(const std::vector<std::vector<double>>& samples, const std::set<std::size_t>& used) {
  auto out = nlohmann::json::array();
  for (std::size_t k = 0; k < samples.size(); ++k)
    out.push_back(used.count(k) ? nlohmann::json(float32_base64(samples[k])) : nlohmann::json(nullptr));
  return out;
}

}  // namespace

Scene sample_scene(const model::System& system, const Trajectory& trajectory) {
  Scene scene;
  scene.system = system.name();
  scene.t = trajectory.t;
  scene.completed = trajectory.summary.completed;
  scene.stop_reason = trajectory.summary.stop_reason;
  for (const auto& F : system.frames()) scene.frame_names.push_back(F.name());
  const auto points = located_points(system);
  for (const auto& P : points) scene.point_names.push_back(P.name());
  sample(system, points, trajectory, scene);
  scene.extent = extent(scene);
  scene.up = up_direction(system);
  scene.shapes = model_shapes(system, points);
  for (const auto& shape : scene.shapes) scene.extent = std::max(scene.extent, diameter(shape));  // a rattleback's shell
  add_default_shapes(system, points, scene);
  scene.planes = contact_planes(system, points);
  return scene;
}

std::string Scene::json(const std::vector<std::size_t>& traced) const {
  std::set<std::size_t> frames_used, points_used(traced.begin(), traced.end());
  for (const auto& b : bodies) frames_used.insert(b.frame), points_used.insert(b.center);
  for (const auto& p : particles) points_used.insert(p.point);
  for (const auto& [from, to] : links) points_used.insert(from), points_used.insert(to);
  for (const auto& s : shapes) {
    if (s.kind != "line") frames_used.insert(s.frame);  // a line needs only its two points
    points_used.insert(s.center), points_used.insert(s.to);
  }
  for (const auto& p : planes) frames_used.insert(p.frame), points_used.insert(p.point);
  nlohmann::json j{{"system", system},
                   {"t", t},
                   {"frames", frame_names},
                   {"points", point_names},
                   {"rotations", encoded(rotations, frames_used)},
                   {"positions", encoded(positions, points_used)},
                   {"extent", extent},
                   {"up", up},
                   {"completed", completed},
                   {"stop_reason", stop_reason},
                   {"traces", traced}};
  j["bodies"] = nlohmann::json::array();
  for (const auto& b : bodies)
    j["bodies"].push_back({{"name", b.name}, {"frame", b.frame}, {"center", b.center}, {"semi_axes", b.semi_axes},
                           {"principal_axes", b.principal_axes}});
  j["particles"] = nlohmann::json::array();
  for (const auto& p : particles) j["particles"].push_back({{"name", p.name}, {"point", p.point}, {"radius", p.radius}});
  j["links"] = links;
  j["shapes"] = nlohmann::json::array();
  for (const auto& s : shapes)
    j["shapes"].push_back({{"name", s.name}, {"kind", s.kind}, {"frame", s.frame}, {"center", s.center}, {"to", s.to},
                           {"size", s.size}, {"axis", s.axis}, {"color", s.color}});
  j["planes"] = nlohmann::json::array();
  for (const auto& p : planes)
    j["planes"].push_back({{"name", p.name}, {"frame", p.frame}, {"point", p.point}, {"normal", p.normal}});
  return j.dump();
}

}  // namespace adyn::numeric
