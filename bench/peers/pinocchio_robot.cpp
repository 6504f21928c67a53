// Peer of bench/robots: Pinocchio 3.7 (its URDF parser and its algorithms, header-only, compiled
// with the flags of the run) on a robot of ../shared/robots, at the state of the state file.
//
//   pinocchio_robot ROBOT.urdf LABEL STATE
//
// The model: pinocchio::urdf::buildModel(file, model) — the root link fixed to the world, or with a
// JointModelFreeFlyer when the state file has a base line (pinocchio_state.hpp) — mimic joints
// independent (Pinocchio's default), gravity (0, 0, −9.81). Records (robot_common.hpp):
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

#include "pinocchio_state.hpp"

namespace {

using pinocchio::Convention;

void run(const std::string& file, const std::string& label, const robot::State& s) {
  pinocchio::Model model;
  double build = 1e300;
  for (int k = 0; k < 5; ++k)
    build = std::min(build, robot::wall_time([&] {
                       pinocchio::Model m = robot::pinocchio_model(file, s);
                       pinocchio::Data d(m);
                       model = m;
                     }));
  pinocchio::Data data(model);
  const robot::PinocchioState x(model, s);
  const Eigen::VectorXd &q = x.q, &v = x.v, &tau = x.tau, &a = x.a;
  const robot::Recorder record{"pinocchio", label, s.n()};
  record.seconds("setup", build);
  record.values("forward", "qdd", x.ordered(pinocchio::aba(model, data, q, v, tau)));
  record.seconds("forward", chain::time_per_call([&] { pinocchio::aba(model, data, q, v, tau, Convention::LOCAL); }));
  record.seconds("forward-world", chain::time_per_call([&] { pinocchio::aba(model, data, q, v, tau, Convention::WORLD); }));

  Eigen::VectorXd id = pinocchio::rnea(model, data, q, v, a);
  for (Eigen::Index i = 0; i < model.nv; ++i) id[i] += model.damping[i] * v[i];
  record.values("inverse", "tau", x.ordered(id));
  record.seconds("inverse", chain::time_per_call([&] { pinocchio::rnea(model, data, q, v, a); }));

  pinocchio::crba(model, data, q);
  record.values("mass", "M", x.ordered_symmetric(data.M));
  record.seconds("mass", chain::time_per_call([&] { pinocchio::crba(model, data, q, Convention::LOCAL); }));
  record.seconds("mass-world", chain::time_per_call([&] { pinocchio::crba(model, data, q, Convention::WORLD); }));

  pinocchio::computeABADerivatives(model, data, q, v, tau);
  record.values("derivatives", "dqdd_dq", x.ordered_matrix(data.ddq_dq));
  Eigen::MatrixXd Minv = data.Minv;
  Minv.triangularView<Eigen::StrictlyLower>() = Minv.transpose().triangularView<Eigen::StrictlyLower>();
  record.values("derivatives", "dqdd_dv", x.ordered_matrix(data.ddq_dv - Minv * model.damping.asDiagonal()));
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
