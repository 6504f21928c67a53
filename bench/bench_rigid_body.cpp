// Per-call times of the rigid-body calls (numeric/rigid_body_calls.hpp) on two robots of
// ../shared/robots (UR5: 6 joints, Talos reduced: 32), tape and generated C: inverse dynamics,
// mass matrix, a frame's pose and Jacobian, at pinocchio_urdf.cpp's test state. Compiled before the
// timing (the first call of each).
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <string>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/compiled_system.hpp"

using namespace adyn;

namespace {

struct Robot {
  io::ModelDocument doc;
  std::unique_ptr<const numeric::CompiledSystem> compiled;
  std::vector<double> q, u, a, out, R, p;
  std::string frame;
  numeric::RigidBodyWorkspace w;
};

Robot& robot(const std::string& file, const std::string& frame, numeric::Backend backend) {
  static std::map<std::string, std::unique_ptr<Robot>> robots;
  auto& r = robots[file + (backend == numeric::Backend::Native ? " C" : " tape")];
  if (r) return *r;
  r = std::make_unique<Robot>();
  r->doc = io::read_urdf(std::string(ADYN_ROBOTS_DIR) + "/" + file);
  r->compiled = std::make_unique<const numeric::CompiledSystem>(
      r->doc.system, *formulations::tree_equations(r->doc.system, "kane"), numeric::CompileOptions{backend, true});
  const auto n = r->compiled->n();
  for (std::size_t i = 0; i < n; ++i) {
    const double k = static_cast<double>(i);
    r->q.push_back(0.5 * std::sin(1.3 * k + 0.2));
    r->u.push_back(0.7 * std::cos(0.9 * k + 0.1));
    r->a.push_back(1.1 * std::cos(0.7 * k + 0.4));
  }
  r->out.resize(6 * n * n), r->R.resize(9), r->p.resize(3);
  r->frame = frame;
  r->w = r->compiled->rigid_body().workspace();
  return *r;
}

enum class Call { InverseDynamics, MassMatrix, FramePose, FrameJacobian };

void call(benchmark::State& st, const std::string& file, const std::string& frame, Call which, numeric::Backend backend) {
  auto& r = robot(file, frame, backend);
  const auto& calls = r.compiled->rigid_body();
  const double* parameters = r.compiled->parameter_values().data();
  const auto& f = calls.frame(r.frame);
  auto once = [&] {
    switch (which) {
      case Call::InverseDynamics: calls.inverse_dynamics(0, r.q.data(), r.u.data(), r.a.data(), parameters, r.out.data(), r.w); break;
      case Call::MassMatrix: calls.mass_matrix(0, r.q.data(), parameters, r.out.data(), r.w); break;
      case Call::FramePose: f.pose(0, r.q.data(), parameters, r.R.data(), r.p.data(), r.w); break;
      case Call::FrameJacobian: f.jacobian(0, r.q.data(), parameters, r.out.data(), r.w); break;
    }
  };
  once();  // compiled at the first call
  for (auto _ : st) {
    once();
    benchmark::DoNotOptimize(r.out.data());
    benchmark::ClobberMemory();
  }
}

void register_all() {
  const std::pair<const char*, const char*> robots[] = {{"ur5_robot.urdf", "tool0"},
                                                        {"talos_reduced.urdf", "wrist_left_ft_tool_link"}};
  const std::pair<Call, const char*> calls[] = {{Call::InverseDynamics, "InverseDynamics"},
                                                {Call::MassMatrix, "MassMatrix"},
                                                {Call::FramePose, "FramePose"},
                                                {Call::FrameJacobian, "FrameJacobian"}};
  for (const auto& [file, frame] : robots)
    for (const auto& [which, name] : calls)
      for (const auto backend : {numeric::Backend::Tape, numeric::Backend::Native}) {
        const std::string label = std::string("BM_RigidBody_") + file + "_" + name +
                                  (backend == numeric::Backend::Native ? "_NativeC" : "_Tape");
        benchmark::RegisterBenchmark(label.c_str(), [=](benchmark::State& st) {
          call(st, file, frame, which, backend);
        });
      }
}

const int registered = (register_all(), 0);

}  // namespace
