// Peer of bench/compare (issue 19): Pinocchio 3.7's articulated-body algorithm on the planar n-link
// pendulum of chain_common.hpp, header-only.
//
//   pinocchio_chain forward N       q̈ at the test state and the time of one pinocchio::aba
//   pinocchio_chain derivatives N   the time of one pinocchio::computeABADerivatives (∂q̈/∂q,
//                                   ∂q̈/∂v and M⁻¹, Carpentier & Mansard 2018) at the test state
//
// The model: a chain of revolute-z joints (JointModelRZ), joint 1 at the origin, joint i + 1 at
// (0, −l, 0) in the frame of joint i; each joint carries one body, a point mass at (0, −l, 0) in
// its joint frame with zero rotational inertia (Inertia(m, c, 0): Pinocchio's ABA needs only a
// positive joint-space inertia, here m l² about each hinge, so nothing is added); zero armature,
// damping and torque; gravity (0, −g, 0). aba() is called with Convention::WORLD, the faster of
// its two variants here (the default, Convention::LOCAL, took 15–25 % longer at every n on the
// reference machine): the peer gets its best configuration.
// Pinocchio's joint angles are relative: states are converted from and to the absolute angles of
// chain_common.hpp. Only forward dynamics is measured: `simulate` is refused.
//
// Built by bench/compare from the headers in ../shared/peers/pinocchio-3.7.0.tar.gz (extracted
// into the build directory, never into the repository) with g++ -std=c++17 -O2 -DNDEBUG: the
// NDEBUG of Pinocchio's own Release builds, which turns off Eigen's and Pinocchio's assertions.
#include <pinocchio/algorithm/aba-derivatives.hpp>
#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "chain_common.hpp"

namespace {

using Vector3 = Eigen::Vector3d;

pinocchio::Model chain_model(int n) {
  pinocchio::Model model;
  pinocchio::JointIndex parent = 0;  // the universe
  for (int i = 0; i < n; ++i) {
    const pinocchio::SE3 placement(Eigen::Matrix3d::Identity(), Vector3(0, i ? -chain::length : 0.0, 0));
    parent = model.addJoint(parent, pinocchio::JointModelRZ(), placement, "hinge" + std::to_string(i + 1));
    model.appendBodyToJoint(parent, pinocchio::Inertia(chain::mass(i), Vector3(0, -chain::length, 0), Eigen::Matrix3d::Zero()));
  }
  model.gravity = pinocchio::Motion(Vector3(0, -chain::gravity, 0), Vector3::Zero());
  return model;
}

Eigen::VectorXd vector(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}
std::vector<double> values(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }

// The chain of n links at the test state (relative angles), unforced.
struct TestState {
  explicit TestState(int n)
      : model(chain_model(n)),
        data(model),
        q(vector(chain::to_relative(chain::test_angles(n)))),
        v(vector(chain::to_relative(chain::test_rates(n)))),
        tau(Eigen::VectorXd::Zero(model.nv)) {}
  pinocchio::Model model;
  pinocchio::Data data;
  Eigen::VectorXd q, v, tau;
};

void forward(int n) {
  TestState x(n);
  const auto convention = pinocchio::Convention::WORLD;
  pinocchio::aba(x.model, x.data, x.q, x.v, x.tau, convention);
  chain::record("pinocchio", "forward", n, "-", "qdd", chain::numbers(chain::to_absolute(values(x.data.ddq))));
  double sink = 0;
  const double per_call = chain::time_per_call([&] { sink += pinocchio::aba(x.model, x.data, x.q, x.v, x.tau, convention)(0); });
  chain::record("pinocchio", "forward", n, "-", "seconds", chain::number(per_call));
  if (sink == 0.123456789) std::printf("#\n");  // keeps the calls observable
}

void derivatives(int n) {
  TestState x(n);
  double sink = 0;
  const double per_call = chain::time_per_call([&] {
    pinocchio::computeABADerivatives(x.model, x.data, x.q, x.v, x.tau);
    sink += x.data.ddq_dq(0, 0);
  });
  chain::record("pinocchio", "derivatives", n, "-", "seconds", chain::number(per_call));
  if (sink == 0.123456789) std::printf("#\n");  // keeps the calls observable
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "derivatives") {
    derivatives(std::atoi(argv[2]));
    return 0;
  }
  return chain::peer_main(argc, argv, "usage: pinocchio_chain forward N | derivatives N", forward);
}
