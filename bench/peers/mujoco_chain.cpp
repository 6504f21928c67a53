// Peer of bench/compare: MuJoCo 2.2.2 (C API) on the planar n-link pendulum of chain_common.hpp.
//
//   mujoco_chain forward N            q̈ at the test state and the time of one mj_forward
//   mujoco_chain simulate N T DT...   10 s (T) with RK4 at each fixed step DT from the test state
//
// The model: a chain of bodies on hinges about z, each body's frame at its joint, its point mass
// at (0, −l, 0) given as an <inertial> with a negligible positive inertia (MuJoCo requires one;
// 1e-10 kg m², i.e. 1e-10 relative to m l² = 0.25), no geoms, contacts disabled, zero damping and
// armature, gravity (0, −g, 0). MuJoCo's hinge angles are relative: states are converted from and
// to the absolute angles of chain_common.hpp. The model is loaded from XML kept in memory (an mjVFS),
// split into files of ≤ 50 nested bodies joined by <include> to stay under the XML parser's nesting
// limit (see bodies_per_file).
#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "chain_common.hpp"

namespace {

// MuJoCo 2.2.2 parses XML with tinyxml2 9, whose XMLDocument::PushDepth stops any document nested
// TINYXML2_MAX_ELEMENT_DEPTH = 100 levels deep (the document itself counts as one) with
// "XML_ELEMENT_DEPTH_EXCEEDED ErrorID=18 ... Element nesting is too deep.": inside <mujoco> and
// <worldbody>, a chain of 96 nested bodies loads, 97 do not. So the chain is split into files of at
// most bodies_per_file bodies, the innermost body of each file holding an <include> of the next
// one: MuJoCo parses each included file as a document of its own and copies its elements in place of
// the <include>, so the limit applies per file, and the model is the one a single nested file would
// give.
constexpr int bodies_per_file = 50;

std::string file_name(int first) { return first ? "chain-from-b" + std::to_string(first + 1) + ".xml" : "chain.xml"; }

/// Bodies first .. last − 1 of the n-link chain, nested, the innermost including the next file.
std::string bodies_xml(int n, int first, int last) {
  std::ostringstream x;
  x.precision(17);
  const auto indent = [&](int i) { return std::string(static_cast<std::size_t>(4 + 2 * (i - first)), ' '); };
  for (int i = first; i < last; ++i)
    x << indent(i) << "<body name=\"b" << i + 1 << "\" pos=\"0 " << (i ? -chain::length : 0.0) << " 0\">"
      << "<joint type=\"hinge\" axis=\"0 0 1\" damping=\"0\" armature=\"0\"/>"
      << "<inertial pos=\"0 " << -chain::length << " 0\" mass=\"" << chain::mass(i)
      << "\" diaginertia=\"1e-10 1e-10 1e-10\"/>\n";
  if (last < n) x << indent(last) << "<include file=\"" << file_name(last) << "\"/>\n";
  for (int i = last - 1; i >= first; --i) x << indent(i) << "</body>\n";
  return x.str();
}

/// The model's files, (name, text): chain.xml first.
std::vector<std::pair<std::string, std::string>> chain_files(int n, double timestep) {
  std::ostringstream x;
  x.precision(17);
  const int last = std::min(n, bodies_per_file);
  x << "<mujoco model=\"chain" << n << "\">\n"
    << "  <option timestep=\"" << timestep << "\" integrator=\"RK4\" gravity=\"0 " << -chain::gravity << " 0\">\n"
    << "    <flag contact=\"disable\"/>\n  </option>\n  <worldbody>\n"
    << bodies_xml(n, 0, last) << "  </worldbody>\n</mujoco>\n";
  std::vector<std::pair<std::string, std::string>> files{{file_name(0), x.str()}};
  for (int first = last; first < n; first += bodies_per_file)
    files.emplace_back(file_name(first),
                       "<mujoco>\n" + bodies_xml(n, first, std::min(n, first + bodies_per_file)) + "</mujoco>\n");
  return files;
}

struct Model {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  Model(int n, double timestep) {
    // The files in memory (a MuJoCo virtual file system, 2 MB: on the heap), not on disk.
    auto vfs = std::make_unique<mjVFS>();
    mj_defaultVFS(vfs.get());
    for (const auto& [name, text] : chain_files(n, timestep)) {
      if (mj_makeEmptyFileVFS(vfs.get(), name.c_str(), static_cast<int>(text.size())) != 0)
        throw std::runtime_error("mj_makeEmptyFileVFS failed for " + name);
      std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), name.c_str())], text.data(), text.size());
    }
    char error[1000] = "";
    m = mj_loadXML(file_name(0).c_str(), vfs.get(), error, sizeof error);
    mj_deleteVFS(vfs.get());
    if (!m) throw std::runtime_error(std::string("mj_loadXML: ") + error);
    if (m->nv != n) throw std::runtime_error("mj_loadXML: " + std::to_string(m->nv) + " hinges, not " + std::to_string(n));
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
