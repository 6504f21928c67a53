#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "io/read_error.hpp"
#include "test_support.hpp"

using namespace adyn;
using test::read_error;

namespace {

const char* pendulum = R"(
name: pendulum
parameters:
  l: {value: 2.0, unit: m}
  g: 9.81
coordinates: [q]
frames:
  - {name: A, parent: N, axis: z, angle: q}
points:
  - {name: P, from: O, position: {A: [l, 0, 0]}}
)";

}  // namespace

TEST(ModelFile, ReadsParametersCoordinatesFramesPoints) {
  auto system = io::read_model(pendulum);
  EXPECT_EQ(system.name(), "pendulum");
  ASSERT_EQ(system.parameters().size(), 2u);
  EXPECT_EQ(*system.parameters()[0].value, 2.0);
  EXPECT_EQ(system.parameters()[0].unit, "m");
  ASSERT_EQ(system.coordinates().size(), 1u);
  auto q = system.coordinates()[0];
  auto l = system.parameters()[0].symbol;
  auto A = system.frame("A");
  auto v = system.point("P").velocity_in(system.inertial_frame());
  EXPECT_TRUE(test::numerically_equal(v, kin::Vector(A, 0, l * sym::derivative_of(q), 0), A));
}

TEST(ModelFile, SpeedsWithCoordinateRates) {
  auto system = io::read_model(R"(
coordinates: [q]
speeds: [u]
coordinate_rates: {q: 2*u}
frames:
  - {name: A, parent: N, axis: z, angle: q}
)");
  auto w = system.in_speeds(system.frame("A").angular_velocity_in(system.inertial_frame()));
  auto u = system.speeds()[0];
  EXPECT_TRUE((w.components_in(system.frame("A"))(2, 0) - 2 * u).is_zero());
}

TEST(ModelFile, ErrorsNameFileLineAndObject) {
  auto e = read_error("coordinates: [q]\nframes:\n  - {name: A, parent: N, axis: z, angle: q + k}\n");
  EXPECT_EQ(e.file(), "model.yaml");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(std::string(e.what()).find("frame 'A'"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("k"), std::string::npos) << e.what();
}

TEST(ModelFile, UnknownParentFrame) {
  auto e = read_error("frames:\n  - {name: A, parent: Q, axis: z, angle: 1}\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(std::string(e.what()).find("frame 'Q'"), std::string::npos) << e.what();
}

TEST(ModelFile, DuplicateNamesAndUnknownKeys) {
  EXPECT_NE(std::string(read_error("parameters: {m: 1}\ncoordinates: [m]\n").what()).find("already used"),
            std::string::npos);
  EXPECT_NE(std::string(read_error("frams: []\n").what()).find("unknown key 'frams'"), std::string::npos);
  EXPECT_NE(std::string(read_error("frames:\n  - {name: N, parent: N, axis: z, angle: 0}\n").what())
                .find("already used by the inertial frame"),
            std::string::npos);
}

TEST(ModelFile, MissingKinematicEquation) {
  auto e = read_error("coordinates: [q]\nspeeds: [u]\n");
  EXPECT_NE(std::string(e.what()).find("coordinate 'q'"), std::string::npos) << e.what();
}

TEST(ModelFile, InvalidSequenceAndYaml) {
  auto e = read_error("coordinates: [a, b, c]\nframes:\n  - name: B\n    parent: N\n    body_fixed: '113'\n"
                      "    angles: [a, b, c]\n");
  EXPECT_EQ(e.line(), 5);
  EXPECT_NE(std::string(e.what()).find("113"), std::string::npos) << e.what();
  EXPECT_EQ(read_error("frames: [\n").object(), "model");
}

TEST(ModelFile, MissingFile) {
  EXPECT_THROW(io::read_model_file("/nonexistent/model.yaml"), ModelFileError);
}

TEST(ModelFile, ConstraintsAndLoads) {
  auto system = io::read_model(R"(
parameters: {k: 10, c: 0.5, m: 1, g: 9.81}
coordinates: [x, y]
frames:
  - {name: A, parent: N, axis: z, angle: x}
points:
  - {name: P, from: O, position: {N: [x, y, 0]}}
constraints:
  - {name: line, holonomic: x - y}
  - {name: rate, velocity: x_d + y*y_d, nonideal_force: [-c*x_d, 0]}
  - {name: speed, general: x_d^2 + y_d^2 - 1}
gravity: {N: [0, -g, 0]}
forces:
  - {name: push, point: P, force: {N: [1, 0, 0]}}
torques:
  - {name: motor, frame: A, torque: {N: [0, 0, 2]}}
springs:
  - {name: s1, between: [O, P], stiffness: k, free_length: 1}
  - {name: s2, between: [O, P], tension: k*stretch^3}
dampers:
  - {name: d1, between: [O, P], coefficient: c}
potentials:
  - {name: well, energy: x^2}
dissipation:
  - {name: drag, function: c*x_d^2/2}
generalized_forces:
  - {name: control, coordinate: y, value: sin(t)}
)");
  ASSERT_EQ(system.constraints().size(), 3u);
  EXPECT_EQ(system.constraints()[0].level, model::ConstraintLevel::Configuration);
  EXPECT_EQ(system.constraints()[1].nonideal_force.size(), 2u);
  EXPECT_EQ(system.constraints()[2].level, model::ConstraintLevel::General);
  EXPECT_TRUE(system.gravity().has_value());
  EXPECT_EQ(system.forces().size(), 1u);
  EXPECT_EQ(system.torques().size(), 1u);
  ASSERT_EQ(system.springs().size(), 2u);
  EXPECT_TRUE(system.springs()[1].tension_law.has_value());
  EXPECT_EQ(system.dampers().size(), 1u);
  EXPECT_EQ(system.potentials().size(), 1u);
  EXPECT_EQ(system.dissipations().size(), 1u);
  EXPECT_EQ(system.generalized_forces().size(), 1u);
}

TEST(ModelFile, ConstraintAndLoadErrorsNameTheObject) {
  auto e = read_error("coordinates: [x]\nconstraints:\n  - {name: bad, holonomic: x_d}\n");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(std::string(e.what()).find("constraint 'bad'"), std::string::npos) << e.what();
  e = read_error("coordinates: [x]\nconstraints:\n  - {name: two, holonomic: x, velocity: x_d}\n");
  EXPECT_NE(std::string(e.what()).find("exactly one"), std::string::npos) << e.what();
  e = read_error("springs:\n  - {name: s, between: [O, Q], stiffness: 1}\n");
  EXPECT_NE(std::string(e.what()).find("point 'Q'"), std::string::npos) << e.what();
  e = read_error("springs:\n  - {name: s, between: [O, O], stiffness: 1}\n");
  EXPECT_NE(std::string(e.what()).find("spring 's'"), std::string::npos) << e.what();
  e = read_error("coordinates: [x]\ngeneralized_forces:\n  - {name: f, coordinate: 2*x, value: 1}\n");
  EXPECT_EQ(e.line(), 3);
}

TEST(ModelFile, ParticlesAndBodies) {
  auto system = io::read_model(R"(
parameters: {m: 2, a: 1}
coordinates: [q]
frames:
  - {name: B, parent: N, axis: z, angle: q}
points:
  - {name: C, from: O, position: {B: [a/2, 0, 0]}}
particles:
  - {name: tip, point: C, mass: m}
bodies:
  - {name: bar, mass_center: C, frame: B, mass: m, inertia: {Iyy: m*a^2/12, Izz: m*a^2/12}}
)");
  ASSERT_EQ(system.particles().size(), 1u);
  ASSERT_EQ(system.bodies().size(), 1u);
  EXPECT_EQ(system.bodies()[0].name(), "bar");
}

TEST(ModelFile, NonPhysicalInertiaNamesTheBody) {
  auto e = read_error(R"(
parameters: {m: 2}
frames:
  - {name: B, parent: N, axis: z, angle: 0}
bodies:
  - {name: plate, mass_center: O, frame: B, mass: m, inertia: {Ixx: 1, Iyy: 1, Izz: 3}}
)");
  EXPECT_EQ(e.line(), 6);
  EXPECT_NE(std::string(e.what()).find("body 'plate'"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("triangle"), std::string::npos) << e.what();
  EXPECT_NE(std::string(read_error("points:\n  - {name: P, from: O}\nparticles:\n  - {name: b, point: P, mass: -1}\n")
                            .what())
                .find("particle 'b'"),
            std::string::npos);
}

TEST(ModelFile, InitialConditionsAndSimulationSettings) {
  auto doc = io::read_model_document_text(R"(
parameters: {a: 0.5}
coordinates: [x, y]
initial: {x: 2*a, y_d: -1}
simulation: {t_end: 3, output_step: 0.1, method: kane, integrator: ali3p, step: 0.002, rtol: 1.0e-9, projection: false}
)");
  EXPECT_DOUBLE_EQ(doc.setup.initial.at("x"), 1.0);
  EXPECT_DOUBLE_EQ(doc.setup.initial.at("y_d"), -1.0);
  EXPECT_EQ(*doc.setup.method, "kane");
  EXPECT_EQ(*doc.setup.integrator, "ali3p");
  EXPECT_DOUBLE_EQ(*doc.setup.step, 0.002);
  EXPECT_FALSE(*doc.setup.projection);
  EXPECT_DOUBLE_EQ(*doc.setup.t_end, 3.0);
  auto bad_name = [] { io::read_model_document_text("coordinates: [x]\ninitial: {z: 1}\n", "m.yaml"); };
  try {
    bad_name();
    FAIL() << "no error";
  } catch (const ModelFileError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(std::string(e.what()).find("initial condition 'z'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(io::read_model_document_text("coordinates: [x]\nsimulation: {t_end: -1}\n"), ModelFileError);
  EXPECT_THROW(io::read_model_document_text("coordinates: [x]\nsimulation: {integrator: euler}\n"), ModelFileError);
  EXPECT_THROW(io::read_model_document_text("coordinates: [x]\nsimulation: {steps: 3}\n"), ModelFileError);
  EXPECT_THROW(io::read_model_document_text("coordinates: [x]\nsimulation: {step: 0}\n"), ModelFileError);
}

TEST(ModelFile, EventsAndImpacts) {
  auto system = io::read_model(R"(
parameters: {e: 0.8}
coordinates: [x1, x2]
events:
  - {name: contact, gap: x2 - x1, restitution: e}
  - {name: wall, gap: 10 - x2}
)");
  ASSERT_EQ(system.events().size(), 2u);
  EXPECT_TRUE(system.events()[0].restitution.has_value());
  EXPECT_FALSE(system.events()[1].restitution.has_value());
  auto e = read_error("coordinates: [x]\nevents:\n  - {name: bad, gap: x, restitution: 1.5}\n");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(std::string(e.what()).find("event 'bad'"), std::string::npos) << e.what();
  EXPECT_NE(std::string(read_error("coordinates: [x]\nevents:\n  - {name: v, gap: x_d}\n").what()).find("rate"),
            std::string::npos);
}

TEST(ModelFile, ErrorsCarryTheColumnOfTheOffendingNode) {
  auto e = read_error("coordinates: [q]\nframes:\n  - {name: A, parent: N, axis: z, angle: q + k}\n");
  EXPECT_EQ(e.column(), 42);  // the angle's value
  EXPECT_EQ(std::string(e.what()).rfind("model.yaml:3:42: frame 'A': undefined symbol 'k'", 0), 0u) << e.what();
}

TEST(ModelFile, LargeSymbolicPowersAndModeratePowersOfNumbersAreRead) {
  // Powers of numbers are bounded (tests/io/malformed/expression_huge_power.yaml,
  // expression_huge_decimal_power.yaml), and the exponents of symbols at ±10000
  // (expression_huge_exponent_of_a_coordinate.yaml); within the bounds they are read as usual.
  auto system = io::read_model("parameters: {m: 1}\ncoordinates: [x]\npotentials:\n"
                               "  - {name: V, energy: m^9999 + 2.5^(10^4)*x + 9^(10^5)*x^2 + x^(-10000)}\n");
  EXPECT_EQ(system.potentials().size(), 1u);
}

// A decimal is the exact number written, as an integer is: the equations are derived in exact
// arithmetic, which does not depend on the order GiNaC adds and multiplies in (floating-point sums
// rounded differently from run to run). Functions of numbers stay as written.
TEST(ModelFile, DecimalsAreExactNumbers) {
  const auto system = io::read_model("parameters: {m: 1}\ncoordinates: [x]\n");
  auto parsed = [&](const std::string& text) { return io::parse_expression(system, text, "the test"); };
  EXPECT_TRUE(parsed("0.1 + 0.2").is_equal(GiNaC::numeric(3, 10))) << parsed("0.1 + 0.2");
  EXPECT_TRUE(parsed("2.50e-3*m").is_equal(GiNaC::numeric(1, 400) * system.symbol_table().at("m")));
  EXPECT_TRUE(parsed("1E3 - .5").is_equal(GiNaC::numeric(1999, 2)));
  EXPECT_TRUE(parsed("cos(0.5)").is_equal(GiNaC::cos(GiNaC::ex(GiNaC::numeric(1, 2)))));  // not a float
  EXPECT_TRUE(parsed("sqrt(0.25)").is_equal(GiNaC::numeric(1, 2)));
}

TEST(ModelFile, FramesMayComeInAnyOrder) {
  auto system = io::read_model("coordinates: [a, b]\nframes:\n  - {name: B, parent: A, axis: x, angle: b}\n"
                               "  - {name: A, parent: N, axis: z, angle: a}\n");
  EXPECT_EQ(system.frames().size(), 3u);
}

TEST(ModelFile, InertiaAsAMatrix) {
  auto system = io::read_model(R"(
frames:
  - {name: B, parent: N, axis: z, angle: 0}
bodies:
  - {name: box, mass_center: O, frame: B, mass: 1, inertia: [[2, 0, 0], [0, 3, 0], [0, 0, 4]]}
)");
  ASSERT_EQ(system.bodies().size(), 1u);
}

TEST(ModelFile, ConsistentInitialConditionsAreAccepted) {
  auto doc = io::read_model_document_text(R"(
parameters: {l: 1}
coordinates: [x, y]
constraints:
  - {name: circle, holonomic: x^2 + y^2 - l^2}
initial: {x: 0.6, y: -0.8}
)");
  EXPECT_DOUBLE_EQ(doc.setup.initial.at("x"), 0.6);
  auto completed = io::read_model_document_text("parameters: {l: 1}\ncoordinates: [x, y]\nconstraints:\n"
                                                "  - {name: circle, holonomic: x^2 + y^2 - l^2}\ninitial: {x: 0.6}\n");
  EXPECT_DOUBLE_EQ(completed.setup.initial.at("x"), 0.6);  // y is completed when simulating
}

// `unit:` of a coordinate or speed labels plots; the others have none.
TEST(ModelFile, CoordinateUnits) {
  const auto s = adyn::io::read_model("name: cart\ncoordinates: [{name: x, unit: m}, theta]\nspeeds: [{name: v, unit: m/s}, w]\n"
                                      "coordinate_rates: {x: v, theta: w}\n");
  EXPECT_EQ(s.unit_of(s.coordinates()[0]), "m");
  EXPECT_EQ(s.unit_of(s.coordinates()[1]), "");
  EXPECT_EQ(s.unit_of(s.speeds()[0]), "m/s");
  const auto message = adyn::test::thrown_message([] { adyn::io::read_model("coordinates: [{name: x, unit: [m]}]\n"); });
  EXPECT_NE(message.find("coordinate 'x': expected a unit"), std::string::npos) << message;
}

// geometry: shapes for drawing, checked like every section (model/shape.hpp).
TEST(ModelFile, GeometrySection) {
  const std::string base = "name: g\nparameters: {r: 0.3}\ncoordinates: [q]\nframes: [{name: B, parent: N, axis: z, angle: q}]\n"
                           "points: [{name: P, from: O, position: {B: [1, 0, 0]}}]\n";
  const auto s = adyn::io::read_model(base + "geometry:\n"
                                             "  - {name: wheel, torus: {radius: r, tube: 0.02}, frame: B, center: P, axis: y}\n"
                                             "  - {name: block, box: [1, 2, 3], color: \"#ff0000\"}\n"
                                             "  - {name: rod, line: [O, P]}\n"
                                             "  - {name: coin, disk: {radius: r}, frame: B}\n"
                                             "  - {name: shell, ellipsoid: [r, 0.2, 0.1], frame: B, center: P}\n");
  ASSERT_EQ(s.shapes().size(), 5u);
  const auto& wheel = s.shapes()[0];
  EXPECT_EQ(wheel.kind, adyn::model::ShapeKind::Torus);
  EXPECT_EQ(wheel.frame.name(), "B");
  EXPECT_EQ(wheel.center.name(), "P");
  EXPECT_EQ(wheel.axis, 1);
  EXPECT_EQ(s.shapes()[1].frame.name(), "N");  // defaults: the inertial frame, the origin, z
  EXPECT_EQ(s.shapes()[1].center.name(), "O");
  EXPECT_EQ(s.shapes()[1].color, "#ff0000");
  EXPECT_EQ(s.shapes()[2].to->name(), "P");
  EXPECT_TRUE(s.shapes()[3].size[1].is_equal(s.shapes()[3].size[0] / 20));  // a disk's default thickness
  EXPECT_EQ(s.shapes()[4].kind, adyn::model::ShapeKind::Ellipsoid);
  EXPECT_TRUE(s.shapes()[4].size[2].is_equal(GiNaC::numeric(1, 10)));
  for (const auto& [entry, message] : std::vector<std::pair<std::string, std::string>>{
           {"{name: a}", "shape 'a': needs a shape: box, cylinder, sphere, ellipsoid, disk, torus or line"},
           {"{name: a, sphere: 1, box: [1, 1, 1]}", "shape 'a': has two shapes, 'box' and 'sphere': give one"},
           {"{name: a, box: [1, 2]}", "shape 'a': a box has three edge lengths [x, y, z]"},
           {"{name: a, sphere: -1}", "shape 'a': a size must be positive"},
           {"{name: a, ellipsoid: [1, 2]}", "shape 'a': an ellipsoid has three semi-axes [a, b, c]"},
           {"{name: a, ellipsoid: [1, 0, 2]}", "shape 'a': a size must be positive"},
           {"{name: a, ellipsoid: [1, 1, 2], axis: z}",
            "shape 'a': 'axis' is the axis of symmetry of a cylinder, disk or torus; an ellipsoid has its semi-axes "
            "along its frame's x, y, z"},
           {"{name: a, sphere: 1, center: Q}", "shape 'a': no point 'Q'"},
           {"{name: a, disk: {radius: 1}, axis: w}", "shape 'a': the axis is x, y or z"},
           {"{name: a, sphere: 1, axis: x}",
            "shape 'a': 'axis' is the axis of symmetry of a cylinder, disk or torus; a sphere has none"},
           {"{name: a, sphere: 1, color: red}", "shape 'a': a colour is written #rrggbb"},
           {"{name: a, torus: {radius: 1}}", "shape 'a': needs 'tube'"},
           {"{name: a, line: [O]}", "shape 'a': a line joins two points"}}) {
    const auto thrown = adyn::test::thrown_message([&] { adyn::io::read_model(base + "geometry:\n  - " + entry + "\n", "m.yaml"); });
    EXPECT_NE(thrown.find("m.yaml:7:"), std::string::npos) << thrown;
    EXPECT_NE(thrown.find(message), std::string::npos) << thrown;
  }
}

