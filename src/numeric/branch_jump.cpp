// The guard against a step that jumps to another branch of the motion (branch_jump.hpp).
#include "branch_jump.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/number_text.hpp"
#include "adyn/quoted_names.hpp"

namespace adyn::numeric {

BranchJumpGuard::BranchJumpGuard(double tolerance, double output_step)
    : tolerance_(tolerance), min_step_(min_step_fraction * output_step) {}

bool BranchJumpGuard::jumped(Problem& pb, double t, const double* Y, const std::optional<RankWatch>& rank) {
  unjumped_at_.reset();
  if (!(tolerance_ < std::numeric_limits<double>::infinity())) return false;  // no projection
  projected_.assign(Y, Y + pb.state_size());
  try {
    pb.inputs_at(t, Y);
    seen_ = observe(pb, t, projected_.data(), tolerance_);
  } catch (const Error&) {
    return false;  // the sample says what cannot be evaluated
  }
  const bool constrained = pb.monitors->h + pb.monitors->k > 0;  // else no branch to leave
  energy_change_ = constrained ? balance(pb, seen_, projected_.data()) - balance_ : 0.0;
  velocity_jump_ = crossed(rank) ? velocity_jump(pb, t, projected_.data()) : 0.0;
  // The scale of a jump, above what rounding and the tolerance leave in E where nothing moves.
  const double scale = std::max(energy_fraction * kinetic_scale(seen_), 10 * tolerance_ * std::abs(seen_.energy));
  // A violation that integrating the interval again with steps a quarter as long leaves as it was
  // is not the steps' error but what the solve leaves at a singular position (the augmented
  // Lagrangian's cap, A02 at rtol 1e-12): the projection takes it, as any other.
  const bool persistent = retried_violation_ > 0 && std::abs(seen_.violation - retried_violation_) <= persistence * retried_violation_;
  if (!seen_.converged || (seen_.violation > suspicious * tolerance_ && !persistent) ||
      std::abs(energy_change_) > scale || velocity_jump_ > scale)
    return true;
  unjumped_at_ = t;
  return false;
}

bool BranchJumpGuard::crossed(const std::optional<RankWatch>& rank) const {
  if (!rank) return false;
  if (rank->lowest() < near_singular) return true;
  if (rank->changes().empty()) return false;
  const auto& last = rank->changes().back();
  return last.t > t_ || !(last.restored <= t_);  // lost in the interval, or regained in it (NaN: not yet)
}

Eigen::VectorXd BranchJumpGuard::accelerations(Problem& pb, double t, const double* Y) {
  if (!pb.monitors->speeds_are_rates) return {};  // M is a metric of the rates only
  const auto n = static_cast<Eigen::Index>(pb.n), p = static_cast<Eigen::Index>(pb.p);
  try {
    pb.inputs_at(t, Y);
    auto udot = pb.evaluator->evaluate(t, Eigen::Map<const Eigen::VectorXd>(Y, n), Eigen::Map<const Eigen::VectorXd>(Y + n, p),
                                       pb.correction(t, Y), false).udot;
    return udot.allFinite() ? udot : Eigen::VectorXd();
  } catch (const Error&) {
    return {};
  }
}

double BranchJumpGuard::velocity_jump(Problem& pb, double t, const double* Y) const {
  // u̇ at both ends only here, where an interval came near a singular position: the start's first
  // (its inputs set), then the end's (the inputs left at t for the sample).
  const auto udot0 = accelerations(pb, t_, state_.data());
  const auto udot = accelerations(pb, t, Y);
  if (udot.size() == 0 || udot0.size() == 0) return 0;
  const auto n = static_cast<Eigen::Index>(pb.n), p = static_cast<Eigen::Index>(pb.p);
  Eigen::Map<const Eigen::VectorXd> q(Y, n), u(Y + n, p), u0(state_.data() + n, p);
  const Eigen::VectorXd du = u - u0 - 0.5 * (t - t_) * (udot + udot0);  // the trapezoidal rule's defect
  return 0.5 * du.dot(pb.evaluator->matrices(t, q, u).M * du);
}

double BranchJumpGuard::balance(const Problem& pb, const Observation& seen, const double* Y) {
  return pb.monitors->energy ? seen.energy - pb.energy_rate_integral(Y) : 0.0;
}

std::optional<Observation> BranchJumpGuard::take_projection(double t, double* Y) {
  if (unjumped_at_ != t) return std::nullopt;
  unjumped_at_.reset();
  std::copy(projected_.begin(), projected_.end(), Y);
  return seen_;
}

void BranchJumpGuard::accept(const Problem& pb, double t, const double* Y, const Observation& seen,
                             const std::optional<RankWatch>& rank) {
  t_ = t;
  state_.assign(Y, Y + pb.state_size());
  rank_ = rank;
  balance_ = balance(pb, seen, Y);
  kinetic_ = kinetic_scale(seen);
  retried_violation_ = 0;
}

std::optional<double> BranchJumpGuard::go_back(Problem& pb, double to, double last_step, double& t, double* Y,
                                               std::optional<RankWatch>& rank, std::vector<Restep>& resteps) {
  if (limit_ > 0 && limit_ <= min_step_) return std::nullopt;  // the smallest limit jumped too
  const double last = limit_ > 0 ? std::min(limit_, last_step) : last_step;
  limit_ = std::max(shrink * last, min_step_);
  resteps.push_back({.from = t_, .to = to, .violation = seen_.violation, .energy_change = energy_change_,
                     .velocity_jump = velocity_jump_, .max_step = limit_});
  retried_violation_ = seen_.violation;
  t = t_;
  std::copy(state_.begin(), state_.end(), Y);
  rank = rank_;
  pb.inputs_at(t, Y);
  observe(pb, t, Y, restart_tolerance);  // it held the constraints to the tolerance: this converges
  return limit_;
}

bool BranchJumpGuard::lift() {
  const bool limited = limit_ > 0;
  limit_ = 0;
  return limited;
}

std::string BranchJumpGuard::stop_message(double to, const std::optional<RankWatch>& rank) const {
  std::ostringstream os;
  os << "the steps from t = " << t_ << " to " << to << " jumped off the constraints at every step limit down to "
     << min_step_ << " (" << min_step_fraction << " of the output step): the violation before the projection at t = "
     << to << " is " << seen_.violation << ", " << seen_.violation / tolerance_ << " times the tolerance " << tolerance_
     << (seen_.converged ? "" : ", and the projection does not converge") << "; the energy balance E - int(dE/dt) changed by "
     << energy_change_ << (velocity_jump_ > 0 ? ", the velocity jumped by a kinetic energy of " + number_text(velocity_jump_) : "")
     << " (the largest kinetic energy so far: " << kinetic_ << ")";
  if (const auto lost = rank_lost(rank); !lost.empty())
    os << "; projected, the state would be pulled onto another branch of the motion: the " << rank->matrix() << lost
       << "; a tighter --rtol (the steps then follow the constraints across the singular position) passes it";
  else
    os << "; " << (rank ? "no loss of rank of the " + rank->matrix() + " was seen in the interval: " : "")
       << "the steps leave the constraints by more than the tolerance allows even at the smallest step limit: the "
          "integrator's own drift at this tolerance (an integrator with error control, dopri or bdf, or a looser "
          "--rtol holds them), or a singular position between the rank checks";
  return os.str();
}

// What the rank watch saw after the last accepted sample, to follow "the constraint Jacobian":
// " loses rank at t = 5.39523 (3 of 4 rows: 'pin B2 y' depends on the others)"; "" when it saw no loss.
std::string BranchJumpGuard::rank_lost(const std::optional<RankWatch>& rank) const {
  if (!rank) return "";
  const RankChange* lost = nullptr;
  for (const auto& c : rank->changes())
    if (c.t > t_) lost = &c;
  if (!lost) return "";
  std::ostringstream os;
  if (lost->located)
    os << " loses rank at t = " << lost->t << " (" << lost->rank << " of " << rank->rows() << " rows: "
       << quoted_names(lost->dependent) << (lost->dependent.size() == 1 ? " depends" : " depend") << " on the others)";
  else
    os << " loses rank between t = " << lost->from << " and " << lost->t << " (not located)";
  return os.str();
}

std::string describe_resteps(const std::vector<Restep>& resteps, std::size_t shown) {
  if (resteps.empty()) return "";
  std::ostringstream os;
  os << resteps.size() << (resteps.size() == 1 ? " re-step" : " re-steps")
     << " (steps jumped off the constraints: the interval integrated again from the sample before it, projected "
        "onto the constraints, with a step limit): ";
  for (std::size_t k = 0; k < resteps.size() && k < shown; ++k)
    os << (k ? "; " : "") << "t = " << resteps[k].from << " to " << resteps[k].to << " (violation "
       << resteps[k].violation << " before the projection, energy balance changed by " << resteps[k].energy_change
       << (resteps[k].velocity_jump > 0 ? ", velocity jump of kinetic energy " + number_text(resteps[k].velocity_jump) : "")
       << "; steps of at most " << resteps[k].max_step << ")";
  if (resteps.size() > shown) os << "; ... (the first " << shown << " shown)";
  return os.str();
}

}  // namespace adyn::numeric
