// Compile once, run many: runs of one CompiledSystem at other parameter values give what the runs
// of freshly derived and compiled equations give, compile nothing, and may go on in threads at once.
#include <gtest/gtest.h>

#include <thread>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/simulation.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

numeric::SimulationOptions short_run() {
  numeric::SimulationOptions o;
  o.t_end = 0.5;
  o.output_step = 0.05;
  return o;
}

struct Example {
  io::ModelDocument doc;
  formulations::EquationsOfMotion eom;
  formulations::State x0;
};

Example example(const std::string& file, const std::string& method) {
  auto doc = io::read_model_document(test::example(file));
  auto eom = formulations::derive(doc.system, method);
  const auto x = analysis::complete_initial_state(doc.system, doc.setup.initial).state;
  auto x0 = formulations::state_for(eom, doc.system, x.t, x.q, x.u);
  return {std::move(doc), std::move(eom), std::move(x0)};
}

// The last sample's state.
Eigen::VectorXd final_state(const numeric::Trajectory& tr) {
  Eigen::VectorXd x(tr.q.back().size() + tr.u.back().size());
  x << tr.q.back(), tr.u.back();
  return x;
}

}  // namespace

// The four-bar linkage (a closed loop: constraint rows, the augmented Lagrangian, the projection) at
// a second link length: the compiled system's run equals that of equations compiled for it.
TEST(CompiledSystem, RunsAtOtherParameterValuesAsFreshlyCompiledEquations) {
  auto e = example("four_bar_linkage.yaml", "lagrange");
  const numeric::CompiledSystem compiled(e.doc.system, e.eom);
  const auto first = numeric::simulate(compiled, e.x0, short_run());
  ASSERT_TRUE(first.summary.completed) << first.summary.stop_reason;

  const std::string changed = "m3";  // the coupler's mass
  const double value = 1.5;
  const long built = numeric::CompiledSystem::count();
  const auto again = numeric::simulate(compiled, compiled.parameter_values({{changed, value}}), e.x0, short_run());
  EXPECT_EQ(numeric::CompiledSystem::count(), built) << "a run at other parameter values compiled again";

  e.doc.system.set_parameter_value(changed, value);
  const auto fresh = numeric::simulate(e.doc.system, e.eom, e.x0, short_run());
  ASSERT_TRUE(again.summary.completed && fresh.summary.completed);
  EXPECT_EQ(final_state(again), final_state(fresh));  // the same code at the same values: the same bits
  EXPECT_GT((final_state(again) - final_state(first)).norm(), 1e-6) << "the parameter value did not reach the run";
}

// Runs of one compiled system on four threads at once give, each, its sequential result.
TEST(CompiledSystem, ServesRunsOnSeveralThreadsAtOnce) {
  const auto e = example("four_bar_linkage.yaml", "lagrange");
  const numeric::CompiledSystem compiled(e.doc.system, e.eom);
  std::vector<std::vector<double>> parameters;
  for (double scale : {0.9, 1.0, 1.1, 1.2}) {
    auto values = compiled.parameter_values();
    values.back() *= scale;
    parameters.push_back(values);
  }
  std::vector<Eigen::VectorXd> sequential, parallel(parameters.size());
  for (const auto& values : parameters) sequential.push_back(final_state(numeric::simulate(compiled, values, e.x0, short_run())));
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < parameters.size(); ++k)
    threads.emplace_back([&, k] { parallel[k] = final_state(numeric::simulate(compiled, parameters[k], e.x0, short_run())); });
  for (auto& t : threads) t.join();
  for (std::size_t k = 0; k < parameters.size(); ++k) EXPECT_EQ(parallel[k], sequential[k]) << "run " << k;
}

// An unconstrained tree: the articulated-body algorithm compiled once, its parameters set per run.
TEST(CompiledSystem, ArticulatedBodyRunsTakeTheirParameters) {
  auto e = example("double_pendulum.yaml", "lagrange");
  const numeric::CompiledSystem compiled(e.doc.system, e.eom);
  EXPECT_TRUE(compiled.evaluator().articulated_body());
  const auto again = numeric::simulate(compiled, compiled.parameter_values({{"l2", 0.7}}), e.x0, short_run());
  e.doc.system.set_parameter_value("l2", 0.7);
  const auto fresh = numeric::simulate(e.doc.system, e.eom, e.x0, short_run());
  EXPECT_EQ(final_state(again), final_state(fresh));
}

TEST(CompiledSystem, RefusesParametersItDoesNotHave) {
  const auto e = example("double_pendulum.yaml", "lagrange");
  const numeric::CompiledSystem compiled(e.doc.system, e.eom);
  EXPECT_NE(test::thrown_message([&] { (void)compiled.parameter_values({{"l3", 1.0}}); }).find("parameter 'l3'"),
            std::string::npos);
  EXPECT_NE(test::thrown_message([&] { (void)compiled.parameter_values({{"l2", std::nan("")}}); }).find("not a finite"),
            std::string::npos);
  EXPECT_THROW((void)numeric::simulate(compiled, std::vector<double>{1.0}, e.x0, short_run()), ModelError);
}
