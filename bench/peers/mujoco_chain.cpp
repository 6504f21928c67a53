// Peer of bench/compare: MuJoCo 2.2.2 (C API) on the planar n-link pendulum of chain_common.hpp.
//
//   mujoco_chain forward N            q̈ at the test state and the time of one mj_forward
//   mujoco_chain simulate N T DT...   10 s (T) with RK4 at each fixed step DT from the test state
//
// The model: a chain of bodies on hinges about z, each body's frame at its joint, its point mass
// at (0, −l, 0) given as an <inertial> with a negligible positive inertia (MuJoCo requires one;
// 1e-10 kg m², i.e. 1e-10 relative to m l² = 0.25), no geoms, contacts disabled, zero damping and
// armature, gravity (0, −g, 0). MuJoCo's hinge angles are relative: states are converted from and
// to the absolute angles of chain_common.hpp.
#include <mujoco/mujoco.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "chain_common.hpp"

namespace {

std::string chain_xml(int n, double timestep) {
  std::ostringstream x;
  x.precision(17);
  x << "<mujoco model=\"chain" << n << "\">\n"
    << "  <option timestep=\"" << timestep << "\" integrator=\"RK4\" gravity=\"0 " << -chain::gravity << " 0\">\n"
    << "    <flag contact=\"disable\"/>\n  </option>\n  <worldbody>\n";
  for (int i = 0; i < n; ++i)
    x << std::string(static_cast<std::size_t>(4 + 2 * i), ' ') << "<body name=\"b" << i + 1 << "\" pos=\"0 "
      << (i ? -chain::length : 0.0) << " 0\">"
      << "<joint type=\"hinge\" axis=\"0 0 1\" damping=\"0\" armature=\"0\"/>"
      << "<inertial pos=\"0 " << -chain::length << " 0\" mass=\"" << chain::mass(i)
      << "\" diaginertia=\"1e-10 1e-10 1e-10\"/>\n";
  for (int i = n - 1; i >= 0; --i) x << std::string(static_cast<std::size_t>(4 + 2 * i), ' ') << "</body>\n";
  x << "  </worldbody>\n</mujoco>\n";
  return x.str();
}

struct Model {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  Model(int n, double timestep) {
    char path[] = "/tmp/adyn-mujoco-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) throw std::runtime_error("mkstemp failed");
    close(fd);
    std::ofstream(path) << chain_xml(n, timestep);
    char error[1000] = "";
    m = mj_loadXML(path, nullptr, error, sizeof error);
    std::remove(path);
    if (!m) throw std::runtime_error(std::string("mj_loadXML: ") + error);
    d = mj_makeData(m);
  }
  ~Model() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  void set_state(const std::vector<double>& qpos, const std::vector<double>& qvel) {
    for (int i = 0; i < m->nv; ++i) d->qpos[i] = qpos[static_cast<std::size_t>(i)], d->qvel[i] = qvel[static_cast<std::size_t>(i)];
  }
  std::vector<double> get(const mjtNum* x) const { return std::vector<double>(x, x + m->nv); }
};

void forward(int n) {
  Model model(n, 0.001);
  const auto qpos = chain::to_relative(chain::test_angles(n)), qvel = chain::to_relative(chain::test_rates(n));
  model.set_state(qpos, qvel);
  mj_forward(model.m, model.d);
  chain::record("mujoco", "forward", n, "-", "qdd", chain::numbers(chain::to_absolute(model.get(model.d->qacc))));
  const double per_call = chain::time_per_call([&] {
    model.set_state(qpos, qvel);
    mj_forward(model.m, model.d);
  });
  chain::record("mujoco", "forward", n, "-", "seconds", chain::number(per_call));
}

void simulate(int n, double t_end, double timestep) {
  Model model(n, timestep);
  const long steps = std::lround(t_end / timestep);
  auto run = [&] {
    mj_resetData(model.m, model.d);
    model.set_state(chain::to_relative(chain::test_angles(n)), chain::to_relative(chain::test_rates(n)));
    for (long k = 0; k < steps; ++k) mj_step(model.m, model.d);
  };
  const double seconds = chain::time_job(run);
  const std::string setting = chain::setting_label("dt", timestep);
  const std::string workload = "simulate";
  chain::record("mujoco", workload, n, setting, "seconds", chain::number(seconds));
  chain::record("mujoco", workload, n, setting, "steps", std::to_string(steps));
  chain::record("mujoco", workload, n, setting, "evaluations", std::to_string(4 * steps));
  chain::record("mujoco", workload, n, setting, "time", chain::number(model.d->time));
  chain::record("mujoco", workload, n, setting, "q", chain::numbers(chain::to_absolute(model.get(model.d->qpos))));
  chain::record("mujoco", workload, n, setting, "u", chain::numbers(chain::to_absolute(model.get(model.d->qvel))));
}

}  // namespace

int main(int argc, char** argv) {
  return chain::peer_main(argc, argv, "usage: mujoco_chain forward N | simulate N T DT...", forward, simulate);
}
