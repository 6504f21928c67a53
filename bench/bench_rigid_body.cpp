// Per-call times of the rigid-body calls (numeric/rigid_body_calls.hpp) on two robots of
// ../shared/robots (UR5: 6 joints, Talos reduced: 32), tape and generated C: inverse dynamics,
// mass matrix, a frame's pose and Jacobian, at pinocchio_urdf.cpp's test state; and the forward
// dynamics (EquationsEvaluator::rates, the integrators' path: the articulated-body algorithm) of
// Solo-12, ANYmal and Talos read with a floating base (io::UrdfOptions::floating_base), at
// pinocchio_urdf.cpp --free-flyer's test state. Compiled before the timing (the first call of each).
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

// The floating-base robot and pinocchio_urdf.cpp --free-flyer's state (the base's, then the joints').
struct Floating {
  io::ModelDocument doc;
  std::unique_ptr<const numeric::CompiledSystem> compiled;
  Eigen::VectorXd q, u, qdot, udot;
};

void forward_dynamics(benchmark::State& st, const std::string& file, numeric::Backend backend) {
  Floating r;
  io::UrdfOptions options;
  options.floating_base = true;
  r.doc = io::read_urdf(std::string(ADYN_ROBOTS_DIR) + "/" + file, options);
  r.compiled = std::make_unique<const numeric::CompiledSystem>(
      r.doc.system, *formulations::tree_equations(r.doc.system, "kane"), numeric::CompileOptions{backend, true});
  const auto n = static_cast<Eigen::Index>(r.compiled->n()), p = static_cast<Eigen::Index>(r.compiled->p());
  r.q.resize(n), r.u.resize(p), r.qdot.resize(n), r.udot.resize(p);
  Eigen::Vector4d e(0.8, 0.3, -0.4, 0.2);
  e.normalize();
  r.q.head(7) << 0.3, -0.2, 0.5, e(0), e(1), e(2), e(3);
  r.u.head(6) << 0.4, -0.3, 0.2, 0.5, -0.6, 0.3;
  for (Eigen::Index i = 0; i + 7 < n; ++i) {
    r.q(7 + i) = 0.5 * std::sin(1.3 * static_cast<double>(i) + 0.2);
    r.u(6 + i) = 0.7 * std::cos(0.9 * static_cast<double>(i) + 0.1);
  }
  const auto& ev = r.compiled->evaluator();
  for (auto _ : st) {
    ev.rates(0, r.q.data(), r.u.data(), r.qdot.data(), r.udot.data());
    benchmark::DoNotOptimize(r.udot.data());
    benchmark::ClobberMemory();
  }
}

void register_floating() {
  for (const char* file : {"solo12.urdf", "anymal_b.urdf", "talos_reduced.urdf"})
    for (const auto backend : {numeric::Backend::Tape, numeric::Backend::Native}) {
      const std::string label = std::string("BM_FloatingBase_") + file + "_ForwardDynamics" +
                                (backend == numeric::Backend::Native ? "_NativeC" : "_Tape");
      benchmark::RegisterBenchmark(label.c_str(), [=](benchmark::State& st) { forward_dynamics(st, file, backend); });
    }
}

const int registered = (register_all(), register_floating(), 0);

}  // namespace
