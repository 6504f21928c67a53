#pragma once
// What the two Pinocchio peers of bench/robots share (pinocchio_robot.cpp, pinocchio_cg_robot.cpp;
// include after Pinocchio's headers): the model read from the URDF — the root fixed to the world,
// or with a JointModelFreeFlyer when the state file has a base line — and the state file's state in
// the model's vectors, reported back in the file's order (robot_common.hpp).
#include <pinocchio/multibody/model.hpp>
#include <pinocchio/parsers/urdf.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "robot_common.hpp"

namespace robot {

inline pinocchio::Model pinocchio_model(const std::string& file, const State& s) {
  pinocchio::Model model;
  if (s.floating_base) pinocchio::urdf::buildModel(file, pinocchio::JointModelFreeFlyer(), model);
  else pinocchio::urdf::buildModel(file, model);
  return model;
}

/// The state file's q, v, τ − d v and a in Pinocchio's vectors, and the velocity index of each of
/// the file's speeds (the free flyer's six first).
struct PinocchioState {
  Eigen::VectorXd q, v, tau, a;
  std::vector<Eigen::Index> idx;

  PinocchioState(const pinocchio::Model& model, const State& s)
      : q(model.nq), v(model.nv), tau(model.nv), a(model.nv) {
    Eigen::Index first_joint_q = 0;
    if (s.floating_base) {
      const auto& b = s.base_q;
      q.head(7) << b[0], b[1], b[2], b[4], b[5], b[6], b[3];  // Pinocchio's quaternion: (x, y, z, w)
      for (Eigen::Index i = 0; i < 6; ++i) {
        v[i] = s.base_v[static_cast<std::size_t>(i)], a[i] = s.base_a[static_cast<std::size_t>(i)], tau[i] = 0;
        idx.push_back(i);
      }
      first_joint_q = 7;
    }
    for (std::size_t k = 0; k < s.joints.size(); ++k) {
      const auto& name = s.joints[k];
      const auto id = model.getJointId(name);
      if (id >= model.joints.size() || model.nqs[id] != 1 || model.nvs[id] != 1)
        throw std::runtime_error("Pinocchio's model has no one-coordinate joint " + name);
      const auto i = model.idx_vs[id];
      if (model.idx_qs[id] < first_joint_q) throw std::runtime_error(name + ": inside the base's coordinates");
      q[model.idx_qs[id]] = s.q[k], v[i] = s.v[k], a[i] = s.a[k];
      tau[i] = s.tau[k] - model.damping[i] * s.v[k];
      idx.push_back(i);
    }
    if (static_cast<int>(idx.size()) != model.nv) throw std::runtime_error("the state file does not list every joint");
  }

  /// A vector of speeds in the state file's order.
  std::vector<double> ordered(const Eigen::VectorXd& x) const {
    std::vector<double> out;
    for (auto i : idx) out.push_back(x[i]);
    return out;
  }
  /// A symmetric matrix given by its upper triangle (crba, Minv), row by row in the file's order.
  std::vector<double> ordered_symmetric(Eigen::MatrixXd m) const {
    m.triangularView<Eigen::StrictlyLower>() = m.transpose().triangularView<Eigen::StrictlyLower>();
    return ordered_matrix(m);
  }
  std::vector<double> ordered_matrix(const Eigen::MatrixXd& m) const {
    std::vector<double> out;
    for (auto i : idx)
      for (auto j : idx) out.push_back(m(i, j));
    return out;
  }
};

}  // namespace robot
