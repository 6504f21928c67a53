#pragma once
// The initial state of a run from the values a user gave. Given coordinates and speeds are kept;
// only those not given are completed, from their default 0, to satisfy the constraints — the
// configuration by φ(q, t) = 0, then the speeds by the velocity-level constraints (φ̇ = 0, the
// velocity and general constraints) at that configuration — and every value set is recorded. Where
// the Jacobian in the values completed is singular at the defaults (y = 0 on a circle given x) the
// completion starts beside them along its null directions; where another solution is about as near
// (y = ±0.8), the one taken is recorded with the other. Given values that the constraints forbid are
// an error naming them and the constraint, unless moving them within the rounding of their digits
// (rounding_tolerance: 0.7071 for 1/√2) satisfies it, which is recorded too.
#include <map>
#include <string>
#include <vector>

#include "adyn/analysis/consistency.hpp"
#include "adyn/error.hpp"

namespace adyn::analysis {

/// The largest change of a given value taken as rounding of its digits, relative to max(1, |value|).
inline constexpr double rounding_tolerance = 1e-3;

/// A value the completion set: one not given (completed from 0) or a given one moved within rounding.
struct CompletedValue {
  std::string name;  // a coordinate or a speed
  double before = 0;  // the given value, or 0 when not given
  double after = 0;
  bool given = false;
  std::vector<std::string> constraints;  // the constraints it takes part in
};

/// A choice between solutions about as near the defaults: the values taken and another solution's.
struct BranchChoice {
  std::vector<std::string> names;     // the values that differ between the two
  std::vector<double> taken, other;   // their values in the solution taken and in the other
  double taken_distance = 0, other_distance = 0;  // from the defaults, over the values completed
  std::vector<std::string> constraints;
};

struct InitialState {
  SystemState state;
  std::vector<CompletedValue> completed;  // coordinates first, then speeds, in the system's order
  std::vector<BranchChoice> branches;
  /// One sentence per value set and per branch choice, e.g. "completed y = 0.8 (not given; 0
  /// before) to satisfy constraint 'circle'"; empty when every value is as given (or 0).
  std::vector<std::string> messages() const;
};

/// The initial state from `given` (coordinate or speed name → value; others 0) at time t, completed
/// as above. Throws InitialStateError for given values that cannot be kept ("x = 100 given:
/// constraint 'circle' cannot be satisfied by completing y"), adyn::ModelError for an unknown name,
/// a value that is not finite or constraints that nothing satisfies, and adyn::EvaluationError
/// when the constraints need parameter values the model does not give.
InitialState complete_initial_state(const model::System& system, const std::map<std::string, double>& given,
                                    double t = 0);

}  // namespace adyn::analysis
