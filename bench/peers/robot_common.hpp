#pragma once
// What the programs of bench/robots share (adyn's harness bench/robots_adyn.cpp and the Pinocchio,
// Pinocchio-generated-code and MuJoCo peers), so that they evaluate the same robot at the same
// state and print their results the same way:
//  - the state file (written by `adyn_robots state ROBOT.urdf [free]`): one line per moving joint,
//    "joint q v tau a", in adyn's coordinate order (which is Pinocchio's); each peer finds the joint
//    by name in its own model and reports in the file's order. A floating base adds a first line
//    "base x y z e0 e1 e2 e3 vx vy vz wx wy wz ax ay az bx by bz": the root link's origin and Euler
//    parameters, its velocity and angular velocity in its own axes (adyn's first six speeds,
//    Pinocchio's JointModelFreeFlyer's in LOCAL), and their rates (the test accelerations); the base
//    takes no effort. Vectors of speeds (q̈, τ, the rows of M) then begin with the base's six;
//  - the peers leave a joint's <dynamics damping> d out of the dynamics (Pinocchio's aba/rnea do;
//    MuJoCo's damping is set to 0): the forward dynamics is given τ − d v and the inverse dynamics
//    reports rnea(q, v, a) + d v, which is what adyn answers with its load −d q̇;
//  - records "tool robot n call metric value" (chain_common.hpp's record: tool, workload = robot,
//    n = joints, setting = call), vectors comma-separated, a matrix row by row; timing by
//    chain::time_per_call (median of 7 batches of ≥ 50 ms of CPU time), set-up by wall time.
#include <array>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "chain_common.hpp"

namespace robot {

struct State {
  bool floating_base = false;
  std::array<double, 7> base_q{};     // x y z e0 e1 e2 e3
  std::array<double, 6> base_v{}, base_a{};  // (v, ω) in the root's axes and their rates
  std::vector<std::string> joints;
  std::vector<double> q, v, tau, a;
  /// The speeds: the joints', and the base's six when it floats.
  int n() const { return static_cast<int>(joints.size()) + (floating_base ? 6 : 0); }
};

inline void read_base(std::istringstream& words, State& s, const std::string& line) {
  s.floating_base = true;
  for (auto* x : {s.base_q.data(), s.base_v.data(), s.base_a.data()})
    for (std::size_t i = 0; i < (x == s.base_q.data() ? 7u : 6u); ++i)
      if (!(words >> x[i])) throw std::runtime_error("bad base line '" + line + "'");
}

inline State read_state(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the state file " + path);
  State s;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    if (line.rfind("base ", 0) == 0 && s.joints.empty() && !s.floating_base) {
      std::string word;
      words >> word;
      read_base(words, s, line);
      continue;
    }
    std::string name;
    double q = 0, v = 0, tau = 0, a = 0;
    if (!(words >> name >> q >> v >> tau >> a)) throw std::runtime_error(path + ": bad line '" + line + "'");
    s.joints.push_back(name), s.q.push_back(q), s.v.push_back(v), s.tau.push_back(tau), s.a.push_back(a);
  }
  return s;
}

/// Prints the records of one tool on one robot.
struct Recorder {
  std::string tool, robot;
  int n;
  void operator()(const std::string& call, const std::string& metric, const std::string& value) const {
    chain::record(tool, robot, n, call, metric, value);
  }
  void seconds(const std::string& call, double s) const { (*this)(call, "seconds", chain::number(s)); }
  void values(const std::string& call, const std::string& metric, const std::vector<double>& v) const {
    (*this)(call, metric, chain::numbers(v));
  }
};

/// The wall time of one run of f (s): set-up steps that run a compiler in another process.
template <class F>
double wall_time(F&& f) {
  const double start = chain::wall_seconds();
  f();
  return chain::wall_seconds() - start;
}

}  // namespace robot
