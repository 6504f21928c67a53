// Simulation options that would integrate nothing, never end, fill the memory or let the
// constraint drift grow are bad input, reported before anything runs (issue 16).
#include <gtest/gtest.h>

#include <limits>

#include "adyn/error.hpp"
#include "adyn/numeric/simulation.hpp"
#include "test_support.hpp"

using adyn::numeric::SimulationOptions;

namespace {

std::string message_of(const SimulationOptions& o) {
  return adyn::test::thrown_message<adyn::ModelError>([&] { o.check(0); });
}

}  // namespace

TEST(SimulationOptions, DefaultsPass) { EXPECT_NO_THROW(SimulationOptions().check(0)); }

TEST(SimulationOptions, BadValuesAreNamed) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  auto with = [](auto set) {
    SimulationOptions o;
    set(o);
    return o;
  };
  EXPECT_NE(message_of(with([&](auto& o) { o.t_end = inf; })).find("t_end must be a finite time"), std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.t_end = 0; })).find("after the initial time 0"), std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.output_step = nan; })).find("output_step must be positive"), std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.t_end = 1e308; })).find("choose a larger output_step"), std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.output_step = 1e-300; })).find("samples, more than 1e+07"), std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.rtol = 0; })).find("rtol and atol must be positive"), std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.baumgarte = -50; })).find("Baumgarte rate must be 0 (off) or positive"),
            std::string::npos);
  EXPECT_NE(message_of(with([&](auto& o) { o.fixed_step = -1; })).find("fixed step"), std::string::npos);
}

// The two step limits: SUNDIALS' per output interval (at least 1) and the run's budget (0: none).
TEST(SimulationOptions, StepLimitsBelowOneAreRefused) {
  SimulationOptions per_output, per_run, none;
  per_output.max_steps_per_output = 0;
  per_run.max_steps_per_run = -5;
  EXPECT_EQ(message_of(per_output), "simulation options: the steps per output interval must be at least 1, got 0");
  EXPECT_EQ(message_of(per_run), "simulation options: the step budget of the run must be 0 (none) or positive, got -5");
  none.max_steps_per_run = 0;
  EXPECT_NO_THROW(none.check(0));
}

TEST(SimulationOptions, TimeBudgetsBelowZeroOrNotFiniteAreRefused) {
  SimulationOptions negative, infinite;
  negative.max_wall_seconds = -1;
  infinite.max_wall_seconds = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of(negative),
            "simulation options: the time budget of the run must be 0 (none) or a positive number of seconds, got -1");
  EXPECT_NE(message_of(infinite).find("the time budget of the run must be"), std::string::npos);
}
