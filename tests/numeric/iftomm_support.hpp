#pragma once
// IFToMM benchmarks A02 (the N-four-bar mechanism) and A04 (Bricard's mechanism) in tests: the
// example's run, the parallelogram reference of B0 (tests/numeric/references/iftomm_a02_n_four_bar.py),
// the benchmark's options, the expectations of a run that stops at the first singular position; J3 of
// A04 and its reference (tests/numeric/references/iftomm_a04_bricard.py).
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "adyn/application/initial_state.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"
#include "test_support.hpp"

namespace adyn::test {

// Integrates the example `file` by `method` from its (completed) initial state.
inline numeric::Trajectory simulate_example(const std::string& file, const std::string& method,
                                     const numeric::SimulationOptions& options) {
  const auto doc = io::read_model_document(test::example(file));
  const auto eom = formulations::derive(doc.system, method);
  const auto x = application::initial_state_of(doc).state;
  return numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), options);
}

// The column of a coordinate or speed in a trajectory's q or u.
inline std::size_t column(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// The sample at time t (output times are exact multiples of the step, or t_end).
inline std::size_t sample_at(const numeric::Trajectory& tr, double t) {
  for (std::size_t k = 0; k < tr.t.size(); ++k)
    if (std::abs(tr.t[k] - t) < 1e-12) return k;
  ADD_FAILURE() << "no sample at t = " << t;
  return 0;
}

// A02's reference (tests/numeric/references/iftomm_a02_n_four_bar.py): with all bars equal the
// mechanism moves as a parallelogram, every crank at the angle phi, 2a phi'' = -b cos(phi) with
// a = (N + 1)/6 + N/2, b = g ((N + 1)/2 + N); from phi = pi/4, phi' = -sqrt(2) (B0 at +1 m/s along x).
// Integrated here by the classical Runge-Kutta method at h = 1e-4 s (error below 1e-11 over 20 s:
// it matches the script's DOP853 at rtol 1e-13, checked below); phi at each multiple of `every`.
inline std::vector<double> parallelogram_angle(int N, double t_end, double every) {
  const double a = (N + 1) / 6.0 + N / 2.0, b = 9.81 * ((N + 1) / 2.0 + N);
  auto rate = [&](const Eigen::Vector2d& y) { return Eigen::Vector2d(y(1), -b * std::cos(y(0)) / (2 * a)); };
  Eigen::Vector2d y(std::acos(-1.0) / 4, -std::sqrt(2.0));
  const double h = 1e-4;
  const auto per_output = static_cast<long>(std::lround(every / h));
  std::vector<double> phi = {y(0)};
  for (long k = 1; k <= std::lround(t_end / h); ++k) {
    const Eigen::Vector2d k1 = rate(y), k2 = rate(y + h / 2 * k1), k3 = rate(y + h / 2 * k2), k4 = rate(y + h * k3);
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    if (k % per_output == 0) phi.push_back(y(0));
  }
  return phi;
}

// A run to t_end with outputs every output_step at the tolerances given (the file's, by default).
inline numeric::SimulationOptions run_options(double t_end, double output_step, double rtol = 1e-10, double atol = 1e-12) {
  numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = output_step;
  o.rtol = rtol;
  o.atol = atol;
  return o;
}

inline numeric::SimulationOptions a02_options() { return run_options(20, 0.05); }  // the benchmark's 20 s at 400 outputs

// The largest distance of B0 = (cos c0, sin c0) from the parallelogram's over a trajectory's samples.
inline double b0_error(const numeric::Trajectory& tr, const std::vector<double>& phi) {
  double worst = 0;
  const auto c0 = static_cast<Eigen::Index>(column(tr.coordinate_names, "c0"));
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    const double expected = phi[static_cast<std::size_t>(std::lround(tr.t[k] / 0.05))], angle = tr.q[k](c0);
    worst = std::max(worst, std::hypot(std::cos(angle) - std::cos(expected), std::sin(angle) - std::sin(expected)));
  }
  return worst;
}

// The first horizontal crossing of A02 (N = 2) from the reference: sin(phi) = 0 at t = 0.28544353.
inline constexpr double a02_first_singular_time = 0.28544353;

inline void expect_stopped_at_the_first_singular_position(const numeric::Trajectory& tr, const std::string& method,
                                                   const std::vector<std::string>& words) {
  EXPECT_FALSE(tr.summary.completed) << method;
  const auto& why = tr.summary.stop_reason;
  EXPECT_NE(why.find("loses rank"), std::string::npos) << method << ": " << why;
  EXPECT_NE(why.find("t = 0.285"), std::string::npos) << method << ": " << why;
  EXPECT_NE(why.find("augmented-Lagrangian constraint solver"), std::string::npos) << method << ": " << why;
  for (const auto& w : words) EXPECT_NE(why.find(w), std::string::npos) << method << ": " << why;
  ASSERT_FALSE(tr.t.empty()) << method;
  EXPECT_LT(tr.t.back(), a02_first_singular_time) << method << ": a sample beyond the singular instant";
  EXPECT_LT(b0_error(tr, parallelogram_angle(2, 1, 0.05)), 1e-6) << method;
}

// A04: J3 at the reference's times (1, 2, 5, 7 and 10 s), as iftomm_a04_bricard.py prints it.
inline constexpr std::array<double, 5> bricard_times = {1, 2, 5, 7, 10};
inline constexpr std::array<std::array<double, 3>, 5> bricard_j3_reference = {
    {{0.274481319265, -0.886707938735, -0.462330002687},
     {-0.778135373033, -0.980352683443, -0.197252670617},
     {0.999932742302, -0.999999997738, -0.000067255434},
     {-0.784913056598, -0.981403582260, -0.191955746785},
     {0.999730987312, -0.999999963826, -0.000268976465}}};

// J3 of A04 from its first two joint angles: R1 (about y) takes the first bar to J2, R2 (then about z)
// the second to J3.
inline Eigen::Vector3d bricard_j3(const Eigen::VectorXd& q) {
  using Eigen::AngleAxisd, Eigen::Vector3d;
  const Eigen::Matrix3d R1 = AngleAxisd(q(0), Vector3d::UnitY()).toRotationMatrix();
  const Eigen::Matrix3d R2 = R1 * AngleAxisd(q(1), Vector3d::UnitZ()).toRotationMatrix();
  return R1 * Vector3d(1, 0, 0) + R2 * Vector3d(0, -1, 0);
}

// The largest distance of J3 from the reference at its times.
inline double bricard_j3_error(const numeric::Trajectory& tr) {
  double worst = 0;
  for (std::size_t k = 0; k < bricard_times.size(); ++k) {
    const Eigen::Vector3d expected(bricard_j3_reference[k][0], bricard_j3_reference[k][1], bricard_j3_reference[k][2]);
    worst = std::max(worst, (bricard_j3(tr.q[sample_at(tr, bricard_times[k])]) - expected).cwiseAbs().maxCoeff());
  }
  return worst;
}

}  // namespace adyn::test
