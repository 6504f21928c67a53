// A simulation's options: given ones over the model file's settings over the defaults.
#include <gtest/gtest.h>

#include "adyn/application/dependent_speeds.hpp"
#include "adyn/application/simulation_setup.hpp"
#include "adyn/error.hpp"
#include "test_support.hpp"

using namespace adyn;

TEST(SimulationSetup, GivenOverTheModelFileOverTheDefaults) {
  const auto doc = io::read_model_document(test::example("double_pendulum.yaml"));
  const numeric::SimulationOptions defaults;
  const auto file = application::simulation_options({}, doc.setup);
  EXPECT_EQ(file.t_end, 10.0);
  EXPECT_EQ(file.rtol, 1e-10);
  EXPECT_EQ(file.atol, 1e-12);
  EXPECT_EQ(file.integrator, defaults.integrator);
  EXPECT_TRUE(file.project && file.articulated_body);
  EXPECT_EQ(file.max_steps_per_run, 0);
  EXPECT_EQ(file.fixed_step, 0.0);
  application::SimulationOverrides given;
  given.t_end = 2, given.integrator = "bdf", given.projection = false, given.mass_matrix = true, given.max_steps = 50;
  given.step = 1e-3;
  given.constraint_solver = "kkt";
  const auto o = application::simulation_options(given, doc.setup);
  EXPECT_EQ(o.t_end, 2.0);
  EXPECT_EQ(o.rtol, 1e-10);
  EXPECT_EQ(o.integrator, numeric::Integrator::Bdf);
  EXPECT_FALSE(o.project || o.articulated_body);
  EXPECT_EQ(o.constraint_solver, numeric::ConstraintSolver::Kkt);
  EXPECT_EQ(o.max_steps_per_run, 50);
  EXPECT_EQ(o.fixed_step, 1e-3);
  EXPECT_FALSE(o.input_law) << "the input law is the caller's";
}

TEST(SimulationSetup, BadOptionsAreNamed) {
  const io::SimulationSetup none;
  auto error = [&](const application::SimulationOverrides& given) {
    try {
      application::simulation_options(given, none);
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  application::SimulationOverrides steps, time, solver;
  steps.max_steps = 0, time.max_time = -1, solver.constraint_solver = "lu";
  EXPECT_EQ(error(steps), "simulation options: max steps must be a whole number of at least 1, got 0");
  EXPECT_EQ(error(time), "simulation options: max time must be a positive number of seconds, got -1");
  EXPECT_EQ(error(solver), "constraint solver 'lu': not one of augmented-lagrangian, kkt");
}

// The initial state completes the model's initial conditions; a run's notes say how.
TEST(SimulationSetup, InitialStateAndRunNotes) {
  const auto doc = io::read_model_document(test::example("four_bar_joint.yaml"));
  const auto initial = application::initial_state(doc);
  EXPECT_EQ(initial.state.q.size(), static_cast<Eigen::Index>(doc.system.coordinates().size()));
  numeric::Trajectory trajectory;
  application::add_run_notes(trajectory, doc, initial);
  EXPECT_EQ(trajectory.summary.initial_state, initial.messages());
}

TEST(DependentSpeeds, NamesThatAreNotSpeedsAreRefused) {
  auto system = io::read_model_document(test::example("double_pendulum.yaml")).system;
  try {
    application::set_dependent_speeds(system, {"z"});
    FAIL() << "no symbol z";
  } catch (const ModelError& e) {
    EXPECT_STREQ(e.what(), "--dependent 'z': is not a speed of the model");
  }
}
