// Peer of bench/compare (issue 19): DART 6.12 (Debian's libdart-dev) on the planar n-link pendulum
// of chain_common.hpp.
//
//   dart_chain forward N   q̈ at the test state and the time of one set positions + set velocities
//                          + Skeleton::computeForwardDynamics (DART's articulated-body algorithm),
//                          the positions alternating between two values of the same configuration
//                          so that DART's caches cannot skip the work (see forward)
//
// The model: a Skeleton of RevoluteJoints about z, each child BodyNode's frame at its joint, the
// joint of body i + 1 at (0, −l, 0) in the frame of body i; each body a point mass at (0, −l, 0) in
// its own frame with zero rotational inertia (Inertia(m, c, 0): the hinge still sees m l²); zero
// joint damping, spring stiffness, armature and force; Skeleton gravity (0, −g, 0); no World, so no
// collision or constraint solver. DART's joint angles are relative: states are converted from and
// to the absolute angles of chain_common.hpp. Only forward dynamics is measured: `simulate` is
// refused.
//
// Built by bench/compare with g++ -std=c++17 -O2 and the flags of `pkg-config --cflags --libs dart`
// (its -std=c++11, inherited from fcl's .pc, dropped: DART 6.12's headers need C++17; its CMake
// config asks for cxx_std_17), without -DNDEBUG: Debian builds libdart with CMAKE_BUILD_TYPE=None
// (no NDEBUG either), and the headers' inline code should match the library's.
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/Inertia.hpp>
#include <dart/dynamics/RevoluteJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "chain_common.hpp"

namespace {

using namespace dart::dynamics;

/// Silences std::cerr while it lives: DART warns twice per body ("[Inertia::verifyMoment] Invalid
/// entry for (0,0): 0 ...", "Passing in an invalid moment of inertia matrix") about the zero moment
/// of inertia of a point mass, which is what the chain is; q̈ is unaffected (it agrees with
/// Pinocchio's to rounding).
struct QuietCerr {
  std::ostringstream sink;
  std::streambuf* saved = std::cerr.rdbuf(sink.rdbuf());
  ~QuietCerr() { std::cerr.rdbuf(saved); }
};

SkeletonPtr chain_skeleton(int n) {
  const QuietCerr quiet;
  SkeletonPtr skeleton = Skeleton::create("chain" + std::to_string(n));
  BodyNode* parent = nullptr;  // the world
  for (int i = 0; i < n; ++i) {
    RevoluteJoint::Properties joint;
    joint.mName = "hinge" + std::to_string(i + 1);
    joint.mAxis = Eigen::Vector3d::UnitZ();
    joint.mT_ParentBodyToJoint = Eigen::Isometry3d::Identity();
    joint.mT_ParentBodyToJoint.translation() = Eigen::Vector3d(0, i ? -chain::length : 0.0, 0);
    BodyNode::Properties body;
    body.mName = "b" + std::to_string(i + 1);
    body.mInertia = Inertia(chain::mass(i), Eigen::Vector3d(0, -chain::length, 0), Eigen::Matrix3d::Zero());
    parent = skeleton->createJointAndBodyNodePair<RevoluteJoint>(parent, joint, body).second;
  }
  skeleton->setGravity(Eigen::Vector3d(0, -chain::gravity, 0));
  return skeleton;
}

Eigen::VectorXd vector(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}
std::vector<double> values(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }

void forward(int n) {
  const SkeletonPtr skeleton = chain_skeleton(n);
  const Eigen::VectorXd q = vector(chain::to_relative(chain::test_angles(n)));
  const Eigen::VectorXd v = vector(chain::to_relative(chain::test_rates(n)));
  skeleton->setPositions(q);
  skeleton->setVelocities(v);
  skeleton->computeForwardDynamics();
  chain::record("dart", "forward", n, "-", "qdd", chain::numbers(chain::to_absolute(values(skeleton->getAccelerations()))));
  // DART skips the invalidation of its caches when a joint is set to the positions it already has
  // (GenericJoint::setPositionsStatic), and computeForwardDynamics then reuses the kinematics and
  // articulated inertias of the last call: timing the same state over and over measured a third of
  // the work. So the calls alternate between the test state and the same state with every hinge
  // angle shifted by 2π (the same configuration, a different value): each call recomputes
  // everything, as in a simulation, where the state changes at every call.
  const Eigen::VectorXd q_shifted = (q.array() + 2 * M_PI).matrix();
  long calls = 0;
  const double per_call = chain::time_per_call([&] {
    skeleton->setPositions(calls++ % 2 ? q_shifted : q);
    skeleton->setVelocities(v);  // unchanged, but new positions invalidate every velocity term too
    skeleton->computeForwardDynamics();
  });
  chain::record("dart", "forward", n, "-", "seconds", chain::number(per_call));
}


}  // namespace

int main(int argc, char** argv) {
  return chain::peer_main(argc, argv, "usage: dart_chain forward N", forward);
}
