#pragma once
// The guard against a step that jumps to another branch of the motion (simulation.cpp). On its
// branch a run drifts from the constraints by a few tolerances between samples; a violation before
// the projection far beyond that (more than `suspicious` times the tolerance), or a projection that
// does not converge, says that the steps jumped rather than followed the constraints, and near a
// singular configuration the projection would pull the state onto another branch (IFToMM A02 at
// --rtol 7e-10: B0 2 m off, exit 0). Such a sample is not accepted: the run goes back to the last
// accepted sample, projects it onto the constraints to rounding (what it left below the tolerance
// grows across a singular position), and integrates the interval again with steps of at most a
// quarter of the last one — a quarter of that at each further jump, down to min_step_fraction of
// the output step; the limit is lifted once a sample is accepted. A jump that persists at the
// smallest step stops the run there.
#include <optional>
#include <string>
#include <vector>

#include "adyn/numeric/simulation.hpp"
#include "rank_watch.hpp"
#include "simulation_monitors.hpp"

namespace adyn::numeric {

class BranchJumpGuard {
 public:
  static constexpr double suspicious = 1e3;          // times the tolerance
  static constexpr double shrink = 0.25;             // of the last step, at each attempt
  static constexpr double min_step_fraction = 1e-4;  // of the output step: the smallest limit tried
  static constexpr double restart_tolerance = 1e-13; // the projection of the state gone back to

  /// `tolerance`: the violation above which a sample is projected (infinite: never, and no jump is
  /// seen).
  BranchJumpGuard(double tolerance, double output_step);

  /// Whether the steps to the state Y at t (an output time) jumped: its violation before the
  /// projection far beyond the tolerance, or a projection (tried on a copy) that does not converge.
  bool jumped(Problem& pb, double t, const double* Y);
  /// When the last jumped() saw no jump at t: its projection of the sample (written to Y, whose
  /// values before it are those jumped() was given) and what it observed, so that the sample is not
  /// projected twice; nothing (and Y unchanged) otherwise. Once per jumped().
  std::optional<Observation> take_projection(double t, double* Y);
  /// The sample at t (state Y, the rank watch after it) is accepted: the run goes back here when the
  /// next interval jumps.
  void accept(double t, const double* Y, std::size_t size, const std::optional<RankWatch>& rank);
  /// After a jump at `to` whose last step was `last_step`: t, Y and the rank watch back at the last
  /// accepted sample (Y projected to restart_tolerance) and the step limit for integrating the
  /// interval again, recorded in `resteps`; nothing (and no change) when the smallest limit jumped
  /// too — then stop_message() says why.
  std::optional<double> go_back(Problem& pb, double to, double last_step, double& t, double* Y,
                                std::optional<RankWatch>& rank, std::vector<Restep>& resteps);
  /// Whether a step limit was set since the last accepted sample (it is to be lifted now); clears it.
  bool lift();
  /// Why the run stops at the jump to `to`, with what the rank watch saw in the interval.
  std::string stop_message(double to, const std::optional<RankWatch>& rank) const;

 private:
  std::string rank_lost(const std::optional<RankWatch>& rank) const;

  double tolerance_, min_step_;
  double t_ = 0;              // the last accepted sample
  std::vector<double> state_;
  std::optional<RankWatch> rank_;
  double limit_ = 0;          // the step limit of the current attempt (0: none)
  Observation seen_;          // at the last jumped()
  std::vector<double> projected_;  // its projection of the sample
  std::optional<double> unjumped_at_;  // the time of that sample when it did not jump, until taken
};

}  // namespace adyn::numeric
