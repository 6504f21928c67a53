#pragma once
// What the programs of bench/robots share (adyn's harness bench/robots_adyn.cpp and the Pinocchio,
// Pinocchio-generated-code and MuJoCo peers), so that they evaluate the same robot at the same
// state and print their results the same way:
//  - the state file (written by `adyn_robots state ROBOT.urdf`): one line per moving joint,
//    "joint q v tau a", in adyn's coordinate order (which is Pinocchio's); each peer finds the joint
//    by name in its own model and reports in the file's order;
//  - the peers leave a joint's <dynamics damping> d out of the dynamics (Pinocchio's aba/rnea do;
//    MuJoCo's damping is set to 0): the forward dynamics is given τ − d v and the inverse dynamics
//    reports rnea(q, v, a) + d v, which is what adyn answers with its load −d q̇;
//  - records "tool robot n call metric value" (chain_common.hpp's record: tool, workload = robot,
//    n = joints, setting = call), vectors comma-separated, a matrix row by row; timing by
//    chain::time_per_call (median of 7 batches of ≥ 50 ms of CPU time), set-up by wall time.
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "chain_common.hpp"

namespace robot {

struct State {
  std::vector<std::string> joints;
  std::vector<double> q, v, tau, a;
  int n() const { return static_cast<int>(joints.size()); }
};

inline State read_state(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the state file " + path);
  State s;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
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
