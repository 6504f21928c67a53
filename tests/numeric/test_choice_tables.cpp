// The tables of integrators, backends and constraint solvers (numeric/*_registry.hpp):
// every key round-trips (by its key and by its enumerator), an unknown key gives the message it
// always gave, the options' defaults (dopri, tape) have rows, and what the integrators can do.
#include <gtest/gtest.h>

#include <functional>

#include "adyn/error.hpp"
#include "adyn/numeric/backend_registry.hpp"
#include "adyn/numeric/constraint_solver_registry.hpp"
#include "adyn/numeric/integrator_registry.hpp"

using namespace adyn;
using namespace adyn::numeric;

namespace {

void expect_model_error(const std::function<void()>& f, const std::string& message) {
  try {
    f();
    ADD_FAILURE() << "no error, expected: " << message;
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

// Each row is found by its key (`named`) and by its enumerator (`with`, over `member`).
template <class Row, class Value>
void expect_every_key_round_trips(const std::vector<Row>& rows, const Row& (*named)(std::string_view),
                                  const Row& (*with)(Value), Value Row::*member) {
  for (const auto& row : rows) {
    EXPECT_EQ(&named(row.key), &row) << row.key;
    EXPECT_EQ(&with(row.*member), &row) << row.key;
  }
}

}  // namespace

TEST(IntegratorRegistry, EveryKeyRoundTrips) {
  EXPECT_EQ(integrator_names(), (std::vector<std::string>{"dopri", "bdf", "ida", "midpoint", "ali3p"}));
  expect_every_key_round_trips(integrators(), integrator_named, integrator_choice, &IntegratorChoice::integrator);
  EXPECT_EQ(integrator_choice(SimulationOptions{}.integrator).key, "dopri");
}

TEST(IntegratorRegistry, AnUnknownKeyIsAModelErrorListingTheIntegrators) {
  expect_model_error([] { integrator_named("rk4"); }, "integrator 'rk4': not one of dopri, bdf, ida, midpoint, ali3p");
}

TEST(IntegratorRegistry, IdaAndAli3pSolveTheMultiplierFormAndTheFixedStepOnesLocateNoEvents) {
  for (const auto& row : integrators()) {
    const bool fixed_step =
        row.integrator == Integrator::ImplicitMidpoint || row.integrator == Integrator::AugmentedLagrangianIndex3;
    EXPECT_EQ(row.multiplier_form, row.integrator == Integrator::Ida || row.integrator == Integrator::AugmentedLagrangianIndex3)
        << row.key;
    EXPECT_EQ(row.locates_events, !fixed_step) << row.key;
  }
}

TEST(BackendRegistry, EveryKeyRoundTrips) {
  EXPECT_EQ(backend_names(), (std::vector<std::string>{"tape", "native"}));
  expect_every_key_round_trips(backends(), backend_named, backend_choice, &BackendChoice::backend);
  EXPECT_EQ(backend_choice(SimulationOptions{}.backend).key, "tape");
}

TEST(BackendRegistry, AnUnknownKeyIsAModelErrorListingTheBackends) {
  expect_model_error([] { backend_named("gpu"); }, "backend 'gpu': not one of tape, native");
}

TEST(ConstraintSolverRegistry, EveryKeyRoundTripsAndTheDefaultIsTheAugmentedLagrangian) {
  EXPECT_EQ(constraint_solver_names(), (std::vector<std::string>{"augmented-lagrangian", "kkt"}));
  expect_every_key_round_trips(constraint_solvers(), constraint_solver_named, constraint_solver_choice,
                               &ConstraintSolverChoice::solver);
  EXPECT_EQ(constraint_solver_choice(SimulationOptions{}.constraint_solver).key, "augmented-lagrangian");
  expect_model_error([] { constraint_solver_named("lu"); }, "constraint solver 'lu': not one of augmented-lagrangian, kkt");
}
