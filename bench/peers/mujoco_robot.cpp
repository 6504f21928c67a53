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
// A floating base (the state file's base line): a link "world" and a joint "root" of type floating
// from it to the URDF's root link are added beside the compiler element; MuJoCo makes that a free
// joint of a body of the world (the static "world" link is fused into it). MuJoCo's free joint
// takes the linear velocity in the world's axes and the angular velocity in the body's, where the
// state file (adyn's and Pinocchio's LOCAL convention) has both in the body's: with R the base's
// rotation (body to world), qvel = (R v, ω), qacc = (R (v̇ + ω × v), ω̇); the results are converted
// back: q̈'s v̇ = Rᵀ qacc − ω × v, τ's force Rᵀ f, M = Tᵀ M_MuJoCo T with T = diag(R, I, I).
// Records (robot_common.hpp):
//   setup    mj_loadXML + mj_makeData from the text in memory (wall time, the best of 5)
//   forward  q̈ = qacc: qpos, qvel, qfrc_applied = τ − d v set, then mj_forward
//   inverse  qfrc_inverse + d v: qpos, qvel, qacc = a set, then mj_inverse
//   mass     M by mj_fullM from qM: timed, mj_kinematics + mj_comPos + mj_crb (what fills qM).
#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
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

/// The URDF's root link: the first link that is no joint's child.
std::string root_link(const std::string& urdf) {
  std::vector<std::string> children;
  const std::regex child("<child\\s+link\\s*=\\s*\"([^\"]+)\"");
  for (std::sregex_iterator it(urdf.begin(), urdf.end(), child), end; it != end; ++it) children.push_back((*it)[1]);
  const std::regex link("<link\\s+name\\s*=\\s*\"([^\"]+)\"");
  for (std::sregex_iterator it(urdf.begin(), urdf.end(), link), end; it != end; ++it)
    if (std::find(children.begin(), children.end(), (*it)[1].str()) == children.end()) return (*it)[1];
  throw std::runtime_error("the URDF has no root link");
}

/// The URDF text MuJoCo loads (see the head of this file).
std::string mujoco_urdf(const std::string& file, bool balance_inertia, bool floating_base) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  std::string urdf = std::regex_replace(text.str(), std::regex("<(visual|collision)\\b[\\s\\S]*?</\\1>"), "");
  urdf = std::regex_replace(urdf, std::regex("<(visual|collision)\\b[^>]*/>"), "");
  const auto robot = urdf.find("<robot");
  const auto end = robot == std::string::npos ? robot : urdf.find('>', robot);
  if (end == std::string::npos) throw std::runtime_error(file + ": no <robot> element");
  const std::string base = floating_base ? "<link name=\"world\"/><joint name=\"root\" type=\"floating\"><parent "
                                            "link=\"world\"/><child link=\"" + root_link(urdf) + "\"/></joint>"
                                          : "";
  return urdf.insert(end + 1, compiler_element(balance_inertia) + base);
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
  std::vector<int> qpos, dof;  // the joints', in the state file's order
  int base_qpos = -1, base_dof = -1;  // the free joint "root"'s, where the base floats
  /// MuJoCo's dof of each speed of the state file (the base's six first).
  std::vector<int> speeds() const {
    std::vector<int> out;
    for (int k = 0; base_dof >= 0 && k < 6; ++k) out.push_back(base_dof + k);
    out.insert(out.end(), dof.begin(), dof.end());
    return out;
  }
};

Indices joint_indices(const mjModel* m, const robot::State& s) {
  Indices idx;
  if (s.floating_base) {
    const int root = mj_name2id(m, mjOBJ_JOINT, "root");
    if (root < 0 || m->jnt_type[root] != mjJNT_FREE) throw std::runtime_error("MuJoCo made no free joint 'root'");
    idx.base_qpos = m->jnt_qposadr[root], idx.base_dof = m->jnt_dofadr[root];
  }
  for (const auto& name : s.joints) {
    const int j = mj_name2id(m, mjOBJ_JOINT, name.c_str());
    if (j < 0) throw std::runtime_error("MuJoCo's model has no joint " + name);
    if (m->jnt_type[j] != mjJNT_HINGE && m->jnt_type[j] != mjJNT_SLIDE) throw std::runtime_error(name + ": not a hinge or slide");
    idx.qpos.push_back(m->jnt_qposadr[j]), idx.dof.push_back(m->jnt_dofadr[j]);
  }
  if (static_cast<int>(idx.speeds().size()) != m->nv) throw std::runtime_error("the state file does not list every joint");
  return idx;
}

/// The floating base's rotation R (body to world; identity for a fixed base) and its velocity (v, ω)
/// in its own axes: the conversions between the state file's speeds and MuJoCo's free joint.
struct BaseAxes {
  mjtNum R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};  // row-major
  mjtNum v[3] = {0, 0, 0}, w[3] = {0, 0, 0};
  explicit BaseAxes(const robot::State& s) {
    if (!s.floating_base) return;
    const mjtNum quat[4] = {s.base_q[3], s.base_q[4], s.base_q[5], s.base_q[6]};
    mju_quat2Mat(R, quat);
    for (int i = 0; i < 3; ++i) v[i] = s.base_v[static_cast<std::size_t>(i)], w[i] = s.base_v[static_cast<std::size_t>(3 + i)];
  }
  /// R x, Rᵀ x
  void to_world(const mjtNum* x, mjtNum* out) const { mju_mulMatVec(out, R, x, 3, 3); }
  void to_body(const mjtNum* x, mjtNum* out) const { mju_mulMatTVec(out, R, x, 3, 3); }
  /// ω × v, the difference between the rate of the world's components and of the body's
  void transport(mjtNum* out) const { mju_cross(out, w, v); }
};

/// The state into MuJoCo's data: q, v, a and the applied τ − d v (the base takes no effort).
void set_state(mjData* d, const Indices& idx, const robot::State& s, const BaseAxes& base, const std::vector<double>& damping) {
  for (std::size_t k = 0; k < idx.dof.size(); ++k) {
    const int i = idx.dof[k];
    d->qpos[idx.qpos[k]] = s.q[k], d->qvel[i] = s.v[k], d->qacc[i] = s.a[k];
    d->qfrc_applied[i] = s.tau[k] - damping[static_cast<std::size_t>(i)] * s.v[k];
  }
  if (idx.base_dof < 0) return;
  for (int k = 0; k < 7; ++k) d->qpos[idx.base_qpos + k] = s.base_q[static_cast<std::size_t>(k)];
  mjtNum rate[3], transported[3];
  base.transport(transported);
  for (int k = 0; k < 3; ++k) rate[k] = s.base_a[static_cast<std::size_t>(k)] + transported[k];
  base.to_world(base.v, d->qvel + idx.base_dof);
  base.to_world(rate, d->qacc + idx.base_dof);
  for (int k = 3; k < 6; ++k)
    d->qvel[idx.base_dof + k] = s.base_v[static_cast<std::size_t>(k)], d->qacc[idx.base_dof + k] = s.base_a[static_cast<std::size_t>(k)];
  for (int k = 0; k < 6; ++k) d->qfrc_applied[idx.base_dof + k] = 0;
}

/// The URDF text to load: balanceinertia="false", or "true" (noted in a record) when MuJoCo refuses a
/// body's inertia as the URDF gives it.
std::string loadable_urdf(const std::string& file, bool floating_base, const robot::Recorder& record) {
  const std::string urdf = mujoco_urdf(file, false, floating_base);
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
    return mujoco_urdf(file, true, floating_base);
  }
}

void run(const std::string& file, const std::string& label, const robot::State& s) {
  const robot::Recorder record{"mujoco", label, s.n()};
  const std::string urdf = loadable_urdf(file, s.floating_base, record);
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
  const BaseAxes base(s);
  set_state(d, idx, s, base, damping);
  const auto speeds = idx.speeds();
  const auto n = speeds.size();
  // A vector of MuJoCo's speeds in the state file's order (and, for a floating base, axes), with
  // d v added where damping is given; `rate` when it is an acceleration.
  const auto ordered = [&](const mjtNum* x, const std::vector<double>& plus_dv, bool rate) {
    std::vector<double> out;
    for (std::size_t k = 0; k < n; ++k) {
      const int i = speeds[k];
      const double dv = k < n - idx.dof.size() ? 0.0 : s.v[k - (n - idx.dof.size())];
      out.push_back(x[i] + (plus_dv.empty() ? 0.0 : plus_dv[static_cast<std::size_t>(i)] * dv));
    }
    if (idx.base_dof < 0) return out;
    mjtNum body[3], transported[3];
    base.to_body(x + idx.base_dof, body);
    base.transport(transported);
    for (int k = 0; k < 3; ++k) out[static_cast<std::size_t>(k)] = body[k] - (rate ? transported[k] : 0.0);
    return out;
  };
  mj_inverse(m, d);  // qacc = a: before mj_forward overwrites it
  record.values("inverse", "tau", ordered(d->qfrc_inverse, damping, false));
  record.seconds("inverse", chain::time_per_call([&] { mj_inverse(m, d); }));
  mj_forward(m, d);
  record.values("forward", "qdd", ordered(d->qacc, {}, true));
  record.seconds("forward", chain::time_per_call([&] { mj_forward(m, d); }));
  const auto nv = static_cast<std::size_t>(m->nv);
  std::vector<mjtNum> M(nv * nv);
  mj_fullM(m, M.data(), d->qM);
  // Tᵀ M T, T = diag(R, I, I): the base's linear speeds in its own axes
  std::vector<double> T(n * n, 0.0), ordered_M(n * n, 0.0);
  for (std::size_t k = 0; k < n; ++k) T[k * n + k] = 1;
  for (std::size_t a = 0; idx.base_dof >= 0 && a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b) T[a * n + b] = base.R[a * 3 + b];
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t l = 0; l < n; ++l)
      for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
          if (T[a * n + k] != 0 && T[b * n + l] != 0)
            ordered_M[k * n + l] += T[a * n + k] * M[static_cast<std::size_t>(speeds[a]) * nv + static_cast<std::size_t>(speeds[b])] * T[b * n + l];
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
