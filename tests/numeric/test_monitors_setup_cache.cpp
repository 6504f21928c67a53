// The simulation's monitors kept in the set-up cache (src/numeric/monitors_setup_cache.cpp): a model
// read again derives none of them and runs as before, bit for bit — with constraint rows, events,
// dependent speeds and momenta — and other equations of the same model find nothing.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "adyn/analysis/initial_state.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/simulation.hpp"
#include "cache_directory.hpp"
#include "numeric/simulation_monitors.hpp"
#include "test_support.hpp"

using namespace adyn;
using test::CacheDirectory;

namespace {

struct Run {
  bool monitors_kept = false;
  std::string csv;
};

// The model file read afresh, its equations derived by `method` (then changed by `change`), and
// simulated for 0.5 s.
Run run(const std::string& file, const std::string& method,
        const std::function<void(formulations::EquationsOfMotion&)>& change = {}) {
  auto doc = io::read_model_document(test::example(file));
  auto eom = formulations::derive(doc.system, method);
  if (change) change(eom);
  const auto x = analysis::complete_initial_state(doc.system, doc.setup.initial).state;
  const numeric::CompiledSystem compiled(doc.system, eom);
  numeric::SimulationOptions options;
  options.t_end = 0.5;
  options.output_step = 0.05;
  const auto trajectory = numeric::simulate(compiled, formulations::state_for(eom, doc.system, x.t, x.q, x.u), options);
  EXPECT_TRUE(trajectory.summary.completed) << file << ": " << trajectory.summary.stop_reason;
  std::ostringstream csv;
  trajectory.write_csv(csv);
  return {compiled.monitors().from_setup_cache, csv.str()};
}

}  // namespace

TEST(MonitorsSetupCache, AModelReadAgainRunsWithTheKeptMonitors) {
  CacheDirectory cache("adyn-monitors-setup-cache");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"four_bar_linkage.yaml", "lagrange"},  // constraint rows: φ, ∂φ/∂q, the projection
      {"newton_cradle.yaml", "lagrange"},     // events with restitution
      {"chaplygin_sleigh.yaml", "kane"},      // a dependent speed and its block
      {"double_pendulum.yaml", "hamilton"},   // momenta as speeds
  };
  for (const auto& [file, method] : cases) {
    const auto first = run(file, method);
    const auto again = run(file, method);
    EXPECT_FALSE(first.monitors_kept) << file;
    EXPECT_TRUE(again.monitors_kept) << file;
    EXPECT_EQ(again.csv, first.csv) << file;
  }
}

TEST(MonitorsSetupCache, OtherEquationsOfTheSameModelFindNothing) {
  CacheDirectory cache("adyn-monitors-setup-cache-other");
  run("chaplygin_sleigh.yaml", "kane");
  EXPECT_FALSE(run("chaplygin_sleigh.yaml", "lagrange").monitors_kept);  // another method
  EXPECT_TRUE(run("chaplygin_sleigh.yaml", "kane").monitors_kept);
  // Kane's equations with another dependent speed's value (changed by hand after deriving them).
  const auto changed = run("chaplygin_sleigh.yaml", "kane", [](formulations::EquationsOfMotion& eom) {
    ASSERT_GT(eom.dependent_speed_values.rows(), 0u);
    eom.dependent_speed_values(0, 0) = eom.dependent_speed_values(0, 0) * (1 + GiNaC::numeric(1, 1000));
  });
  EXPECT_FALSE(changed.monitors_kept);
}
