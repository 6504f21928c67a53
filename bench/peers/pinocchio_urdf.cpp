// Reference values for adyn's URDF import (tests/io/test_urdf_robots.cpp): Pinocchio 3.7's own
// URDF parser (urdfdom) and articulated-body algorithm on a robot description, at a test state
// given by formulas the test repeats. Never linked into adyn.
//
//   pinocchio_urdf [--free-flyer] ROBOT.urdf [FRAME [time]]
//       prints the joints in Pinocchio's order and q̈ = aba(q, v, τ − d v) at the test state, as C++
//       initializer lists (17 digits); with FRAME (a link's name) also the inverse dynamics
//       rnea(q, v, a) + d v at the test accelerations a, the mass matrix crba(q) (both triangles), and
//       the link's frame in the world at q: oMf's rotation R (row by row) and translation p
//       (forwardKinematics + updateFramePlacements), and its Jacobian by computeFrameJacobian in
//       LOCAL_WORLD_ALIGNED, reordered to adyn's rows (angular; linear), row by row; with `time`
//       instead the time per call of aba (in its LOCAL and WORLD conventions), rnea, crba,
//       forwardKinematics + updateFramePlacements and computeFrameJacobian at the test state (the
//       best of 7 batches of 0.1 s), in ns.
//
// The test state, for joint i = 0, 1, ... in Pinocchio's order (one coordinate each: revolute,
// prismatic): q_i = 0.5 sin(1.3 i + 0.2), v_i = 0.7 cos(0.9 i + 0.1), τ_i = 2 sin(0.6 i + 0.3),
// a_i = 1.1 cos(0.7 i + 0.4). adyn's inverse dynamics leaves the inputs out and keeps the joints'
// damping as a load −d v, so that it answers rnea(q, v, a) + d v.
// With --free-flyer the model is buildModel(file, JointModelFreeFlyer(), model): the root link
// moves with the coordinates (x, y, z, qx, qy, qz, qw) and the speeds (v, ω) of its origin, both in
// the root link's axes (LOCAL), Pinocchio's 6 first speeds; the base's test state is
// p = (0.3, −0.2, 0.5), the Euler parameters (e0, e1, e2, e3) ∝ (0.8, 0.3, −0.4, 0.2) (Pinocchio's
// quaternion (x, y, z, w) = (e1, e2, e3, e0)), v = (0.4, −0.3, 0.2), ω = (0.5, −0.6, 0.3), τ = 0
// on the base (unactuated) and a = (0.2, 0.1, −0.3, 0.4, 0.2, −0.1); the joints', i counted from the
// first joint after the base, are those above.
// The model: pinocchio::urdf::buildModel(file, model) — the root link fixed to the world, mimic
// joints read as independent joints (Pinocchio's default), gravity (0, 0, −9.81). Pinocchio's aba
// leaves out the joints' <dynamics damping> d, which adyn applies as the load −d q̇: τ − d v is
// passed in its place.
//
// Build: Pinocchio's URDF parser is partly compiled code (src/parsers/urdf/{model,utils}.cpp of
// ../shared/peers/pinocchio-3.7.0-src.tar.gz) behind a generated export header; with the sources
// extracted to /tmp/peers/src and the headers of pinocchio-3.7.0.tar.gz to /tmp/peers,
//   mkdir -p /tmp/peers/parsers-config/pinocchio/parsers
//   printf '#pragma once\n#define PINOCCHIO_PARSERS_DLLAPI\n' > /tmp/peers/parsers-config/pinocchio/parsers/config.hpp
//   S=/tmp/peers/src/pinocchio-3.7.0
//   g++ -std=c++17 -O2 -DNDEBUG -DPINOCCHIO_WITH_URDFDOM -isystem /tmp/peers/parsers-config \
//       -isystem /tmp/peers/pinocchio-3.7.0/include -isystem /usr/include/eigen3 -o /tmp/peers/pinocchio_urdf \
//       bench/peers/pinocchio_urdf.cpp $S/src/parsers/urdf/model.cpp $S/src/parsers/urdf/utils.cpp -lurdfdom_model
// (three minutes; Debian's liburdfdom-dev and Boost).
#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/algorithm/crba.hpp>
#include <pinocchio/algorithm/frames.hpp>
#include <pinocchio/algorithm/jacobian.hpp>
#include <pinocchio/algorithm/kinematics.hpp>
#include <pinocchio/algorithm/rnea.hpp>
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>
#include <pinocchio/parsers/urdf.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void print_list(const char* name, const Eigen::MatrixXd& m) {  // row by row
  std::printf("const std::vector<double> %s = {", name);
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) std::printf("%s%.17g", i + j ? ", " : "", m(i, j));
  std::printf("};\n");
}

// τ, M and the frame's pose and Jacobian at the test state.
// The test accelerations: the base's (free-flyer) then a_i of the joints.
Eigen::VectorXd test_accelerations(const pinocchio::Model& model, bool free_flyer) {
  const Eigen::Index base = free_flyer ? 6 : 0;
  Eigen::VectorXd a(model.nv);
  if (free_flyer) a.head(6) << 0.2, 0.1, -0.3, 0.4, 0.2, -0.1;
  for (Eigen::Index i = 0; i + base < model.nv; ++i) a[base + i] = 1.1 * std::cos(0.7 * static_cast<double>(i) + 0.4);
  return a;
}

void print_rigid_body(const pinocchio::Model& model, pinocchio::Data& data, const Eigen::VectorXd& q,
                      const Eigen::VectorXd& v, const char* frame, bool free_flyer) {
  const Eigen::Index n = model.nv;
  const Eigen::VectorXd a = test_accelerations(model, free_flyer);
  Eigen::VectorXd tau = pinocchio::rnea(model, data, q, v, a);
  for (Eigen::Index i = 0; i < n; ++i) tau[i] += model.damping[i] * v[i];
  print_list("pinocchio_rnea", tau.transpose());
  pinocchio::crba(model, data, q, pinocchio::Convention::WORLD);
  Eigen::MatrixXd M = data.M;
  M.triangularView<Eigen::StrictlyLower>() = M.transpose().triangularView<Eigen::StrictlyLower>();
  print_list("pinocchio_crba", M);
  const auto id = model.getFrameId(frame, pinocchio::BODY);
  if (id >= model.frames.size()) {
    std::fprintf(stderr, "pinocchio_urdf: no body frame '%s'\n", frame);
    std::exit(1);
  }
  pinocchio::forwardKinematics(model, data, q);
  pinocchio::updateFramePlacements(model, data);
  std::printf("// frame %s\n", frame);
  print_list("pinocchio_frame_R", data.oMf[id].rotation());
  print_list("pinocchio_frame_p", data.oMf[id].translation().transpose());
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(6, n);
  pinocchio::computeFrameJacobian(model, data, q, id, pinocchio::LOCAL_WORLD_ALIGNED, J);
  Eigen::MatrixXd angular_linear(6, n);
  angular_linear << J.bottomRows(3), J.topRows(3);
  print_list("pinocchio_frame_J", angular_linear);
}

// The best of 7 batches of ≥ 0.1 s, ns per call.
template <class F>
double time_per_call(F&& f) {
  using clock = std::chrono::steady_clock;
  double best = 1e300;
  for (int batch = 0; batch < 7; ++batch) {
    long calls = 0;
    const auto start = clock::now();
    double elapsed = 0;
    do {
      for (int i = 0; i < 1000; ++i) f();
      calls += 1000;
      elapsed = std::chrono::duration<double, std::nano>(clock::now() - start).count();
    } while (elapsed < 1e8);
    best = std::min(best, elapsed / static_cast<double>(calls));
  }
  return best;
}

void print_times(const pinocchio::Model& model, pinocchio::Data& data, const Eigen::VectorXd& q,
                 const Eigen::VectorXd& v, const Eigen::VectorXd& tau, const char* frame, bool free_flyer) {
  const Eigen::Index n = model.nv;
  const Eigen::VectorXd a = test_accelerations(model, free_flyer);
  std::printf("aba %.1f ns (LOCAL), %.1f ns (WORLD)\n", time_per_call([&] { pinocchio::aba(model, data, q, v, tau); }),
              time_per_call([&] { pinocchio::aba(model, data, q, v, tau, pinocchio::Convention::WORLD); }));
  const auto id = model.getFrameId(frame, pinocchio::BODY);
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(6, n);
  std::printf("rnea %.1f ns\n", time_per_call([&] { pinocchio::rnea(model, data, q, v, a); }));
  std::printf("crba %.1f ns\n", time_per_call([&] { pinocchio::crba(model, data, q, pinocchio::Convention::WORLD); }));
  std::printf("forwardKinematics + updateFramePlacements %.1f ns\n", time_per_call([&] {
                pinocchio::forwardKinematics(model, data, q);
                pinocchio::updateFramePlacements(model, data);
              }));
  std::printf("computeFrameJacobian %.1f ns\n", time_per_call([&] {
                pinocchio::computeFrameJacobian(model, data, q, id, pinocchio::LOCAL_WORLD_ALIGNED, J);
              }));
}

}  // namespace

int main(int argc, char** argv) {
  const bool free_flyer = argc > 1 && std::string(argv[1]) == "--free-flyer";
  if (free_flyer) --argc, ++argv;
  if (argc < 2 || argc > 4) {
    std::fprintf(stderr, "usage: pinocchio_urdf [--free-flyer] ROBOT.urdf [FRAME [time]]\n");
    return 2;
  }
  pinocchio::Model model;
  if (free_flyer) pinocchio::urdf::buildModel(argv[1], pinocchio::JointModelFreeFlyer(), model);
  else pinocchio::urdf::buildModel(argv[1], model);
  pinocchio::Data data(model);
  const int n = static_cast<int>(model.nv), base = free_flyer ? 6 : 0;
  if (model.nq != model.nv + (free_flyer ? 1 : 0)) {
    std::fprintf(stderr, "pinocchio_urdf: nq %d, nv %d (continuous or floating joints are not in the test)\n",
                 static_cast<int>(model.nq), n);
    return 1;
  }
  Eigen::VectorXd q(model.nq), v(n), tau(n);
  if (free_flyer) {
    Eigen::Vector4d e(0.8, 0.3, -0.4, 0.2);
    e.normalize();
    q.head(7) << 0.3, -0.2, 0.5, e[1], e[2], e[3], e[0];  // Pinocchio's quaternion: (x, y, z, w)
    v.head(6) << 0.4, -0.3, 0.2, 0.5, -0.6, 0.3;
    tau.head(6).setZero();
  }
  for (int i = 0; i + base < n; ++i) {
    q[(free_flyer ? 7 : 0) + i] = 0.5 * std::sin(1.3 * i + 0.2);
    v[base + i] = 0.7 * std::cos(0.9 * i + 0.1);
    tau[base + i] = 2 * std::sin(0.6 * i + 0.3) - model.damping[base + i] * v[base + i];
  }
  const Eigen::VectorXd a = pinocchio::aba(model, data, q, v, tau);
  std::printf("// %s%s: %d speeds\nconst std::vector<std::string> joints = {", argv[1], free_flyer ? " (free-flyer)" : "", n);
  for (std::size_t j = 1; j < model.names.size(); ++j) std::printf("%s\"%s\"", j > 1 ? ", " : "", model.names[j].c_str());
  std::printf("};\nconst std::vector<double> pinocchio_aba = {");
  for (int i = 0; i < n; ++i) std::printf("%s%.17g", i ? ", " : "", a[i]);
  std::printf("};\n");
  if (argc == 4) {
    print_times(model, data, q, v, tau, argv[2], free_flyer);
    return 0;
  }
  if (argc == 3) print_rigid_body(model, data, q, v, argv[2], free_flyer);
  return 0;
}
