#pragma once
// The watch over the rank of the constraint rows during a run (constraint_rank.hpp): a check at
// each sample and at the probes the driver makes between samples where the indicator falls
// towards zero; a loss of rank is recorded, or stops the run where the method cannot choose the
// branch (the KKT solve, Udwadia–Kalaba's pseudo-inverse, a singular block of dependent speeds).
#include <Eigen/Dense>

#include <optional>
#include <string>
#include <vector>

#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/constraint_rank.hpp"
#include "simulation_monitors.hpp"

namespace adyn::numeric {

class RankWatch {
 public:
  /// `matrix` names what is watched, `rows` its rows; with a non-empty `stop_remedy` a loss of
  /// rank stops the run with a message ending in it.
  RankWatch(std::string matrix, std::vector<std::string> rows, std::string stop_remedy);
  /// The rank of J at time t and `state` (a sample, or a probe between samples). Returns the
  /// message that stops the run, when the rank fell and the run must stop.
  std::optional<std::string> check(double t, const Eigen::MatrixXd& J, const Eigen::Ref<const Eigen::VectorXd>& state);
  /// Whether the last check was at this t and state and found the rows independent far from
  /// dependence (every pivot above svd_guard): then multipliers() solves with its QR.
  bool independent_at(double t, const Eigen::Ref<const Eigen::VectorXd>& state) const;
  /// λ with Jᵀλ = f in the least-squares sense by the column-pivoted QR of Jᵀ of that check: with the
  /// rows independent λ is unique, the least-norm λ (least_norm_multipliers) without a second
  /// decomposition. Only where independent_at().
  Eigen::VectorXd multipliers(const Eigen::VectorXd& f) const { return independent_qr_.solve(f); }
  /// Where to look next before the output time tout, when the secant of the last two checks puts
  /// the indicator's zero before it (nothing otherwise): halfway there, or nearer where the secants
  /// agree (rank_watch.cpp).
  std::optional<double> next_probe(double tout) const;
  /// The lowest rank indicator (|R_rr| / |R_11|, constraint_rank.hpp) of the checks since the last
  /// mark() (1 when none): how near a singular position the motion came.
  double lowest() const { return lowest_; }
  void mark() { lowest_ = 1; }
  /// An output interval begins (the probes' budget is renewed).
  void begin_interval() { probes_left_ = 64; }
  void probed() { --probes_left_; }
  const ConstraintRank& report();
  /// The losses of rank seen so far, and the name of the matrix watched.
  const std::vector<RankChange>& changes() const { return report_.changes; }
  const std::string& matrix() const { return report_.matrix; }
  std::size_t rows() const { return report_.rows; }
  std::size_t full_rank() const { return report_.rank; }
  /// What passes the singular instant (empty: the run goes on through it).
  const std::string& remedy() const { return remedy_; }

 private:
  struct Point {
    double t, s, ratio;  // the indicator, and σ_r/σ_1 where it was computed (NaN elsewhere)
  };
  static double secant_zero(const Point& a, const Point& b);
  std::optional<std::string> lost(double t, const RankAt& r, const Eigen::MatrixXd& J);
  void keep_if_independent(double t, const Eigen::Ref<const Eigen::VectorXd>& state, RankAt& r);
  std::optional<std::string> unresolved_minimum();
  std::string stop_message(const RankChange& c) const;

  ConstraintRank report_;
  std::vector<std::string> names_;
  std::string remedy_;
  std::vector<Point> chain_;  // the last three checks
  std::vector<std::string> full_rank_dependent_;  // the rows dependent at full rank (redundant everywhere)
  bool in_loss_ = false;
  double lowest_ = 1;
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> independent_qr_;  // the last check's, where it found the rows independent
  double independent_t_ = std::nan("");                          // and where: NaN when it did not
  Eigen::VectorXd independent_state_;
  int probes_left_ = 64;
};

/// The watch of a run of `compiled` (nothing without constraint rows): over G for the multiplier and
/// Moore–Penrose forms, over the rows solved for the eliminated speeds otherwise. A loss of rank
/// stops the run where the method cannot choose the branch (the KKT solve — `augmented` false —,
/// the pseudo-inverse, the elimination), naming what passes it.
std::optional<RankWatch> rank_watch_for(const CompiledSystem& compiled, const Monitors& monitors,
                                        const EquationsEvaluator& evaluator, bool augmented);

}  // namespace adyn::numeric
