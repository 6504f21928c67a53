// The watch over the constraint rows' rank during a run (rank_watch.hpp).
#include "rank_watch.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "adyn/quoted_names.hpp"

namespace adyn::numeric {

RankWatch::RankWatch(std::string matrix, std::vector<std::string> rows, std::string stop_remedy)
    : names_(std::move(rows)), remedy_(std::move(stop_remedy)) {
  report_.matrix = std::move(matrix);
  report_.rows = names_.size();
}

std::optional<std::string> RankWatch::check(double t, const Eigen::MatrixXd& J,
                                            const Eigen::Ref<const Eigen::VectorXd>& state) {
  RankAt r = rank_at(J, report_.rank);
  ++report_.checks;
  if (r.rank > report_.rank) {  // the first check, or one beyond a start at a singular configuration
    if (report_.checks > 1 && !in_loss_)
      report_.changes.push_back({.t = chain_.empty() ? t : chain_.front().t, .from = t, .restored = t, .located = true,
                                 .rank = report_.rank, .dependent = {}});
    report_.rank = r.rank;
    in_loss_ = false;
    r = rank_at(J, report_.rank);
    full_rank_dependent_.clear();
    for (auto i : dependent_rows(J, r.rank)) full_rank_dependent_.push_back(names_[i]);
  }
  keep_if_independent(t, state, r);
  chain_.push_back({t, r.indicator, r.singular_ratio});
  lowest_ = std::min(lowest_, r.indicator);
  if (chain_.size() > 3) chain_.erase(chain_.begin());
  if (r.rank < report_.rank) return lost(t, r, J);
  if (in_loss_) report_.changes.back().restored = t;
  in_loss_ = false;
  return unresolved_minimum();
}

// The QR where the rows are independent and no singular values were counted (every pivot above the guard).
void RankWatch::keep_if_independent(double t, const Eigen::Ref<const Eigen::VectorXd>& state, RankAt& r) {
  independent_t_ = std::nan("");
  if (r.rank != report_.rows || !std::isnan(r.singular_ratio) || r.transposed_qr.rows() == 0) return;
  independent_qr_ = std::move(r.transposed_qr);
  independent_t_ = t;
  independent_state_ = state;
}

bool RankWatch::independent_at(double t, const Eigen::Ref<const Eigen::VectorXd>& state) const {
  return t == independent_t_ && state.size() == independent_state_.size() && state == independent_state_;
}

std::optional<std::string> RankWatch::lost(double t, const RankAt& r, const Eigen::MatrixXd& J) {
  if (in_loss_) {
    auto& c = report_.changes.back();
    c.rank = std::min(c.rank, r.rank);
    return std::nullopt;
  }
  in_loss_ = true;
  RankChange c{.t = t, .from = t, .restored = std::nan(""), .located = true, .rank = r.rank, .dependent = {}};
  for (auto i : dependent_rows(J, r.rank)) c.dependent.push_back(names_[i]);
  report_.changes.push_back(c);
  return remedy_.empty() ? std::nullopt : std::optional(stop_message(c));
}

// A minimum of the indicator at the middle of the last three checks that no check resolved: a V
// through the outer two with the steeper of the two slopes has its vertex at or below zero (a
// parabola sampled symmetrically gives its true minimum), and no loss was recorded since the first.
std::optional<std::string> RankWatch::unresolved_minimum() {
  if (chain_.size() < 3) return std::nullopt;
  const auto [a, b, c] = std::tie(chain_[0], chain_[1], chain_[2]);
  if (!(b.s < a.s && b.s < c.s)) return std::nullopt;
  if (!report_.changes.empty() && report_.changes.back().t >= a.t) return std::nullopt;
  const double slope = std::max((a.s - b.s) / (b.t - a.t), (c.s - b.s) / (c.t - b.t));
  if ((a.s + c.s - slope * (c.t - a.t)) / 2 > 0) return std::nullopt;
  RankChange change{.t = c.t, .from = a.t, .restored = c.t, .located = false, .rank = report_.rank, .dependent = {}};
  report_.changes.push_back(change);
  return remedy_.empty() ? std::nullopt : std::optional(stop_message(change));
}

// Where the secant of the indicator through the checks a and b reaches zero.
double RankWatch::secant_zero(const Point& a, const Point& b) { return b.t + b.s * (b.t - a.t) / (a.s - b.s); }

// Halfway to the secant's zero, or up to 3/4 of the way while the SVD is not needed yet: there the
// probe leaves the fraction `keep` of the distance that puts the indicator at 1/4 of the SVD guard
// if the secant is right, stays twice the secant's error short of its zero (the error taken as
// the change of its zero from the checks before), and never goes beyond 3/4 of the way (A02 at
// N = 40: near a crossing the steps' interpolation bends, and a secant that agreed with the one
// before to 5 % put the zero 10 % beyond it). A02's probes come from 0.03 to 3e-7 in 9 checks
// rather than 17. Within the SVD guard the probes halve: the indicator is there as small as the
// dense output's own error, the secant misleads (stepping to where it put 3/4 of the rank
// tolerance landed on A02's crossing itself, where 10 rows are dependent, not 1), and halving
// stops at the first check below the tolerance.
std::optional<double> RankWatch::next_probe(double tout) const {
  if (chain_.size() < 2 || in_loss_ || probes_left_ <= 0) return std::nullopt;
  const Point& a = chain_[chain_.size() - 2];
  const Point& b = chain_.back();
  if (!(b.s < a.s) || b.t >= tout) return std::nullopt;
  const double zero = secant_zero(a, b), reach = zero - b.t;
  double keep = 0.5;
  if (std::isnan(b.ratio) && chain_.size() == 3 && chain_[0].s > a.s)
    keep = std::clamp(std::max(0.25 * svd_guard / b.s, 2 * std::abs(zero - secant_zero(chain_[0], a)) / reach), 0.25, 0.5);
  const double probe = b.t + (1 - keep) * reach;
  if (!(probe < tout) || !(probe > b.t + 1e-12 * std::max(1.0, std::abs(b.t)))) return std::nullopt;
  return probe;
}

std::string RankWatch::stop_message(const RankChange& c) const {
  std::ostringstream os;
  os << "the " << report_.matrix << " loses rank ";
  if (c.located)
    os << "at t = " << c.t << " (" << c.rank << " of " << report_.rows << "): "
       << (c.dependent.size() == 1 ? "row '" : "rows '");
  else
    os << "between t = " << c.from << " and " << c.t << " (below " << report_.rank << " of " << report_.rows << ")";
  for (std::size_t k = 0; c.located && k < c.dependent.size(); ++k) os << (k ? "', '" : "") << c.dependent[k];
  if (c.located) os << (c.dependent.size() == 1 ? "' depends" : "' depend") << " on the others";
  os << ": a singular configuration; " << remedy_;
  return os.str();
}

std::optional<RankWatch> rank_watch_for(const CompiledSystem& compiled, const Monitors& monitors,
                                        const EquationsEvaluator& evaluator, bool augmented) {
  const auto& names = compiled.names();
  const std::string passes = "the augmented-Lagrangian constraint solver (simulate's default for lagrange, gauss "
                             "and hamilton) passes it";
  if (monitors.eliminated_block) {
    std::string speeds;
    for (const auto& u : monitors.dependent_speed_names) speeds += (speeds.empty() ? "" : ", ") + u;
    const std::string left_out =
        names.dropped_constraints.empty()
            ? ""
            : " (or, with " + quoted_names(names.dropped_constraints) + " left out as redundant, a configuration "
              "where the rows kept are dependent though all the rows are not: no fixed choice of rows serves "
              "everywhere)";
    return RankWatch("block of the constraint rows solved for the dependent speeds " + speeds, monitors.eliminated_rows,
                     "the dependent speeds are not determined there" + left_out +
                         "; the multiplier form (--method lagrange), which keeps every row, with " + passes);
  }
  if (evaluator.constraint_rows() == 0) return std::nullopt;
  if (compiled.enforcement() == formulations::ConstraintEnforcement::NumericElimination)
    return RankWatch("constraint Jacobian", names.constraints, "the " + names.method + " equations solve the rows for "
                     "dependent speeds, and no set of them is determined there; the multiplier form (--method "
                     "lagrange) with " + passes);
  if (compiled.enforcement() == formulations::ConstraintEnforcement::MoorePenrose)
    return RankWatch("constraint Jacobian", names.constraints, "Udwadia-Kalaba's pseudo-inverse cannot tell the "
                     "branch there; the multiplier form (--method lagrange) with " + passes);
  return RankWatch("constraint Jacobian", names.constraints, augmented ? "" : "the KKT solve cannot tell the "
                   "branch there; " + passes + " (--constraint-solver augmented-lagrangian, dopri or bdf)");
}

const ConstraintRank& RankWatch::report() {
  report_.redundant = report_.rank < report_.rows ? full_rank_dependent_ : std::vector<std::string>{};
  return report_;
}

}  // namespace adyn::numeric
