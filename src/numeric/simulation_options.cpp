#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::numeric {

void SimulationOptions::check(double t0) const {
  auto fail = [](const std::string& what) { throw ModelError("simulation options", what); };
  auto text = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  // After t0 by more than rounding: a span of a few ulps (or a denormal one) integrates nothing.
  const double resolvable = 1e3 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(t0));
  if (!std::isfinite(t_end) || !(t_end - t0 > resolvable))
    fail("t_end must be a finite time after the initial time " + text(t0) + " (by more than rounding), got " +
         text(t_end));
  if (!std::isfinite(output_step) || !(output_step > 0)) fail("output_step must be positive, got " + text(output_step));
  if (const double samples = (t_end - t0) / output_step; !(samples <= max_samples))
    fail("t_end and output_step ask for " + text(samples) + " samples, more than " + text(max_samples) +
         "; choose a larger output_step");
  if (!(rtol > 0) || !(atol > 0) || !std::isfinite(rtol) || !std::isfinite(atol))
    fail("rtol and atol must be positive, got " + text(rtol) + " and " + text(atol));
  if (!std::isfinite(baumgarte) || baumgarte < 0)
    fail("the Baumgarte rate must be 0 (off) or positive, got " + text(baumgarte) +
         " (a negative rate makes the constraint violation grow)");
  if (!std::isfinite(constraint_tolerance) || constraint_tolerance < 0)
    fail("the constraint tolerance must be 0 (rtol) or positive, got " + text(constraint_tolerance));
  if (!std::isfinite(fixed_step) || fixed_step < 0) fail("the fixed step must be 0 (automatic) or positive, got " + text(fixed_step));
  if (max_steps_per_output < 1)
    fail("the steps per output interval must be at least 1, got " + std::to_string(max_steps_per_output));
  if (!std::isfinite(max_wall_seconds) || max_wall_seconds < 0)
    fail("the time budget of the run must be 0 (none) or a positive number of seconds, got " + text(max_wall_seconds));
  if (max_steps_per_run < 0)
    fail("the step budget of the run must be 0 (none) or positive, got " + std::to_string(max_steps_per_run));
}

}  // namespace adyn::numeric
