// The simulation driver (simulation.hpp): output times, projection, events and impacts, the
// monitors of each sample, and why a run stopped. The integrators are in steppers.cpp, the
// monitors in simulation_monitors.cpp, impacts in impacts.cpp, the writers in trajectory.cpp.
#include "adyn/numeric/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/number_text.hpp"
#include "adyn/numeric/integrator_registry.hpp"
#include "branch_jump.hpp"
#include "impacts.hpp"
#include "rank_watch.hpp"
#include "run_setup.hpp"
#include "simulation_monitors.hpp"
#include "steppers.hpp"
#include "sundials_handles.hpp"

namespace adyn::numeric {
namespace {

std::string at_time(double t) { return "t = " + number_text(t); }

// One run: the state vector, the integrator and the trajectory it records.
class Run {
 public:
  Run(const CompiledSystem& compiled, const std::vector<double>& parameters, const formulations::State& x0,
      const SimulationOptions& options)
      : options_(options),
        compiled_(compiled),
        evaluator_(compiled.evaluator()),
        monitors_(compiled.monitors()),
        pb_{&evaluator_, &monitors_, parameters, compiled.n(), compiled.p(), options.baumgarte, &options_.interrupted},
        ctx_(sundials::make_context()),
        y_(N_VNew_Serial(static_cast<sunindextype>(pb_.state_size()), ctx_.get())),
        Y_(N_VGetArrayPointer(y_.get())),
        t_(x0.t),
        t0_(x0.t),
        zeno_(options.t_end - x0.t),
        project_above_(!options.project ? std::numeric_limits<double>::infinity()
                                        : options.constraint_tolerance > 0 ? options.constraint_tolerance
                                                                           : options.rtol),
        jump_(project_above_, options.output_step) {
    evaluator_.set_parameters(parameters);
    if (options.input_law) pb_.vary_inputs = bind_input_law(options.input_law, compiled.names(), pb_, evaluator_);
    // IDA solves the multiplier form itself, λ among its unknowns.
    const bool augmented = options.constraint_solver == ConstraintSolver::AugmentedLagrangian &&
                           options.integrator != Integrator::Ida;
    const bool multipliers = compiled.enforcement() == formulations::ConstraintEnforcement::Multipliers;
    evaluator_.set_constraint_solver(augmented ? ConstraintSolver::AugmentedLagrangian : ConstraintSolver::Kkt, options.rtol);
    pb_.mass_orthogonal_projection = augmented && multipliers;
    pb_.rtol = options.rtol;
    pb_.atol = options.atol;
    check_inertia(compiled.system());
    check_combination(options_, compiled_, evaluator_, monitors_);
    const auto& names = compiled.names();
    tr_.coordinate_names = names.coordinates;
    tr_.speed_names = names.speeds;
    for (const auto& u : monitors_.dependent_speed_names) tr_.speed_names.push_back(u);  // recorded too
    tr_.multiplier_names = names.multipliers;
    tr_.output_names = names.outputs;
    tr_.summary.evaluator = compiled.evaluator_choice();
    if (!evaluator_.backend_note().empty()) tr_.summary.warnings.push_back(evaluator_.backend_note());
    if (!names.dropped_note.empty()) tr_.summary.warnings.push_back(names.dropped_note);
    rank_ = rank_watch_for(compiled, monitors_, evaluator_, augmented);
    std::copy(x0.q.data(), x0.q.data() + x0.q.size(), Y_);
    std::copy(x0.u.data(), x0.u.data() + x0.u.size(), Y_ + pb_.n);
    std::fill(Y_ + pb_.n + pb_.p, Y_ + pb_.state_size(), 0.0);  // W, W_c
  }

  Trajectory run(double t0) {
    sample(options_.project ? 1e-13 : project_above_);  // start on the constraints
    if (running()) check_rank();
    if (!running()) return finish();
    accept();
    if (options_.max_wall_seconds > 0)
      pb_.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                            std::chrono::duration<double>(options_.max_wall_seconds));
    stepper_ = make_stepper(options_, pb_, y_.get(), t0, ctx_.get());
    stepper_->set_events(event_count());
    // At least one output interval: a span shorter than output_step is one interval.
    const long outputs = even_steps(options_.t_end - t0, options_.output_step);
    for (long k = 1; k <= outputs && running(); ++k)
      advance_to(output_time(t0, k, options_));
    return finish();
  }

 private:
  int event_count() const { return static_cast<int>(monitors_.event_names.size()); }

  bool running() const { return tr_.summary.stop_reason.empty() && tr_.summary.ended_by_event.empty(); }
  void stop(const std::string& reason) {
    if (tr_.summary.stop_reason.empty()) tr_.summary.stop_reason = reason;
  }

  // Integrates to the output time tout, through any events on the way — again from the last
  // accepted sample, with a shorter step, where a step jumped off the constraints — and records
  // the sample.
  void advance_to(double tout) {
    while (integrate_to(tout) && jumped(tout)) {}  // again, from the last sample, after a jump
    if (!running()) return;
    const bool projected = sample();
    if (jump_.lift()) stepper_->set_max_step(0);  // past the jump: the steps the tolerances allow
    if (running()) accept();
    if (running() && interrupted()) return;
    if (running() && event_count()) check_missed_events();
    if (running() && projected) restart();
  }

  // Integrates to tout; false when the run stopped on the way. The integrator runs in stretches of
  // at most stall_window steps, each ended early by the step limits (per output interval, per
  // run) and checked for a stall.
  bool integrate_to(double tout) {
    if (!probe_rank(tout)) return false;
    const long interval_start = tr_.summary.steps;
    while (running() && !budget_spent()) {
      int flag = 0;
      const double t_before = t_;
      const long steps_before = tr_.summary.steps;
      stepper_->set_step_limit(step_limit(interval_start));
      const auto status = stepper_->evolve(tout, y_.get(), t_, flag);
      stepper_->counters(tr_.summary.steps, tr_.summary.rhs_evaluations);
      if (status == Stepper::Status::Failed && flag == too_much_work && pb_.error.empty()) {
        if (out_of_steps(interval_start, t_before, tr_.summary.steps - steps_before)) return false;
        pb_.integrator_message.clear();  // the stretch's end, not a failure
        continue;
      }
      if (status == Stepper::Status::Failed) {
        failed(flag);
        return false;
      }
      if (status == Stepper::Status::Reached) break;
      on_events();
    }
    if (!running()) return false;
    if (t_ != tout) {
      stop("the integration did not advance from " + at_time(t_) + " to the output time " + number_text(tout));
      return false;
    }
    return check_rank();  // a method that cannot pass the singular instant: not on to the next branch
  }

  // Whether the steps to tout jumped off the constraints (BranchJumpGuard): then the run is back at
  // the last accepted sample with a shorter step limit, or stopped where the shortest jumped too.
  bool jumped(double tout) {
    if (!jump_.jumped(pb_, t_, Y_, rank_)) return false;
    const auto limit = jump_.go_back(pb_, tout, stepper_->last_step(), t_, Y_, rank_, tr_.summary.resteps);
    if (!limit) {
      stop(jump_.stop_message(tout, rank_));
      return false;
    }
    stepper_->set_max_step(*limit);
    restart();
    return true;
  }

  // The sample just recorded is where the run goes back to when a step after it jumps.
  void accept() {
    if (rank_) rank_->mark();
    jump_.accept(pb_, t_, Y_, last_, rank_);
  }

  // The steps the next stretch may take: the stall window, within what is left of the output
  // interval's and the run's limits.
  long step_limit(long interval_start) const {
    long limit = std::min(SimulationOptions::stall_window,
                          options_.max_steps_per_output - (tr_.summary.steps - interval_start));
    if (options_.max_steps_per_run > 0) limit = std::min(limit, options_.max_steps_per_run - tr_.summary.steps);
    return limit;
  }

  // Whether the run's step budget is spent (then the run stops saying so).
  bool budget_spent() {
    if (options_.max_steps_per_run == 0 || tr_.summary.steps < options_.max_steps_per_run) return false;
    stop("the step budget of " + std::to_string(options_.max_steps_per_run) + " steps (max steps) is spent at " +
         at_time(t_) + ", before t_end = " + number_text(options_.t_end));
    return true;
  }

  // A stretch that ended at its step limit: stops the run when a limit is spent or the stretch
  // (`steps` steps from t_before) stalled. Returns whether the run stopped.
  bool out_of_steps(long interval_start, double t_before, long steps) {
    if (budget_spent()) return true;
    if (tr_.summary.steps - interval_start >= options_.max_steps_per_output) {
      failed(too_much_work);
      return true;
    }
    if (steps >= SimulationOptions::stall_window &&
        t_ - t_before < SimulationOptions::stall_fraction * (options_.t_end - t0_)) {
      const double advance = t_ - t_before;
      stop("the integration stalled at " + at_time(t_) + ": " + std::to_string(steps) + " steps " +
           (advance > 0 ? "advanced t by only " + number_text(advance) + " (a mean step of " +
                              number_text(advance / static_cast<double>(steps)) + ")"
                        : std::string("did not advance t (steps below its rounding)")) +
           ", with " + number_text(options_.t_end - t_) + " left to integrate " +
           (options_.integrator == Integrator::DormandPrince
                ? "(the equations may be stiff: try the integrator bdf; or singular here)"
                : "(a singularity of the equations at this time?)"));
      return true;
    }
    return false;
  }

  void failed(int flag) {
    if (pb_.out_of_time)
      return stop("the time budget of " + number_text(options_.max_wall_seconds) + " s (max time) is spent at " + at_time(t_) +
                  ", before t_end = " + number_text(options_.t_end) + ", after " + std::to_string(tr_.summary.steps) + " steps");
    if (pb_.stopped_by_user) {
      tr_.summary.interrupted = true;
      return stop("interrupted at " + at_time(t_));
    }
    stop("integration stopped at " + at_time(t_) + ": " +
         (pb_.error.empty() ? integrator_failure(options_, flag, pb_.integrator_message) : pb_.error) + near_singular());
  }

  // The watched matrix at the current state.
  Eigen::MatrixXd watched_matrix() const {
    const auto n = static_cast<Eigen::Index>(pb_.n), p = static_cast<Eigen::Index>(pb_.p);
    if (!monitors_.eliminated_block)
      return evaluator_.matrices(t_, Eigen::Map<const Eigen::VectorXd>(Y_, n), Eigen::Map<const Eigen::VectorXd>(Y_ + n, p)).G;
    const auto rows = static_cast<Eigen::Index>(monitors_.eliminated_rows.size());
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> J(rows, static_cast<Eigen::Index>(monitors_.dependent_speed_names.size()));
    const auto in = pb_.inputs(t_, Y_, Y_ + n);
    monitors_.eliminated_block->evaluate(in.data(), J.data());
    return J;
  }

  Eigen::Map<const Eigen::VectorXd> state() const { return {Y_, static_cast<Eigen::Index>(pb_.n + pb_.p)}; }

  // The rank at the current state; false when that stopped the run.
  bool check_rank() {
    if (!rank_) return true;
    Eigen::MatrixXd J;
    try {
      J = watched_matrix();
    } catch (const Error&) {
      return true;  // not finite here: the sample says so
    }
    if (!J.allFinite()) return true;
    if (auto reason = rank_->check(t_, J, state())) {
      stop(*reason);
      return false;
    }
    return true;
  }

  // Before the output time tout, the probes where the rank indicator falls towards zero (on the
  // integrator's dense output, which they leave undisturbed); false when one stopped the run.
  bool probe_rank(double tout) {
    if (!rank_ || event_count() || !integrator_choice(options_.integrator).dense_output) return true;
    rank_->begin_interval();
    while (running()) {
      const auto probe = rank_->next_probe(tout);
      if (!probe) return true;
      rank_->probed();
      int flag = 0;
      if (stepper_->evolve(*probe, y_.get(), t_, flag) == Stepper::Status::Failed) {
        failed(flag);
        return false;
      }
      if (!check_rank()) return false;
    }
    return false;
  }

  // After a failure where the watched rows are nearly dependent: what passes a singular configuration.
  std::string near_singular() const {
    if (!rank_ || pb_.stopped_by_user || pb_.out_of_time) return "";
    try {
      const auto J = watched_matrix();
      const auto r = rank_at(J, rank_->full_rank());
      if (!J.allFinite() || !(r.singular_ratio <= 1e-3)) return "";
      std::ostringstream os;
      os << "; a singular configuration (σ_r/σ_1 = " << r.singular_ratio << " here): " << rank_->remedy();
      return os.str();
    } catch (const Error&) {
      return "";
    }
  }

  bool interrupted() {
    if (!options_.interrupted || !options_.interrupted()) return false;
    tr_.summary.interrupted = true;
    stop("interrupted at " + at_time(t_));
    return true;
  }

  // The integrator stopped at events: record the state before them, end the run at a stopping
  // event, else resolve the impact and record the state after it.
  void on_events() {
    const auto found = stepper_->events_found(event_count());
    std::vector<int> closed;
    for (int e = 0; e < event_count(); ++e) {
      if (!found[static_cast<std::size_t>(e)]) continue;
      if (monitors_.restitution[static_cast<std::size_t>(e)] < 0)
        tr_.summary.ended_by_event = monitors_.event_names[static_cast<std::size_t>(e)];
      else
        closed.push_back(e);
    }
    record(observe(pb_, t_, Y_, std::numeric_limits<double>::infinity()));  // just before
    if (!running() || closed.empty()) return;
    apply_impact(pb_, t_, Y_, closed);
    ++tr_.summary.impacts;
    if (zeno_.storm_after(t_))
      return stop("event storm at " + at_time(t_) + ": impacts of '" +
                  monitors_.event_names[static_cast<std::size_t>(closed.front())] +
                  "' accumulate (Zeno behaviour; resting contact is not modelled)");
    sample();  // just after
    if (running()) accept();
    restart();
  }

  // A contact the root finding missed is an error, not a silent penetration.
  void check_missed_events() {
    const auto gaps = event_values(pb_, t_, Y_);
    for (int e = 0; e < event_count(); ++e)
      if (gaps[static_cast<std::size_t>(e)] < -1e-6)
        return stop("event '" + monitors_.event_names[static_cast<std::size_t>(e)] + "' missed at " + at_time(t_) +
                    ": its gap is " + number_text(gaps[static_cast<std::size_t>(e)]));
  }

  // Observes the state at t_, projecting it onto the constraints when it drifted beyond the
  // tolerance, and records it. Returns whether the state was projected (the integrator must then
  // restart from it). A projection that did not converge leaves a state off the constraints: the run
  // stops there without recording it (the trajectory ends at the last state that held them).
  bool sample() { return sample(project_above_); }
  bool sample(double project_above) {
    try {
      pb_.inputs_at(t_, Y_);  // what the integrator restarts with
    } catch (const Error& e) {
      stop(e.what());
      return false;
    }
    auto projected = project_above == project_above_ ? jump_.take_projection(t_, Y_) : std::nullopt;
    const auto obs = projected ? *projected : observe(pb_, t_, Y_, project_above);
    if (!obs.converged) {
      stop("the projection onto the constraints failed at " + at_time(t_) + ": the violation stays above " +
           number_text(std::max(project_above, 1e-10)) + " (a singular configuration?); the state there, off the "
           "constraints, is not recorded");
      return false;
    }
    const bool scaled = keep_unit_norm(monitors_.euler, Y_, project_above, tr_.summary.euler_parameters);
    record(obs);
    return obs.projected || scaled;
  }

  void restart() {
    stepper_->counters(tr_.summary.steps, tr_.summary.rhs_evaluations);
    stepper_->restart(t_, y_.get());
  }

  // Appends the sample at t_, unless a value in it is not finite (then the run stops naming it).
  void record(const Observation& obs) {
    const auto n = static_cast<Eigen::Index>(pb_.n), p = static_cast<Eigen::Index>(pb_.p);
    Eigen::VectorXd q = Eigen::Map<const Eigen::VectorXd>(Y_, n), u = Eigen::Map<const Eigen::VectorXd>(Y_ + n, p);
    Eigen::VectorXd lambda, udot, y;
    try {
      pb_.inputs_at(t_, Y_);
      if (!tr_.multiplier_names.empty() || compiled_.outputs().needs_accelerations()) {
        // λ by the rank check's QR where it was at this state (the augmented Lagrangian leaves λ to the caller)
        const bool by_check = !tr_.multiplier_names.empty() && rank_ && rank_->independent_at(t_, state());
        const Eigen::VectorXd none = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(evaluator_.constraint_rows()));
        auto solved = evaluator_.evaluate(t_, q, u, none, !by_check);
        if (by_check && solved.lambda.size() == 0) solved.lambda = rank_->multipliers(solved.constraint_force);
        lambda = std::move(solved.lambda), udot = std::move(solved.udot);
      }
      y = output_values(compiled_.outputs(), pb_, t_, Y_, lambda, udot);
    } catch (const Error& e) {
      return stop(std::string("the multipliers and outputs cannot be evaluated at ") + at_time(t_) + ": " + e.what());
    }
    if (auto bad = non_finite(q, u, lambda, obs)) return stop(*bad + " at " + at_time(t_) + " (the state left the domain)");
    if (auto bad = rotation_defect(pb_, t_, Y_, rotation_tolerance(), at_time(t_)); !bad.empty()) return stop(bad);
    tr_.t.push_back(t_);
    tr_.q.push_back(q);
    tr_.u.push_back(with_dependent_speeds(u));
    tr_.lambda.push_back(lambda);
    tr_.outputs.push_back(y);
    tr_.violation.push_back(obs.violation);
    const double W = pb_.energy_rate_integral(Y_);
    last_ = obs;
    tr_.energy.push_back(monitors_.energy ? obs.energy : std::nan(""));
    tr_.energy_rate_integral.push_back(monitors_.energy ? W : std::nan(""));
    auto& s = tr_.summary;
    s.max_violation = std::max(s.max_violation, obs.violation);
    if (monitors_.energy) {
      s.energy_error = std::max(s.energy_error, std::abs(obs.energy - tr_.energy.front() - W));
      if (tr_.energy.front() != 0) s.relative_energy_error = s.energy_error / std::abs(tr_.energy.front());
    }
    if (measures_constraint_work())
      s.constraint_work = std::max(std::isnan(s.constraint_work) ? 0.0 : s.constraint_work, std::abs(pb_.constraint_work(Y_)));
    if (options_.progress) options_.progress(t_);
  }

  // Whether W_c is the numerical work of ideal catastatic constraints' forces (TrajectorySummary::
  // constraint_work): equations in the rates whose rows are the constraints, none of which does work.
  bool measures_constraint_work() const {
    return monitors_.constraint_work && monitors_.speeds_are_rates && !monitors_.constraints_do_work;
  }

  // How far a frame's DCM may be from a rotation at a sample: what the integration and the
  // projection leave where a formula is a rotation only on the constraints (Euler parameters with
  // their unit norm as a constraint), far below a formula that is one only at the initial state.
  double rotation_tolerance() const {
    return std::max(1e-6, 100 * std::max(options_.rtol, options_.constraint_tolerance));
  }

  // u followed by the speeds the equations eliminated, at the current state.
  Eigen::VectorXd with_dependent_speeds(const Eigen::VectorXd& u) const {
    if (!monitors_.dependent_speeds) return u;
    const auto d = static_cast<Eigen::Index>(monitors_.dependent_speed_names.size());
    Eigen::VectorXd all(u.size() + d);
    all.head(u.size()) = u;
    const auto in = pb_.inputs(t_, Y_, Y_ + pb_.n);
    monitors_.dependent_speeds->evaluate(in.data(), all.data() + u.size());
    return all;
  }

  // "q1 is nan", "the energy is inf", ... for the first value of a sample that is not finite.
  std::optional<std::string> non_finite(const Eigen::VectorXd& q, const Eigen::VectorXd& u, const Eigen::VectorXd& lambda,
                                        const Observation& obs) const {
    auto first = [](const std::vector<std::string>& names, const Eigen::VectorXd& v) -> std::optional<std::string> {
      for (Eigen::Index i = 0; i < v.size(); ++i)
        if (!std::isfinite(v(i))) return names[static_cast<std::size_t>(i)] + " is " + number_text(v(i));
      return std::nullopt;
    };
    if (auto bad = first(tr_.coordinate_names, q)) return bad;
    if (auto bad = first(tr_.speed_names, u)) return bad;
    if (auto bad = first(tr_.multiplier_names, lambda)) return "the multiplier of " + *bad;
    if (monitors_.energy && !std::isfinite(obs.energy)) return "the energy is " + number_text(obs.energy);
    if (monitors_.energy && !std::isfinite(pb_.energy_rate_integral(Y_)))
      return "the integral of the energy rate is " + number_text(pb_.energy_rate_integral(Y_));
    if (!std::isfinite(obs.violation)) return "the constraint violation is " + number_text(obs.violation);
    return std::nullopt;
  }

  Trajectory finish() {
    tr_.summary.completed = tr_.summary.stop_reason.empty();
    if (rank_) tr_.summary.constraint_rank = rank_->report();
    tr_.summary.partition_changes = evaluator_.partition_changes();
    if (stepper_) stepper_->counters(tr_.summary.steps, tr_.summary.rhs_evaluations);
    tr_.summary.regularized_evaluations = pb_.regularized_evaluations;
    return std::move(tr_);
  }

  const SimulationOptions& options_;
  const CompiledSystem& compiled_;
  EquationsEvaluator evaluator_;  // this run's workspace of the compiled equations
  const Monitors& monitors_;
  Problem pb_;
  sundials::Context ctx_;
  sundials::Vector y_;
  double* Y_;
  double t_;
  double t0_;
  ZenoGuard zeno_;
  double project_above_;
  BranchJumpGuard jump_;
  Observation last_;  // of the last sample recorded
  std::optional<RankWatch> rank_;
  std::unique_ptr<Stepper> stepper_;  // after ctx_ and y_: destroyed before them
  Trajectory tr_;
};

}  // namespace

Trajectory simulate(const CompiledSystem& compiled, const std::vector<double>& parameters,
                    const formulations::State& x0, const SimulationOptions& options) {
  options.check(x0.t);
  check_initial_state(compiled.names().coordinates, compiled.names().speeds, x0);
  if (options.input_law && options.input_law.check) options.input_law.check(x0.t, options.t_end);
  if (parameters.size() != compiled.parameter_values().size())
    throw ModelError("simulation", std::to_string(parameters.size()) + " parameter values given; the compiled system has " +
                                       std::to_string(compiled.parameter_values().size()) + " parameters");
  return Run(compiled, parameters, x0, options).run(x0.t);
}

Trajectory simulate(const CompiledSystem& compiled, const formulations::State& x0, const SimulationOptions& options) {
  return simulate(compiled, compiled.parameter_values(), x0, options);
}

Trajectory simulate(const model::System& system, const formulations::EquationsOfMotion& eom,
                    const formulations::State& x0, const SimulationOptions& options) {
  options.check(x0.t);  // bad options and initial states are refused before anything is compiled
  std::vector<std::string> coordinates, speeds;
  for (const auto& q : eom.coordinates) coordinates.push_back(q.get_name());
  for (const auto& u : eom.speeds) speeds.push_back(u.get_name());
  check_initial_state(coordinates, speeds, x0);
  return simulate(CompiledSystem(system, eom, {options.backend, options.articulated_body}), x0, options);
}

}  // namespace adyn::numeric
