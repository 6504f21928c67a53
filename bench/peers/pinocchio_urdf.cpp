// Reference values for adyn's URDF import (tests/io/test_urdf_robots.cpp): Pinocchio 3.7's own
// URDF parser (urdfdom) and articulated-body algorithm on a robot description, at a test state
// given by formulas the test repeats. Never linked into adyn.
//
//   pinocchio_urdf ROBOT.urdf    prints the joints in Pinocchio's order and q̈ = aba(q, v, τ − d v)
//                                at the test state, as C++ initializer lists (17 digits)
//
// The test state, for joint i = 0, 1, ... in Pinocchio's order (one coordinate each: revolute,
// prismatic): q_i = 0.5 sin(1.3 i + 0.2), v_i = 0.7 cos(0.9 i + 0.1), τ_i = 2 sin(0.6 i + 0.3).
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
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>
#include <pinocchio/parsers/urdf.hpp>

#include <cmath>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: pinocchio_urdf ROBOT.urdf\n");
    return 2;
  }
  pinocchio::Model model;
  pinocchio::urdf::buildModel(argv[1], model);
  pinocchio::Data data(model);
  const int n = static_cast<int>(model.nv);
  if (model.nq != model.nv) {
    std::fprintf(stderr, "pinocchio_urdf: nq %d != nv %d (continuous or floating joints are not in the test)\n",
                 static_cast<int>(model.nq), n);
    return 1;
  }
  Eigen::VectorXd q(n), v(n), tau(n);
  for (int i = 0; i < n; ++i) {
    q[i] = 0.5 * std::sin(1.3 * i + 0.2);
    v[i] = 0.7 * std::cos(0.9 * i + 0.1);
    tau[i] = 2 * std::sin(0.6 * i + 0.3) - model.damping[i] * v[i];
  }
  const Eigen::VectorXd a = pinocchio::aba(model, data, q, v, tau);
  std::printf("// %s: %d joints\nconst std::vector<std::string> joints = {", argv[1], n);
  for (std::size_t j = 1; j < model.names.size(); ++j) std::printf("%s\"%s\"", j > 1 ? ", " : "", model.names[j].c_str());
  std::printf("};\nconst std::vector<double> pinocchio_aba = {");
  for (int i = 0; i < n; ++i) std::printf("%s%.17g", i ? ", " : "", a[i]);
  std::printf("};\n");
  return 0;
}
