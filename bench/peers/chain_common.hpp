#pragma once
// What every program of bench/compare shares (adyn's harness and the MuJoCo, Simbody, Pinocchio and
// DART peers), so that they model exactly the same systems at exactly the same states and print
// their results the same way:
//  - the planar n-link pendulum: point masses m_i = 1 + 0.1 (i-1) at the ends of massless links of
//    length l = 0.5, hinges about z, gravity g = 9.81 along -y; at zero angles the chain hangs
//    straight down;
//  - its test state: absolute angles θ_i (of link i from the downward vertical) evenly spaced in
//    [0.1, 0.7], absolute rates θ̇_i evenly spaced in [-0.3, 0.4];
//  - the conversion between absolute angles (adyn's model) and relative hinge angles (the peers'
//    joints): φ_1 = θ_1, φ_i = θ_i − θ_{i−1}, and the same for rates and accelerations;
//  - timing: CPU time of the process; per call, the median over 7 batches of the mean time per
//    call, each batch lasting ≥ 50 ms; a whole job, the fastest of repeated runs;
//  - output: tab-separated records "tool workload n setting metric value";
//  - the peers' command line: "forward N" or "simulate N T SETTING..." (peer_main; Pinocchio's and
//    DART's peers measure forward dynamics only).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace chain {

constexpr double gravity = 9.81;
constexpr double length = 0.5;
inline double mass(int i) { return 1.0 + 0.1 * i; }  // i = 0 .. n-1

inline std::vector<double> spaced(int n, double first, double last) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = n == 1 ? first : first + (last - first) * i / (n - 1);
  return v;
}
/// The test state (absolute angles and rates).
inline std::vector<double> test_angles(int n) { return spaced(n, 0.1, 0.7); }
inline std::vector<double> test_rates(int n) { return spaced(n, -0.3, 0.4); }

/// Absolute link angles (or their rates, accelerations) → relative hinge angles.
inline std::vector<double> to_relative(const std::vector<double>& absolute) {
  std::vector<double> r(absolute.size());
  for (std::size_t i = 0; i < absolute.size(); ++i) r[i] = absolute[i] - (i ? absolute[i - 1] : 0.0);
  return r;
}
/// Relative hinge angles → absolute link angles (partial sums).
inline std::vector<double> to_absolute(const std::vector<double>& relative) {
  std::vector<double> a(relative.size());
  double sum = 0;
  for (std::size_t i = 0; i < relative.size(); ++i) a[i] = sum += relative[i];
  return a;
}

inline void record(const std::string& tool, const std::string& workload, int n, const std::string& setting,
                   const std::string& metric, const std::string& value) {
  std::printf("%s\t%s\t%d\t%s\t%s\t%s\n", tool.c_str(), workload.c_str(), n, setting.c_str(), metric.c_str(),
              value.c_str());
  std::fflush(stdout);
}
inline std::string number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
/// A setting's value as written on the command line (1e-12, 0.001): "%g".
inline std::string setting_label(const std::string& name, double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", x);
  return name + "=" + buf;
}
inline std::string numbers(const std::vector<double>& v) {
  std::string s;
  for (double x : v) {
    if (!s.empty()) s += ',';
    s += number(x);
  }
  return s;
}

/// CPU time of this process (s). Timings use it rather than wall time: the reference machine is
/// shared, and wall time there mostly measures the other processes' load.
inline double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
/// Wall time (s), for what runs in other processes (the C compiler).
inline double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Median over 7 batches (each ≥ 50 ms) of the mean CPU time of one call of f, in seconds.
template <class F>
double time_per_call(F&& f) {
  long calls = 1;
  for (;;) {  // calibrate the batch size
    const double start = cpu_seconds();
    for (long k = 0; k < calls; ++k) f();
    if (cpu_seconds() - start >= 0.05) break;
    calls *= 2;
  }
  std::vector<double> per_call;
  for (int b = 0; b < 7; ++b) {
    const double start = cpu_seconds();
    for (long k = 0; k < calls; ++k) f();
    per_call.push_back((cpu_seconds() - start) / static_cast<double>(calls));
  }
  std::nth_element(per_call.begin(), per_call.begin() + 3, per_call.end());
  return per_call[3];
}

/// The fastest of repeated runs of a whole job (≥ 1 run, at most 50, until 2 s have been spent): the
/// minimum filters out the bursts of load of a shared machine.
template <class F>
double time_job(F&& job) {
  double best = 1e300, spent = 0;
  for (int r = 0; r < 50 && (r < 1 || spent < 2); ++r) {
    const double start = cpu_seconds();
    job();
    const double s = cpu_seconds() - start;
    best = std::min(best, s);
    spent += s;
  }
  return best;
}

/// The command line of a peer program: `forward N`, or `simulate N T SETTING...` (one run per
/// setting: an accuracy or a step). Returns the exit status (2 with `usage` on a bad command line).
template <class Forward, class Simulate>
int peer_main(int argc, char** argv, const char* usage, Forward forward, Simulate simulate) {
  const std::string command = argc >= 3 ? argv[1] : "";
  const int n = argc >= 3 ? std::atoi(argv[2]) : 0;
  if (command == "forward") {
    forward(n);
  } else if (command == "simulate" && argc >= 5) {
    for (int a = 4; a < argc; ++a) simulate(n, std::atof(argv[3]), std::atof(argv[a]));
  } else {
    std::fprintf(stderr, "%s\n", usage);
    return 2;
  }
  return 0;
}

/// The command line of a peer that measures forward dynamics only: `forward N`.
template <class Forward>
int peer_main(int argc, char** argv, const char* usage, Forward forward) {
  if (argc < 3 || std::string(argv[1]) != "forward") {
    std::fprintf(stderr, "%s (forward dynamics only)\n", usage);
    return 2;
  }
  forward(std::atoi(argv[2]));
  return 0;
}

}  // namespace chain
