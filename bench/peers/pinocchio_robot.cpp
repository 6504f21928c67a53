// Peer of bench/robots: Pinocchio 3.7 (its URDF parser and its algorithms, header-only, compiled
// with the flags of the run) on a robot of ../shared/robots, at the state of the state file.
//
//   pinocchio_robot ROBOT.urdf LABEL STATE
//
// The model: pinocchio::urdf::buildModel(file, model) — the root link fixed to the world, mimic
// joints independent (Pinocchio's default), gravity (0, 0, −9.81). Records (robot_common.hpp):
//   setup        buildModel + Data (wall time, the best of 5)
//   forward      q̈ = aba(q, v, τ − d v), timed with Convention::LOCAL (the default) and WORLD
//   inverse      rnea(q, v, a) + d v
//   mass         M = crba(q) (upper triangle copied to the lower), timed LOCAL and WORLD
//   derivatives  computeABADerivatives(q, v, τ − d v): ∂q̈/∂q, and ∂q̈/∂v − M⁻¹ diag(d) (the damping's
//                part, data.Minv symmetrized from its upper triangle; outside the timed call)
#include <pinocchio/algorithm/aba-derivatives.hpp>
#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/algorithm/crba.hpp>
#include <pinocchio/algorithm/rnea.hpp>
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>
#include <pinocchio/parsers/urdf.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "robot_common.hpp"

namespace {

using pinocchio::Convention;

// The model's velocity index of each joint of the state file.
std::vector<Eigen::Index> velocity_indices(const pinocchio::Model& model, const robot::State& s) {
  std::vector<Eigen::Index> idx;
  for (const auto& name : s.joints) {
    if (!model.existJointName(name)) throw std::runtime_error("Pinocchio's model has no joint " + name);
    const auto id = model.getJointId(name);
    if (model.nqs[id] != 1 || model.nvs[id] != 1) throw std::runtime_error(name + ": not a one-coordinate joint");
    idx.push_back(model.idx_vs[id]);
  }
  if (static_cast<int>(idx.size()) != model.nv) throw std::runtime_error("the state file does not list every joint");
  return idx;
}

// A vector of the model's velocity order, in the state file's order.
std::vector<double> in_state_order(const Eigen::VectorXd& x, const std::vector<Eigen::Index>& idx) {
  std::vector<double> out;
  for (auto i : idx) out.push_back(x[i]);
  return out;
}
std::vector<double> in_state_order(const Eigen::MatrixXd& m, const std::vector<Eigen::Index>& idx) {
  std::vector<double> out;
  for (auto i : idx)
    for (auto j : idx) out.push_back(m(i, j));
  return out;
}

void run(const std::string& file, const std::string& label, const robot::State& s) {
  pinocchio::Model model;
  double build = 1e300;
  for (int k = 0; k < 5; ++k)
    build = std::min(build, robot::wall_time([&] {
                       pinocchio::Model m;
                       pinocchio::urdf::buildModel(file, m);
                       pinocchio::Data d(m);
                       model = m;
                     }));
  pinocchio::Data data(model);
  const auto idx = velocity_indices(model, s);
  const robot::Recorder record{"pinocchio", label, s.n()};
  record.seconds("setup", build);
  Eigen::VectorXd q(model.nq), v(model.nv), tau(model.nv), a(model.nv);
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const auto i = idx[k];
    q[i] = s.q[k], v[i] = s.v[k], a[i] = s.a[k];
    tau[i] = s.tau[k] - model.damping[i] * s.v[k];
  }
  record.values("forward", "qdd", in_state_order(pinocchio::aba(model, data, q, v, tau), idx));
  record.seconds("forward", chain::time_per_call([&] { pinocchio::aba(model, data, q, v, tau, Convention::LOCAL); }));
  record.seconds("forward-world", chain::time_per_call([&] { pinocchio::aba(model, data, q, v, tau, Convention::WORLD); }));

  Eigen::VectorXd id = pinocchio::rnea(model, data, q, v, a);
  for (Eigen::Index i = 0; i < model.nv; ++i) id[i] += model.damping[i] * v[i];
  record.values("inverse", "tau", in_state_order(id, idx));
  record.seconds("inverse", chain::time_per_call([&] { pinocchio::rnea(model, data, q, v, a); }));

  pinocchio::crba(model, data, q);
  Eigen::MatrixXd M = data.M;
  M.triangularView<Eigen::StrictlyLower>() = M.transpose().triangularView<Eigen::StrictlyLower>();
  record.values("mass", "M", in_state_order(M, idx));
  record.seconds("mass", chain::time_per_call([&] { pinocchio::crba(model, data, q, Convention::LOCAL); }));
  record.seconds("mass-world", chain::time_per_call([&] { pinocchio::crba(model, data, q, Convention::WORLD); }));

  pinocchio::computeABADerivatives(model, data, q, v, tau);
  record.values("derivatives", "dqdd_dq", in_state_order(Eigen::MatrixXd(data.ddq_dq), idx));
  Eigen::MatrixXd Minv = data.Minv;
  Minv.triangularView<Eigen::StrictlyLower>() = Minv.transpose().triangularView<Eigen::StrictlyLower>();
  const Eigen::MatrixXd ddq_dv = data.ddq_dv - Minv * model.damping.asDiagonal();
  record.values("derivatives", "dqdd_dv", in_state_order(ddq_dv, idx));
  record.seconds("derivatives", chain::time_per_call([&] { pinocchio::computeABADerivatives(model, data, q, v, tau); }));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: pinocchio_robot ROBOT.urdf LABEL STATE\n");
    return 2;
  }
  try {
    run(argv[1], argv[2], robot::read_state(argv[3]));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pinocchio_robot: %s\n", e.what());
    return 1;
  }
  return 0;
}
