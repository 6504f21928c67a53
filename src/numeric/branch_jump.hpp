#pragma once
// The guard against a step that jumps to another branch of the motion (simulation.cpp). Three
// signs say that the steps to an output time jumped rather than followed the constraints:
// - the violation before the projection far beyond the few tolerances a run drifts between
//   samples (more than `suspicious` times the tolerance), or a projection that does not converge —
//   near a singular configuration it would pull the state onto another branch (IFToMM A02 at
//   --rtol 7e-10: B0 2 m off);
// - a change of the energy balance E − ∫Ė that no load explains, beyond `energy_fraction` of the
//   largest kinetic energy seen (a scale of the motion free of the potential's datum and of the
//   tolerance): on the constraints the balance holds to the integration's error, while steps that
//   leave them let the ideal constraints' forces do work (A02 at --rtol 3e-7: 20 J of 27 J in one
//   output interval, at a violation of only 900 tolerances);
// - where the rank watch saw the constraint rows lose or regain rank in the interval or come near
//   it (an indicator below `near_singular`), a velocity that does not continue the one before: the
//   change of u beyond what the accelerations at the interval's ends give (the trapezoidal rule),
//   its kinetic energy beyond the same fraction (A02 at --rtol 1e-4 changes branch keeping its
//   energy to 0.03 %, two cranks stopping dead).
// A violation (the first sign alone) that integrating the interval again with shorter steps leaves
// within `persistence` of itself is not the steps' error: the sample is then accepted and projected.
// Such a sample is not accepted: the run goes back to the last accepted sample, projects it onto
// the constraints to rounding (what it left below the tolerance grows across a singular position),
// and integrates the interval again with steps of at most a quarter of the last one — a quarter of
// that at each further jump, down to min_step_fraction of the output step; the limit is lifted
// once a sample is accepted. A jump that persists at the smallest step stops the run there.
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
  static constexpr double energy_fraction = 1e-2;    // of the largest kinetic energy
  static constexpr double near_singular = 1e-2;      // the rank indicator below which the velocity is checked
  static constexpr double persistence = 1e-2;        // a re-step that leaves the violation within this fraction: not the steps'

  /// `tolerance`: the violation above which a sample is projected (infinite: never, and no jump is
  /// seen).
  BranchJumpGuard(double tolerance, double output_step);

  /// Whether the steps to the state Y at t (an output time) jumped: its violation before the
  /// projection far beyond the tolerance, a projection (tried on a copy) that does not converge, an
  /// energy balance that changed, or a velocity that did not continue across a change of rank that
  /// `rank` saw in the interval.
  bool jumped(Problem& pb, double t, const double* Y, const std::optional<RankWatch>& rank);
  /// When the last jumped() saw no jump at t: its projection of the sample (written to Y, whose
  /// values before it are those jumped() was given) and what it observed, so that the sample is not
  /// projected twice; nothing (and Y unchanged) otherwise. Once per jumped().
  std::optional<Observation> take_projection(double t, double* Y);
  /// The sample at t (state Y, observed as `seen`, the rank watch after it) is accepted: the run
  /// goes back here when the next interval jumps.
  void accept(const Problem& pb, double t, const double* Y, const Observation& seen, const std::optional<RankWatch>& rank);
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
  // E − ∫Ė at an observed state (0 without an energy monitor).
  static double balance(const Problem& pb, const Observation& seen, const double* Y);
  // Whether the rank watch saw a loss or a return of rank, or an indicator below near_singular,
  // after the last accepted sample.
  bool crossed(const std::optional<RankWatch>& rank) const;
  // u̇ at the state Y at t (empty where it cannot be evaluated, e.g. at a singular position).
  static Eigen::VectorXd accelerations(Problem& pb, double t, const double* Y);
  // ½ δuᵀ M δu of δu = u − u_0 − (t − t_0)(u̇ + u̇_0)/2 from the last accepted sample to the
  // state Y at t (0 where u̇ cannot be evaluated there).
  double velocity_jump(Problem& pb, double t, const double* Y) const;
  // The largest kinetic energy seen, with `seen`'s.
  double kinetic_scale(const Observation& seen) const { return std::max(kinetic_, seen.kinetic); }

  double tolerance_, min_step_;
  double t_ = 0;              // the last accepted sample
  std::vector<double> state_;
  std::optional<RankWatch> rank_;
  double balance_ = 0;        // E − ∫Ė there
  double kinetic_ = 0;        // the largest kinetic energy of the accepted samples
  double energy_change_ = 0;  // of E − ∫Ė over the interval, at the last jumped()
  double velocity_jump_ = 0;  // velocity_jump() at the last jumped() (0: not measured)
  double limit_ = 0;          // the step limit of the current attempt (0: none)
  double retried_violation_ = 0;  // the violation of the attempt before this one in the interval (0: none)
  Observation seen_;          // at the last jumped()
  std::vector<double> projected_;  // its projection of the sample
  std::optional<double> unjumped_at_;  // the time of that sample when it did not jump, until taken
};

}  // namespace adyn::numeric
