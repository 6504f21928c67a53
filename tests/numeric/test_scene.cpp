// The scene of `adyn animate` (numeric/scene.hpp): positions and orientations sampled along a
// trajectory equal the closed forms, the default shapes follow the mass properties and fill in
// what a geometry section leaves out, rolling contacts give their plane, and a trajectory's CSV
// reads back.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/scene.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

numeric::Trajectory run(const io::ModelDocument& doc, double t_end) {
  numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = 0.1;
  const auto eom = formulations::derive(doc.system, "lagrange");
  Eigen::VectorXd q = doc.system.reference_configuration(), u = Eigen::VectorXd::Zero(q.size());
  return numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, 0, q, u), o);
}

// One sample at the model's reference configuration (no run: a model of kinematics has none).
numeric::Trajectory reference_sample(const io::ModelDocument& doc) {
  numeric::Trajectory tr;
  for (const auto& q : doc.system.coordinates()) tr.coordinate_names.push_back(q.get_name());
  tr.t = {0.0};
  tr.q = {doc.system.reference_configuration()};
  return tr;
}

std::size_t index(const std::vector<std::string>& names, const std::string& name) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

}  // namespace

// The double pendulum (examples/double_pendulum.yaml): P1 = l1 (sin q1, −cos q1, 0), P2 = P1 +
// l2 (sin q2, −cos q2, 0), ^N C ^A the rotation by q1 about z; rods O–P1 and P1–P2; up = +N.y.
TEST(Scene, DoublePendulumGeometry) {
  const auto doc = io::read_model_document(test::example("double_pendulum.yaml"));
  const auto tr = run(doc, 1.0);
  const auto scene = numeric::sample_scene(doc.system, tr);
  ASSERT_EQ(scene.t.size(), tr.t.size());
  const auto P1 = index(scene.point_names, "P1"), P2 = index(scene.point_names, "P2");
  const auto A = index(scene.frame_names, "A");
  for (std::size_t k = 0; k < scene.t.size(); k += 3) {
    const double q1 = tr.q[k](0), q2 = tr.q[k](1);
    EXPECT_NEAR(scene.positions[P1][3 * k], std::sin(q1), 1e-14);
    EXPECT_NEAR(scene.positions[P1][3 * k + 1], -std::cos(q1), 1e-14);
    EXPECT_NEAR(scene.positions[P2][3 * k], std::sin(q1) + 0.5 * std::sin(q2), 1e-14);
    EXPECT_NEAR(scene.positions[P2][3 * k + 1], -std::cos(q1) - 0.5 * std::cos(q2), 1e-14);
    EXPECT_NEAR(scene.rotations[A][9 * k], std::cos(q1), 1e-14);
    EXPECT_NEAR(scene.rotations[A][9 * k + 1], -std::sin(q1), 1e-14);
  }
  EXPECT_EQ(scene.links.size(), 2u);
  EXPECT_EQ(scene.particles.size(), 2u);
  EXPECT_NEAR(scene.particles[0].radius, scene.particles[1].radius, 1e-15);  // equal masses
  EXPECT_NEAR(scene.up[1], 1.0, 1e-15);
  EXPECT_GT(scene.extent, 1.0);
}

// A uniform solid ellipsoid of semi-axes (a, b, c) has I1 = m (b² + c²)/5, ...: the heavy top's
// inertia gives back the axes whose moments it has.
TEST(Scene, BodiesAreTheirInertiaEllipsoids) {
  const auto doc = io::read_model_document(test::example("heavy_symmetric_top.yaml"));
  const auto scene = numeric::sample_scene(doc.system, run(doc, 0.2));
  ASSERT_EQ(scene.bodies.size(), 1u);
  const auto& b = scene.bodies[0];
  const auto& body = doc.system.bodies()[0];
  const auto values = doc.system.parameter_values();
  const double m = sym::evaluate(body.mass(), values);
  const Eigen::Matrix3d I = sym::evaluate(body.central_inertia().components_in(body.frame()), values);
  const auto [a, bb, c] = b.semi_axes;
  Eigen::Vector3d moments(m * (bb * bb + c * c) / 5, m * (a * a + c * c) / 5, m * (a * a + bb * bb) / 5);
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> principal(I);
  EXPECT_LT((moments - principal.eigenvalues()).norm(), 1e-12 * I.norm());
  // The rolling disk's centre is placed by coordinates from the origin: no link is drawn to it.
  const auto disk = io::read_model_document(test::example("greenwood_4_11_rolling_disk.yaml"));
  EXPECT_TRUE(numeric::sample_scene(disk.system, run(disk, 0.2)).links.empty());
}

TEST(Scene, TrajectoryCsvReadsBack) {
  const auto doc = io::read_model_document(test::example("double_pendulum.yaml"));
  const auto tr = run(doc, 0.5);
  std::stringstream csv;
  tr.write_csv(csv);
  EXPECT_EQ(csv.str().find('#'), std::string::npos) << "a complete run has no mark";
  const auto back = numeric::read_trajectory_csv(csv, "run.csv", {"q2", "q1"});
  EXPECT_TRUE(back.summary.completed);
  ASSERT_EQ(back.t, tr.t);
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    EXPECT_EQ(back.q[k](0), tr.q[k](1));  // 17 digits: the same doubles
    EXPECT_EQ(back.q[k](1), tr.q[k](0));
  }
  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {"", "run.csv:1:1: trajectory: is empty"},
           {"t,q1\n", "run.csv:1:1: trajectory: has no column 'q2'"},
           {"t,q1,q2\n0,1\n", "run.csv:2:1: trajectory: has 2 values, the header 3"},
           {"t,q1,q2\n0,1,nan\n", "run.csv:2:1: trajectory: 'q2' is 'nan', not a finite number"},
           {"t,q1,q2\n1,0,0\n0,0,0\n", "run.csv:3:1: trajectory: the time goes backwards"},
           {"t,q1,q2\n", "run.csv:2:1: trajectory: has no samples"}}) {
    std::istringstream in(text);
    const auto thrown = test::thrown_message([&] { numeric::read_trajectory_csv(in, "run.csv", {"q1", "q2"}); });
    EXPECT_EQ(thrown.rfind(message, 0), 0u) << thrown;
  }
}

// A run cut short (interrupted, or stopped by a failure) ends its CSV with the comment line
// "# incomplete: <why>", which the reader skips and reports.
TEST(Scene, AnIncompleteTrajectoryIsMarkedInItsCsv) {
  const auto doc = io::read_model_document(test::example("double_pendulum.yaml"));
  auto tr = run(doc, 0.5);
  tr.summary.completed = false, tr.summary.interrupted = true, tr.summary.stop_reason = "interrupted at t = 0.5";
  std::stringstream csv;
  tr.write_csv(csv);
  const std::string text = csv.str();
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1), "# incomplete: interrupted at t = 0.5\n");
  const auto back = numeric::read_trajectory_csv(csv, "run.csv", {"q1", "q2"});
  EXPECT_EQ(back.t, tr.t);
  EXPECT_FALSE(back.summary.completed);
  EXPECT_EQ(back.summary.stop_reason, "interrupted at t = 0.5");
}

// With a geometry section the scene holds the model's shapes, their sizes in numbers, and no
// default shapes where they draw (the Whipple bicycle: two tori, three lines and a sphere cover
// all four bodies); the two wheels roll on one plane, N's z = 0 through O with normal −N.z.
TEST(Scene, TheModelsGeometryAndThePlaneItRollsOn) {
  const auto doc = io::read_model_document(test::example("whipple_bicycle.yaml"));
  const auto scene = numeric::sample_scene(doc.system, reference_sample(doc));
  ASSERT_EQ(scene.shapes.size(), 6u);
  EXPECT_EQ(scene.shapes[0].kind, "torus");
  EXPECT_EQ(scene.shapes[0].size[0], 0.3);  // rR
  EXPECT_EQ(scene.shapes[0].axis, 1);
  EXPECT_EQ(scene.shapes[2].kind, "line");
  EXPECT_TRUE(scene.bodies.empty() && scene.particles.empty() && scene.links.empty());
  EXPECT_NEAR(scene.up[2], -1.0, 1e-15);  // z points down in this model
  ASSERT_EQ(scene.planes.size(), 1u);
  EXPECT_EQ(scene.planes[0].name, "rear contact");
  EXPECT_EQ(scene.frame_names[scene.planes[0].frame], "N");
  EXPECT_EQ(scene.point_names[scene.planes[0].point], "O");
  EXPECT_EQ(scene.planes[0].normal, (std::array<double, 3>{0, 0, -1}));
  // Angeles' disk rolls on its own plane; the double pendulum rolls on none.
  const auto disk = io::read_model_document(test::example("angeles_rolling_disk_contact.yaml"));
  EXPECT_EQ(numeric::sample_scene(disk.system, reference_sample(disk)).planes.size(), 1u);  // no masses to run
  const auto pendulum = io::read_model_document(test::example("double_pendulum.yaml"));
  EXPECT_TRUE(numeric::sample_scene(pendulum.system, run(pendulum, 0.2)).planes.empty());
}

// The rattleback (examples/kane_levinson_1982_rattleback.yaml): its shell an ellipsoid with the
// semi-axes of its surface, in the body's frame (no default shape for the body), and the plane its
// convex-body rolling contact rolls on, z = 0 with normal +N.z. Its points stay within 2 cm of O,
// and the scene's extent (which places the camera) is the shell's length, 2a = 0.4 m.
TEST(Scene, AnEllipsoidAndThePlaneAConvexBodyRollsOn) {
  const auto doc = io::read_model_document(test::example("kane_levinson_1982_rattleback.yaml"));
  numeric::Trajectory tr;
  for (const auto& q : doc.system.coordinates()) tr.coordinate_names.push_back(q.get_name());
  tr.t = {0.0};
  tr.q = {doc.system.reference_configuration()};
  const auto scene = numeric::sample_scene(doc.system, tr);
  ASSERT_EQ(scene.shapes.size(), 1u);
  EXPECT_EQ(scene.shapes[0].kind, "ellipsoid");
  EXPECT_EQ(scene.shapes[0].size, (std::array<double, 3>{0.2, 0.03, 0.02}));
  EXPECT_EQ(scene.frame_names[scene.shapes[0].frame], "B");
  EXPECT_TRUE(scene.bodies.empty());
  EXPECT_DOUBLE_EQ(scene.extent, 0.4);
  ASSERT_EQ(scene.planes.size(), 1u);
  EXPECT_EQ(scene.planes[0].name, "contact");
  EXPECT_EQ(scene.planes[0].normal, (std::array<double, 3>{0, 0, 1}));
}

// A geometry section that draws part of the system leaves the rest to the defaults: a box on the
// first bob; the second bob is still its sphere and both rods are still drawn. A model that draws
// a line draws its own links; the bobs at its ends keep their spheres.
TEST(Scene, DefaultsDrawWhatTheGeometryLeavesOut) {
  std::ifstream in(test::example("double_pendulum.yaml"));
  std::stringstream text;
  text << in.rdbuf();
  const auto partial = io::read_model_document_text(text.str() + "geometry:\n  - {name: block, box: [0.1, 0.1, 0.1], frame: A, center: P1}\n",
                                           "partial.yaml");
  auto scene = numeric::sample_scene(partial.system, run(partial, 0.2));
  ASSERT_EQ(scene.particles.size(), 1u);
  EXPECT_EQ(scene.particles[0].name, "bob2");
  EXPECT_EQ(scene.links.size(), 2u);
  const auto lined = io::read_model_document_text(text.str() + "geometry:\n  - {name: rod, line: [P1, P2]}\n", "lined.yaml");
  scene = numeric::sample_scene(lined.system, run(lined, 0.2));
  EXPECT_EQ(scene.particles.size(), 2u);
  EXPECT_TRUE(scene.links.empty());
}
