// Micro-benchmarks of numeric evaluation and simulation (issue 5): q̈ evaluations per second for the
// double pendulum, the rolling disk and a 10-link chain, tape vs compiled C, and the wall time to
// simulate 10 s of the double pendulum at rtol 1e-8. Results: docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/numeric/simulation.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "seed_systems.hpp"  // the seeds' reference systems (tests/)

using namespace adyn;

namespace {

// A planar chain of n point masses on massless links (absolute angles), under gravity.
model::System chain(int n) {
  model::System s("chain");
  auto g = s.add_parameter("g", 9.81);
  auto N = s.inertial_frame();
  kin::Point prev = s.origin();
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i + 1);
    auto m = s.add_parameter("m" + k, 1.0 + 0.1 * i), l = s.add_parameter("l" + k, 0.5);
    auto q = s.add_coordinate("q" + k);
    auto F = s.add_frame(N.orient_new_axis("A" + k, N.z(), q));
    prev = s.add_point(prev.locate_new("P" + k, -l * F.y()));
    s.add_particle({"bob" + k, prev, m});
  }
  s.set_gravity(-g * N.y());
  return s;
}

void evaluate(benchmark::State& state, const model::System& s, const formulations::EquationsOfMotion& eom,
              numeric::Backend backend) {
  auto ev = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), backend);
  Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(static_cast<Eigen::Index>(eom.n()), 0.1, 0.7);
  Eigen::VectorXd u = Eigen::VectorXd::LinSpaced(static_cast<Eigen::Index>(eom.p()), -0.3, 0.4);
  for (auto _ : state) benchmark::DoNotOptimize(ev.evaluate(0.1, q, u).udot.data());
  state.SetItemsProcessed(state.iterations());
}

const model::System& double_pendulum() {
  static const model::System s = chain(2);
  return s;
}
const model::System& chain10() {
  static const model::System s = chain(10);
  return s;
}
const model::System& disk() {
  static const model::System s = seeds::angeles_rolling_disk();
  return s;
}

void BM_DoublePendulum_Tape(benchmark::State& st) {
  static const auto eom = formulations::lagrange(double_pendulum());
  evaluate(st, double_pendulum(), eom, numeric::Backend::Tape);
}
void BM_DoublePendulum_NativeC(benchmark::State& st) {
  static const auto eom = formulations::lagrange(double_pendulum());
  evaluate(st, double_pendulum(), eom, numeric::Backend::Native);
}
void BM_RollingDisk_Kane_Tape(benchmark::State& st) {
  static const auto eom = formulations::kane(disk());
  evaluate(st, disk(), eom, numeric::Backend::Tape);
}
void BM_RollingDisk_Kane_NativeC(benchmark::State& st) {
  static const auto eom = formulations::kane(disk());
  evaluate(st, disk(), eom, numeric::Backend::Native);
}
void BM_Chain10_Kane_Tape(benchmark::State& st) {
  static const auto eom = formulations::kane(chain10());
  evaluate(st, chain10(), eom, numeric::Backend::Tape);
}
void BM_Chain10_Kane_NativeC(benchmark::State& st) {
  static const auto eom = formulations::kane(chain10());
  evaluate(st, chain10(), eom, numeric::Backend::Native);
}

void simulate(benchmark::State& st, numeric::Backend backend) {
  static const auto eom = formulations::lagrange(double_pendulum());
  numeric::SimulationOptions o;
  o.t_end = 10;
  o.output_step = 0.01;
  o.rtol = 1e-8;
  o.atol = 1e-10;
  o.backend = backend;
  for (auto _ : st) {
    auto tr = numeric::simulate(double_pendulum(), eom, formulations::State{0, Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d(0, 0)}, o);
    benchmark::DoNotOptimize(tr.q.back().data());
    st.counters["rhs_evaluations"] = static_cast<double>(tr.summary.rhs_evaluations);
  }
}
void BM_Simulate_DoublePendulum_10s_Tape(benchmark::State& st) { simulate(st, numeric::Backend::Tape); }
void BM_Simulate_DoublePendulum_10s_NativeC(benchmark::State& st) { simulate(st, numeric::Backend::Native); }

void BM_Derive_Chain10_Kane(benchmark::State& st) {
  for (auto _ : st) benchmark::DoNotOptimize(formulations::kane(chain10()).mass_matrix.nops());
}
void BM_Derive_Chain10_Lagrange(benchmark::State& st) {
  for (auto _ : st) benchmark::DoNotOptimize(formulations::lagrange(chain10()).mass_matrix.nops());
}

}  // namespace

BENCHMARK(BM_DoublePendulum_Tape);
BENCHMARK(BM_DoublePendulum_NativeC);
BENCHMARK(BM_RollingDisk_Kane_Tape);
BENCHMARK(BM_RollingDisk_Kane_NativeC);
BENCHMARK(BM_Chain10_Kane_Tape);
BENCHMARK(BM_Chain10_Kane_NativeC);
BENCHMARK(BM_Simulate_DoublePendulum_10s_Tape)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Simulate_DoublePendulum_10s_NativeC)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Derive_Chain10_Kane)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Derive_Chain10_Lagrange)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
