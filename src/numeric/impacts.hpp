#pragma once
// Events during a simulation: which closed, the impulsive change of the speeds at an impact, and
// the guard against impacts that accumulate (Zeno behaviour).
#include <string>
#include <vector>

#include "simulation_monitors.hpp"

namespace adyn::numeric {

/// The gaps of all events at (t, Y) (first the gaps, then the impulse rows; see Monitors::events).
std::vector<double> event_values(const Problem& pb, double t, const double* Y);

/// An impact of the events `closed` at (t, Y): changes the speeds in Y by
///   M Δu = Jᵀ Λ,  G Δu = 0,  J u⁺ = −e J u⁻   (Géradin (1.76)),
/// solved in the least-squares sense so that redundant rows are harmless.
void apply_impact(const Problem& pb, double t, double* Y, const std::vector<int>& closed);

/// Impacts accumulating: the last six each within 1e-4 of the run's span of the previous one.
class ZenoGuard {
 public:
  explicit ZenoGuard(double span) : span_(span) {}
  /// Records an impact at t; true when impacts accumulate.
  bool storm_after(double t);

 private:
  double span_;
  std::vector<double> recent_;
};

}  // namespace adyn::numeric
