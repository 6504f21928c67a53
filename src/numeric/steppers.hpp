#pragma once
// The integrators behind one small interface: ARKODE's explicit Dormand–Prince 5(4) pair, CVODE's
// BDF, IDA on the index-1 DAE of a multiplier form, the symplectic implicit midpoint rule, and the
// index-3 augmented Lagrangian of closed loops.
#include <nvector/nvector_serial.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "adyn/numeric/simulation.hpp"
#include "simulation_monitors.hpp"

namespace adyn::numeric {

class Stepper {
 public:
  /// What evolve() reports besides reaching tout.
  enum class Status { Reached, Event, Failed };
  virtual ~Stepper() = default;
  /// Locates the zeros of the monitors' `count` event gaps (downward crossings).
  virtual void set_events(int count) = 0;
  /// Which events evolve() stopped at.
  virtual std::vector<int> events_found(int count) = 0;
  /// At most `steps` steps in the next evolve(); beyond them it returns Failed with the flag
  /// too_much_work and t where it got to (a further evolve() goes on from there).
  virtual void set_step_limit(long steps) = 0;
  /// Advances y from t towards tout; on Failed, the problem's `error` (or the flag) says why.
  virtual Status evolve(double tout, N_Vector y, double& t, int& flag) = 0;
  /// Starts again from (t, y) after the state was changed from outside (projection, impact).
  virtual void restart(double t, N_Vector y) = 0;
  /// Steps of at most h from now on, restarts included; 0 lifts the limit (BranchJumpGuard).
  virtual void set_max_step(double h) = 0;
  /// The size of the last step taken (0 before the first).
  virtual double last_step() = 0;
  /// Adds the steps and evaluations since the last call (or restart) to the counters.
  virtual void counters(long& steps, long& evaluations) = 0;
};

/// The k-th output time of a run from t0: the driver's samples, on which the fixed-step integrators
/// end their steps.
inline double output_time(double t0, long k, const SimulationOptions& options) {
  return std::min(t0 + static_cast<double>(k) * options.output_step, options.t_end);
}

/// The fewest equal steps of at most `most` that cover `span` (at least one).
inline long even_steps(double span, double most) {
  return std::max(1L, static_cast<long>(std::ceil(span / most - 1e-9)));
}

/// The flag of evolve() when the step limit was reached before tout (SUNDIALS' TOO_MUCH_WORK).
constexpr int too_much_work = -1;

/// Why the integrator stopped with `flag` (SUNDIALS' return code, the same for ARKODE, CVODE and
/// IDA), in words: the step budget per output interval spent, the tolerances beyond precision, ...;
/// else its own message.
std::string integrator_failure(const SimulationOptions& options, int flag, const std::string& integrator_message);

/// The index-3 augmented Lagrangian with projections (index3_augmented_lagrangian.cpp), starting at
/// (t0, y): for the multiplier form of constraints with the speeds the rates.
std::unique_ptr<Stepper> make_index3_stepper(Problem& pb, N_Vector y, double t0, const SimulationOptions& options);

/// The integrator of `options`, starting at (t0, y); y is (q, u, W).
std::unique_ptr<Stepper> make_stepper(const SimulationOptions& options, Problem& pb, N_Vector y, double t0,
                                      SUNContext ctx);

}  // namespace adyn::numeric
