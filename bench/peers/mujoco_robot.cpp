// Peer of bench/robots: MuJoCo (Debian's libmujoco-dev, 2.2.2) loading a robot of ../shared/robots
// from its URDF, at the state of the state file.
//
//   mujoco_robot ROBOT.urdf LABEL STATE
//
// The model: the URDF text with its <visual> and <collision> elements removed (their meshes are not
// in ../shared/robots; the dynamics never needs them) and this element added inside <robot>:
//   <mujoco><compiler angle="radian" inertiafromgeom="false" balanceinertia="false" boundmass="0"
//            boundinertia="0" fusestatic="true" discardvisual="true"/></mujoco>
// so that every body's mass and inertia are the URDF's <inertial>, unchanged (fusestatic merges the
// bodies of fixed joints into their parents, as adyn and Pinocchio do); loaded from memory (an
// mjVFS) by mj_loadXML. When MuJoCo refuses a body's inertia ("inertia must satisfy A + B >= C",
// checked per body, before fusing), the model is loaded again with balanceinertia="true", which
// changes that inertia, and a record "setup note" says so. Then, in the mjModel: every joint's damping, armature and frictionloss set to
// 0, and the flags mjDSBL_CONSTRAINT (no contacts, limits, equalities, friction loss), mjDSBL_PASSIVE
// and mjDSBL_ACTUATION (the model has no actuators: the joint torques are given as qfrc_applied).
// Gravity (0, 0, −9.81), MuJoCo's default. The joints are found by name (the URDF's).
// Records (robot_common.hpp):
//   setup    mj_loadXML + mj_makeData from the text in memory (wall time, the best of 5)
//   forward  q̈ = qacc: qpos, qvel, qfrc_applied = τ − d v set, then mj_forward
//   inverse  qfrc_inverse + d v: qpos, qvel, qacc = a set, then mj_inverse
//   mass     M by mj_fullM from qM: timed, mj_kinematics + mj_comPos + mj_crb (what fills qM).
#include <mujoco/mujoco.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "robot_common.hpp"

namespace {

std::string compiler_element(bool balance_inertia) {
  return std::string("<mujoco><compiler angle=\"radian\" inertiafromgeom=\"false\" balanceinertia=\"") +
         (balance_inertia ? "true" : "false") +
         "\" boundmass=\"0\" boundinertia=\"0\" fusestatic=\"true\" discardvisual=\"true\"/></mujoco>";
}

/// The URDF text MuJoCo loads (see the head of this file).
std::string mujoco_urdf(const std::string& file, bool balance_inertia) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  std::string urdf = std::regex_replace(text.str(), std::regex("<(visual|collision)\\b[\\s\\S]*?</\\1>"), "");
  urdf = std::regex_replace(urdf, std::regex("<(visual|collision)\\b[^>]*/>"), "");
  const auto robot = urdf.find("<robot");
  const auto end = robot == std::string::npos ? robot : urdf.find('>', robot);
  if (end == std::string::npos) throw std::runtime_error(file + ": no <robot> element");
  return urdf.insert(end + 1, compiler_element(balance_inertia));
}

mjModel* load(const std::string& urdf) {
  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  const char* name = "robot.urdf";
  if (mj_makeEmptyFileVFS(vfs.get(), name, static_cast<int>(urdf.size())) != 0)
    throw std::runtime_error("mj_makeEmptyFileVFS failed");
  std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), name)], urdf.data(), urdf.size());
  char error[1000] = "";
  mjModel* m = mj_loadXML(name, vfs.get(), error, sizeof error);
  mj_deleteVFS(vfs.get());
  if (!m) throw std::runtime_error(std::string("mj_loadXML: ") + error);
  return m;
}

struct Indices {
  std::vector<int> qpos, dof;
};

Indices joint_indices(const mjModel* m, const robot::State& s) {
  Indices idx;
  for (const auto& name : s.joints) {
    const int j = mj_name2id(m, mjOBJ_JOINT, name.c_str());
    if (j < 0) throw std::runtime_error("MuJoCo's model has no joint " + name);
    if (m->jnt_type[j] != mjJNT_HINGE && m->jnt_type[j] != mjJNT_SLIDE) throw std::runtime_error(name + ": not a hinge or slide");
    idx.qpos.push_back(m->jnt_qposadr[j]), idx.dof.push_back(m->jnt_dofadr[j]);
  }
  if (static_cast<int>(idx.dof.size()) != m->nv) throw std::runtime_error("the state file does not list every joint");
  return idx;
}

/// The URDF text to load: balanceinertia="false", or "true" (noted in a record) when MuJoCo refuses a
/// body's inertia as the URDF gives it.
std::string loadable_urdf(const std::string& file, const robot::Recorder& record) {
  const std::string urdf = mujoco_urdf(file, false);
  try {
    mj_deleteModel(load(urdf));
    return urdf;
  } catch (const std::runtime_error& e) {
    const std::string why = e.what();
    if (why.find("balanceinertia") == std::string::npos) throw;
    std::string one_line;
    for (char c : why) one_line += c == '\n' || c == '\t' ? ' ' : c;
    while (!one_line.empty() && one_line.back() == ' ') one_line.pop_back();
    record("setup", "note", "balanceinertia=\"true\": " + one_line);
    return mujoco_urdf(file, true);
  }
}

void run(const std::string& file, const std::string& label, const robot::State& s) {
  const robot::Recorder record{"mujoco", label, s.n()};
  const std::string urdf = loadable_urdf(file, record);
  double setup = 1e300;
  for (int k = 0; k < 5; ++k)
    setup = std::min(setup, robot::wall_time([&] {
                       mjModel* m = load(urdf);
                       mjData* d = mj_makeData(m);
                       mj_deleteData(d);
                       mj_deleteModel(m);
                     }));
  mjModel* m = load(urdf);
  mjData* d = mj_makeData(m);
  const auto idx = joint_indices(m, s);
  record.seconds("setup", setup);
  std::vector<double> damping(static_cast<std::size_t>(m->nv));
  for (int i = 0; i < m->nv; ++i) {
    damping[static_cast<std::size_t>(i)] = m->dof_damping[i];
    m->dof_damping[i] = m->dof_armature[i] = m->dof_frictionloss[i] = 0;
  }
  m->opt.disableflags |= mjDSBL_CONSTRAINT | mjDSBL_PASSIVE | mjDSBL_ACTUATION;
  const auto n = idx.dof.size();
  for (std::size_t k = 0; k < n; ++k) {
    const int i = idx.dof[k];
    d->qpos[idx.qpos[k]] = s.q[k], d->qvel[i] = s.v[k], d->qacc[i] = s.a[k];
    d->qfrc_applied[i] = s.tau[k] - damping[static_cast<std::size_t>(i)] * s.v[k];
  }
  const auto ordered = [&](const mjtNum* x, const std::vector<double>& plus_dv) {
    std::vector<double> out;
    for (std::size_t k = 0; k < n; ++k) {
      const int i = idx.dof[k];
      out.push_back(x[i] + (plus_dv.empty() ? 0.0 : plus_dv[static_cast<std::size_t>(i)] * s.v[k]));
    }
    return out;
  };
  mj_inverse(m, d);  // qacc = a: before mj_forward overwrites it
  record.values("inverse", "tau", ordered(d->qfrc_inverse, damping));
  record.seconds("inverse", chain::time_per_call([&] { mj_inverse(m, d); }));
  mj_forward(m, d);
  record.values("forward", "qdd", ordered(d->qacc, {}));
  record.seconds("forward", chain::time_per_call([&] { mj_forward(m, d); }));
  std::vector<mjtNum> M(n * n);
  mj_fullM(m, M.data(), d->qM);
  std::vector<double> ordered_M;
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t l = 0; l < n; ++l)
      ordered_M.push_back(M[static_cast<std::size_t>(idx.dof[k]) * n + static_cast<std::size_t>(idx.dof[l])]);
  record.values("mass", "M", ordered_M);
  record.seconds("mass", chain::time_per_call([&] {
                   mj_kinematics(m, d);
                   mj_comPos(m, d);
                   mj_crb(m, d);
                 }));
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: mujoco_robot ROBOT.urdf LABEL STATE\n");
    return 2;
  }
  try {
    run(argv[1], argv[2], robot::read_state(argv[3]));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mujoco_robot: %s\n", e.what());
    return 1;
  }
  return 0;
}
