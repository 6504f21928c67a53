// The integrators (src/numeric/steppers.cpp): accuracy to their tolerance against a tight
// Dormand–Prince reference, and output sampling that does not restart them.
#include <gtest/gtest.h>

#include <chrono>

#include <cmath>

#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"
#include "seed_systems.hpp"

using namespace adyn;
using formulations::State;

namespace {

// Géradin E1.10's Cartesian pendulum by Lagrange's multipliers, released 0.5 rad from the bottom.
struct CartesianPendulum {
  model::System system = seeds::cartesian_pendulum();
  formulations::EquationsOfMotion eom = formulations::lagrange(system);
  State x0{0, Eigen::Vector2d(std::sin(0.5), -std::cos(0.5)), Eigen::Vector2d(0, 0)};

  numeric::Trajectory run(numeric::Integrator integrator, double rtol, double atol, double output_step = 0.01) const {
    numeric::SimulationOptions o;
    o.t_end = 2;
    o.output_step = output_step;
    o.integrator = integrator;
    o.rtol = rtol;
    o.atol = atol;
    auto tr = numeric::simulate(system, eom, x0, o);
    EXPECT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
    return tr;
  }
};

double state_error(const numeric::Trajectory& a, const numeric::Trajectory& b) {
  return std::max((a.q.back() - b.q.back()).cwiseAbs().maxCoeff(), (a.u.back() - b.u.back()).cwiseAbs().maxCoeff());
}

}  // namespace

// IDA on the stabilized index-2 DAE follows its tolerance as CVODE's BDF does: over 2 s (a period)
// of the Cartesian pendulum its error against Dormand–Prince at rtol 1e-10 (itself within 1e-12)
// stays below 20 rtol (measured 3.3e-8 at rtol 1e-8, 1.4e-9 at 1e-10; 2e-5 at 1e-8 with the
// index-1 form, Newton's default convergence coefficient and a restart at every output), and the
// constraints hold without projection.
// (A BDF method controls the local error; its global error is a modest multiple of rtol.)
TEST(Geradin_E1_10_CartesianPendulum, IdaIsAccurateToItsTolerance) {
  const CartesianPendulum pendulum;
  const auto reference = pendulum.run(numeric::Integrator::DormandPrince, 1e-10, 1e-12);
  for (double rtol : {1e-8, 1e-10}) {
    const auto ida = pendulum.run(numeric::Integrator::Ida, rtol, 1e-12);
    EXPECT_LT(state_error(ida, reference), 20 * rtol) << "rtol " << rtol;
    EXPECT_LT(ida.summary.max_violation, rtol) << "rtol " << rtol;
  }
}

// Output samples do not restart the integrator: the constraints drift less than the constraint
// tolerance, so nothing is projected, and sampling every 1e-4 s takes as many steps as every
// 1e-2 s (it took 95 647 steps instead of 517 when each sample projected and restarted).
TEST(Simulation, DenseOutputDoesNotRestartTheIntegrator) {
  const CartesianPendulum pendulum;
  const auto coarse = pendulum.run(numeric::Integrator::DormandPrince, 1e-8, 1e-10, 1e-2);
  const auto fine = pendulum.run(numeric::Integrator::DormandPrince, 1e-8, 1e-10, 1e-4);
  ASSERT_EQ(fine.t.size(), 20001u);
  EXPECT_LE(fine.summary.steps, coarse.summary.steps + coarse.summary.steps / 10);
  EXPECT_LT(fine.summary.max_violation, 1e-8);
  EXPECT_LT(state_error(fine, coarse), 1e-9);
}

// A run that needs more steps in an output interval than SimulationOptions::max_steps_per_output stops saying
// so in words — the time, the budget and what to try — not in the integrator's ("CVode: At t =
// 0.0123, mxstep steps taken before reaching tout.").
TEST(Simulation, StepBudgetExceededIsWorded) {
  const CartesianPendulum pendulum;
  for (auto integrator : {numeric::Integrator::DormandPrince, numeric::Integrator::Bdf, numeric::Integrator::Ida}) {
    numeric::SimulationOptions o;
    o.t_end = 2;
    o.output_step = 0.5;
    o.integrator = integrator;
    o.max_steps_per_output = 5;
    const auto tr = numeric::simulate(pendulum.system, pendulum.eom, pendulum.x0, o);
    const auto& why = tr.summary.stop_reason;
    EXPECT_FALSE(tr.summary.completed);
    EXPECT_EQ(why.rfind("integration stopped at t = ", 0), 0u) << why;
    const std::string advice = integrator == numeric::Integrator::DormandPrince
                                   ? ": more than 5 steps in one output interval (the equations may be stiff: try the "
                                     "integrator bdf)"
                                   : ": more than 5 steps in one output interval (loosen rtol and atol, or look for a "
                                     "singularity of the equations at this time)";
    EXPECT_NE(why.find(advice), std::string::npos) << why;
    for (const char* internal : {"mxstep", ",,", ", ,", "CVode", "ERKStep", "arkEvolve", "IDASolve", "tout"})
      EXPECT_EQ(why.find(internal), std::string::npos) << why;
  }
}

// The run's step budget (SimulationOptions::max_steps_per_run) stops every integrator after that
// many steps with the trajectory so far, naming the budget and the time.
TEST(Simulation, StepBudgetOfTheRunStopsItWithTheTrajectorySoFar) {
  const CartesianPendulum pendulum;
  for (auto integrator : {numeric::Integrator::DormandPrince, numeric::Integrator::Bdf, numeric::Integrator::Ida,
                          numeric::Integrator::ImplicitMidpoint}) {
    numeric::SimulationOptions o;
    o.t_end = 2;
    o.output_step = 0.01;
    o.integrator = integrator;
    o.max_steps_per_run = 100;
    const auto tr = numeric::simulate(pendulum.system, pendulum.eom, pendulum.x0, o);
    const auto& why = tr.summary.stop_reason;
    EXPECT_FALSE(tr.summary.completed);
    EXPECT_FALSE(tr.summary.interrupted);
    EXPECT_EQ(tr.summary.steps, 100);
    ASSERT_GE(tr.t.size(), 2u) << why;
    EXPECT_LT(tr.t.back(), 2);
    EXPECT_EQ(why.rfind("the step budget of 100 steps (max steps) is spent at t = ", 0), 0u) << why;
    EXPECT_NE(why.find(", before t_end = 2"), std::string::npos) << why;
    const double t_stop = std::stod(why.substr(why.find("t = ") + 4));
    EXPECT_GE(t_stop, tr.t.back() - 1e-5) << why;  // the message's 6 digits; the budget may end at a sample
    EXPECT_LT(t_stop, tr.t.back() + o.output_step) << why;
  }
}

// The run's wall-clock budget (SimulationOptions::max_wall_seconds) stops every integrator soon
// after it is spent, with the trajectory so far, naming the budget and the time: a run that would
// take minutes (10^6 s of a pendulum at rtol 1e-12) ends within a second.
TEST(Simulation, TimeBudgetOfTheRunStopsItWithTheTrajectorySoFar) {
  const CartesianPendulum pendulum;
  for (auto integrator : {numeric::Integrator::DormandPrince, numeric::Integrator::Bdf, numeric::Integrator::Ida,
                          numeric::Integrator::ImplicitMidpoint}) {
    numeric::SimulationOptions o;
    o.t_end = 1e6;
    o.output_step = 0.5;
    // The fixed-step midpoint rule cannot hold the constraints to 1e-12: at that tolerance the
    // branch-jump guard, not the budget, would end its run (whichever came first).
    o.rtol = o.atol = integrator == numeric::Integrator::ImplicitMidpoint ? 1e-8 : 1e-12;
    o.integrator = integrator;
    o.max_wall_seconds = 0.05;
    const auto start = std::chrono::steady_clock::now();
    const auto tr = numeric::simulate(pendulum.system, pendulum.eom, pendulum.x0, o);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    const auto& why = tr.summary.stop_reason;
    EXPECT_FALSE(tr.summary.completed);
    EXPECT_FALSE(tr.summary.interrupted);
    EXPECT_LT(took.count(), 1.0) << why;
    ASSERT_GE(tr.t.size(), 1u) << why;
    EXPECT_EQ(why.rfind("the time budget of 0.05 s (max time) is spent at t = ", 0), 0u) << why;
    EXPECT_NE(why.find(", before t_end = 1e+06"), std::string::npos) << why;
  }
}

// A step size that collapses stops the run at once rather than after max_steps_per_output
// (10^7) steps: an oscillator of frequency 10^15 rad/s, explicit steps of about 10^-17 s, so 10^4
// steps advance t by less than 10^-9 of the span.
TEST(Simulation, StalledStepSizeStopsTheRun) {
  const auto doc = io::read_model_document_text(
      "parameters: {k: 1e30}\ncoordinates: [x]\npoints:\n  - {name: P, from: O, position: {N: [x, 0, 0]}}\n"
      "particles:\n  - {name: p, point: P, mass: 1}\npotentials:\n  - {name: spring, energy: k*x^2/2}\n");
  numeric::SimulationOptions o;
  o.t_end = 10;
  o.output_step = 0.1;
  const auto tr = numeric::simulate(doc.system, formulations::lagrange(doc.system),
                                    State{0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1)}, o);
  const auto& why = tr.summary.stop_reason;
  EXPECT_FALSE(tr.summary.completed);
  ASSERT_EQ(tr.t.size(), 1u) << why;  // the initial state
  EXPECT_EQ(tr.summary.steps, numeric::SimulationOptions::stall_window) << why;
  EXPECT_EQ(why.rfind("the integration stalled at t = ", 0), 0u) << why;
  EXPECT_NE(why.find(": 10000 steps advanced t by only "), std::string::npos) << why;
  EXPECT_NE(why.find("(the equations may be stiff: try the integrator bdf; or singular here)"), std::string::npos) << why;
}

// The fixed-step midpoint rule drifts from the Cartesian pendulum's rod by O(h²) per step: at a
// constraint tolerance of 1e-12 every step limit the branch-jump guard tries still leaves more than
// 1000 tolerances, and the run stops there — naming the drift, not another branch, for the rank of
// the rod's row never falls.
TEST(Simulation, AJumpThatPersistsWithoutALossOfRankIsNamedAsTheIntegratorsDrift) {
  const CartesianPendulum pendulum;
  numeric::SimulationOptions o;
  o.t_end = 1;
  o.output_step = 0.5;
  o.rtol = o.atol = 1e-12;
  o.integrator = numeric::Integrator::ImplicitMidpoint;
  const auto tr = numeric::simulate(pendulum.system, pendulum.eom, pendulum.x0, o);
  const auto& why = tr.summary.stop_reason;
  ASSERT_FALSE(tr.summary.completed);
  EXPECT_EQ(why.rfind("the steps from t = 0 to 0.5 jumped off the constraints at every step limit down to 5e-05 "
                      "(0.0001 of the output step): the violation before the projection at t = 0.5 is ", 0), 0u) << why;
  EXPECT_NE(why.find("no loss of rank of the constraint Jacobian was seen in the interval: the steps leave the "
                     "constraints by more than the tolerance allows even at the smallest step limit: the integrator's "
                     "own drift at this tolerance (an integrator with error control, dopri or bdf, or a looser --rtol "
                     "holds them)"), std::string::npos) << why;
  EXPECT_EQ(why.find("another branch"), std::string::npos) << why;
  ASSERT_EQ(tr.t.size(), 1u);  // the samples that held the constraints: the start
  EXPECT_GE(tr.summary.resteps.size(), 5u);  // a quarter of the step each time, down to 5e-5
  for (const auto& r : tr.summary.resteps) EXPECT_GT(r.violation, 1000 * o.rtol);
}
