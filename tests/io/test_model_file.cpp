#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// Reads `yaml` expecting a ModelFileError; returns it.
ModelFileError read_error(const std::string& yaml) {
  try {
    io::read_model(yaml, "model.yaml");
  } catch (const ModelFileError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << yaml;
  return ModelFileError("", 0, "", "");
}

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
                .find("already exists"),
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
