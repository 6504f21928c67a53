// The initial state of a model document (application/initial_state.hpp): the reader records where
// the initial conditions are written and solves nothing; consistent_initial_state completes them
// and reports what it cannot keep at its line; initial_state_of reuses that completion while
// nothing changed.
#include <gtest/gtest.h>

#include "adyn/application/initial_state.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

using namespace adyn;

namespace {

const char* circle = R"(parameters: {r: 2}
coordinates: [x, y]
constraints: [{name: circle, holonomic: x^2 + y^2 - r^2}]
)";

}  // namespace

// The reader keeps a value the constraints forbid (it solves nothing); the completion reports it
// at the value, as `adyn check` does (docs/model-format.md, "Errors").
TEST(InitialState, AGivenValueThatCannotBeKeptIsReportedAtItsLine) {
  const auto doc = io::read_model_document_text(std::string(circle) + "initial:\n  y_d: 0\n  x: 100\n", "ring.yaml");
  ASSERT_TRUE(doc.initial_positions.has_value());
  EXPECT_EQ(doc.initial_positions->section->line, 4);
  EXPECT_EQ(doc.initial_positions->values.at("x").line, 6);
  EXPECT_FALSE(doc.completed.has_value());
  try {
    application::consistent_initial_state(doc);
    FAIL() << "x = 100 kept";
  } catch (const ModelFileError& e) {
    EXPECT_EQ(e.file(), "ring.yaml");
    EXPECT_EQ(e.line(), 6);
    EXPECT_EQ(e.column(), 3);
    EXPECT_NE(std::string(e.what()).find(
                  "initial conditions: x = 100 given: constraint 'circle' cannot be satisfied by completing y"),
              std::string::npos)
        << e.what();
  }
}

// Without an `initial:` section a completion from the defaults that fails is left to the run;
// without parameter values the constraints need, too.
TEST(InitialState, WhatTheFileDoesNotStateIsLeftToTheRun) {
  const auto none = io::read_model_document_text(
      "coordinates: [x]\nconstraints:\n  - {name: a, holonomic: x - 1}\n  - {name: b, holonomic: x - 2}\n");
  EXPECT_FALSE(application::consistent_initial_state(none).has_value());
  const auto unknown = io::read_model_document_text(
      "parameters:\n  r:\ncoordinates: [x, y]\nconstraints:\n  - {name: c, holonomic: x^2 + y^2 - r^2}\n"
      "initial: {x: 0.5}\n");
  EXPECT_FALSE(application::consistent_initial_state(unknown).has_value());
}

// The commands reuse the completion (`adyn check` ran it twice: 3.1 s instead of 0.8 s for the
// Whipple bicycle) while the initial conditions and the parameter values are those it completed,
// and complete anew when either changed.
TEST(InitialState, IsCompletedOnceWhileNothingChanged) {
  auto doc = io::read_model_document_text(std::string(circle) + "initial: {x: 1.2}\n");
  doc.completed = application::consistent_initial_state(doc);
  ASSERT_TRUE(doc.completed.has_value());
  EXPECT_NEAR(doc.completed->state.state.q(1), 1.6, 1e-12);
  doc.completed->state.state.q(1) = 7;  // marked: a reused completion shows it
  EXPECT_EQ(application::initial_state_of(doc).state.q(1), 7);
  doc.system.set_parameter_value("r", 1.3);
  EXPECT_NEAR(application::initial_state_of(doc).state.q(1), 0.5, 1e-12);
  doc.system.set_parameter_value("r", 2);
  EXPECT_EQ(application::initial_state_of(doc).state.q(1), 7);
  doc.setup.initial["x"] = 0;
  EXPECT_NEAR(application::initial_state_of(doc).state.q(1), 2, 1e-12);
}
