// The IFToMM multibody benchmark problems A01, A03 and A05 (library of computational benchmark
// problems; González, Dopico, Lugrís, Cuadrado, Multibody System Dynamics 16, 2006) as the model
// files of examples/ state them, against independent references: the closed form (A01), the Test
// Set for IVP Solvers' solution of Andrews' squeezer (A03), a SymPy/SciPy derivation of the
// flyball governor (A05; tests/numeric/references/iftomm_*.py compute and print them), by every
// method that applies. A02 and A04 need the constrained solver of issue 30.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// Integrates the example `file` by `method` from its (completed) initial state.
numeric::Trajectory simulate_example(const std::string& file, const std::string& method,
                                     const numeric::SimulationOptions& options) {
  const auto doc = io::read_model_document(test::example(file));
  const auto eom = formulations::derive(doc.system, method);
  const auto x = io::initial_state_of(doc).state;
  return numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), options);
}

// The column of a coordinate or speed in a trajectory's q or u.
std::size_t column(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// The sample at time t (output times are exact multiples of the step, or t_end).
std::size_t sample_at(const numeric::Trajectory& tr, double t) {
  for (std::size_t k = 0; k < tr.t.size(); ++k)
    if (std::abs(tr.t[k] - t) < 1e-12) return k;
  ADD_FAILURE() << "no sample at t = " << t;
  return 0;
}

}  // namespace

// A01: released at rest from the horizontal (theta = pi), the pendulum passes the bottom
// (3 pi/2) at T/4, the other horizontal (2 pi) at rest at T/2, and is back at pi at rest after
// each period T = 4 sqrt(L/g) K(sin(pi/4)) = 2.36784194757624 s (the benchmark's criterion). At
// t = 10 s the bob is where Jacobi's sn puts it (iftomm_a01_pendulum.py). Lagrange's, Kane's and
// Hamilton's equations (at the turning points Hamilton's momentum vanishes with the rate).
TEST(IFToMM_A01_Pendulum, PeriodAndPositionAgainstTheClosedForm) {
  constexpr double period = 2.36784194757624;
  constexpr double pi = 3.14159265358979323846;
  numeric::SimulationOptions o;
  o.t_end = 10;
  o.output_step = period / 4;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  for (const char* method : {"lagrange", "kane", "hamilton"}) {
    const auto tr = simulate_example("iftomm_a01_pendulum.yaml", method, o);
    ASSERT_TRUE(tr.summary.completed) << method << ": " << tr.summary.stop_reason;
    ASSERT_EQ(tr.t.size(), 18u) << method;  // 0, T/4, ..., 4T, and 10
    for (int k = 1; k <= 16; ++k) {
      const double expected = k % 2 ? 1.5 * pi : (k % 4 ? 2 * pi : pi);
      EXPECT_NEAR(tr.q[static_cast<std::size_t>(k)](0), expected, 3e-8) << method << " at " << k << " T/4";
      if (k % 2 == 0) {
        EXPECT_NEAR(tr.u[static_cast<std::size_t>(k)](0), 0, 6e-8) << method << " at " << k << " T/4";
      }
    }
    const double theta = tr.q.back()(0);
    EXPECT_NEAR(std::cos(theta), -0.275087462576117, 1e-7) << method;
    EXPECT_NEAR(std::sin(theta), -0.961419205099125, 1e-7) << method;
  }
}

// A03: Andrews' squeezing mechanism over 0.03 s, the seven angles against the Test Set's
// reference solution (which iftomm_a03_andrews_squeezer.py reproduces to 1.4e-9) by Lagrange's
// multipliers, Udwadia-Kalaba, Gauss and Kane with dependent speeds; the energy balance
// E - E0 - int(dE/dt), the motor's work included, holds to rounding.
TEST(IFToMM_A03_AndrewsSqueezer, AnglesAtTheEndAgainstTheTestSetsReference) {
  const std::array<double, 7> reference = {15.81077119629904,  -15.75637105984298, 0.04082224013073101,
                                           -0.5347301163226948, 0.5244099658805304, 0.5347301163226948,
                                           1.048080741042263};
  numeric::SimulationOptions o;
  o.t_end = 0.03;
  o.output_step = 0.0003;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  for (const char* method : {"lagrange", "udwadia-kalaba", "gauss", "kane"}) {
    const auto tr = simulate_example("iftomm_a03_andrews_squeezer.yaml", method, o);
    ASSERT_TRUE(tr.summary.completed) << method << ": " << tr.summary.stop_reason;
    EXPECT_NEAR(tr.t.back(), 0.03, 1e-15) << method;
    for (std::size_t i = 0; i < reference.size(); ++i)
      EXPECT_NEAR(tr.q.back()(static_cast<Eigen::Index>(i)), reference[i], 3e-9) << method << ": " << tr.coordinate_names[i];
    EXPECT_LT(tr.summary.max_violation, 1e-9) << method;
    EXPECT_LT(tr.summary.relative_energy_error, 1e-8) << method;
  }
}

// A05: the stiff flyball governor by BDF; the slider's height s and the shaft's angle against the
// SymPy/SciPy reference (iftomm_a05_flyball_governor.py, Radau at 1e-12): s rises to 0.7432 m at
// 0.5 s and oscillates with a period of about 1 s, as the benchmark's reference. The energy balance
// (the dampers' power counted) holds to 1e-8 of E0 = 238.885 J. Lagrange, Kane and Gibbs-Appell.
TEST(IFToMM_A05_FlyballGovernor, SliderPositionAndEnergyAgainstAnIndependentDerivation) {
  const std::array<std::array<double, 2>, 5> slider = {
      {{0.5, 0.743249424786}, {1, 0.501420922380}, {2, 0.505909294297}, {5, 0.535563103722}, {10, 0.619622917061}}};
  numeric::SimulationOptions o;
  o.t_end = 10;
  o.output_step = 0.1;
  o.integrator = numeric::Integrator::Bdf;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  for (const char* method : {"lagrange", "kane", "gibbs-appell"}) {
    const auto tr = simulate_example("iftomm_a05_flyball_governor.yaml", method, o);
    ASSERT_TRUE(tr.summary.completed) << method << ": " << tr.summary.stop_reason;
    const auto s = column(tr.coordinate_names, "s"), psi = column(tr.coordinate_names, "psi");
    for (const auto& [t, expected] : slider)
      EXPECT_NEAR(tr.q[sample_at(tr, t)](static_cast<Eigen::Index>(s)), expected, 2e-8) << method << " at t = " << t;
    EXPECT_NEAR(tr.q.back()(static_cast<Eigen::Index>(psi)), 55.935409909102, 2e-6) << method;
    EXPECT_NEAR(tr.energy.front(), 238.885450441526, 1e-9) << method;
    EXPECT_LT(tr.summary.relative_energy_error, 3e-8) << method;
  }
}
