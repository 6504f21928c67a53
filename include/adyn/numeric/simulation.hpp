#pragma once
// Simulation of an equations-of-motion value with SUNDIALS: ARKODE's explicit Dormand–Prince 5(4)
// pair for non-stiff systems, CVODE's BDF with a dense Newton solver for stiff ones. Between output
// times the integrator runs freely; at an output time where the constraint violation exceeds the
// constraint tolerance (by default rtol, as Simbody's), the state is projected onto the constraint
// manifold (Gauss–Newton with minimal-norm steps on φ(q, t) = 0, then the velocity constraints,
// which are affine in the speeds) and the integrator restarted there; below it the integrator goes
// on undisturbed. Monitors at each output:
// constraint violation, the energy function E = T2 − T0 + V and the integral of its analytical
// rate Ė (integrated with the state), so that E(t) − E(0) − ∫Ė dt measures the integration error.
// Optionally, Baumgarte stabilization (critically damped, rate α) feeds the constraint residuals back
// into the acceleration-level rows: G u̇ = g − 2α r − α² φ, with φ the holonomic residuals and r the
// velocity-level ones (equations whose rows are the system's constraints: Lagrange, Gauss,
// Udwadia–Kalaba, Hamilton).
// Every frame that the state moves and that is a rotation only where its formula makes it one (a
// given direction-cosine matrix or Euler parameters written in the coordinates or time) is checked
// at each recorded sample: beyond max(1e-6, 100 rtol) from a rotation (|CᵀC − I|, det C, |e|) the
// run stops naming the frame and the time.
// Events (model::Event) are located by SUNDIALS' root finding: an impact changes the speeds by the
// impulsive equations and the run goes on (both states are recorded at the event time); a stopping
// event ends the run. 50 impacts in a vanishing time stop the run as an event storm (Zeno).
#include <Eigen/Dense>

#include <cmath>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/constraint_rank.hpp"
#include "adyn/numeric/evaluator.hpp"

namespace adyn::numeric {

/// DormandPrince: ARKODE's explicit 5(4) pair (non-stiff); Bdf: CVODE (stiff); Ida: IDA on the
/// index-1 DAE of a multiplier form (λ as algebraic unknowns); ImplicitMidpoint: the symplectic
/// implicit midpoint rule with a fixed step (long conservative runs with Hamilton's equations; no
/// event location); AugmentedLagrangianIndex3: the index-3 augmented Lagrangian with mass-orthogonal
/// projections and the trapezoidal rule, fixed step (constraints through singular positions and
/// redundant rows; no event location).
enum class Integrator { DormandPrince, Bdf, Ida, ImplicitMidpoint, AugmentedLagrangianIndex3 };

/// Inputs (model::Input) that vary along a run: their names and the law that gives their values at
/// (t, q, u) — functions of time (a tabulated signal, a Python callable) or a feedback law
/// w = −K x. The law writes one value per name; the other inputs keep their constant values. It is
/// called before every evaluation of the equations, so it must be cheap and deterministic; what it
/// throws (an adyn::Error) stops the run with its message.
struct InputLaw {
  std::vector<std::string> names;
  std::function<void(double t, const Eigen::Ref<const Eigen::VectorXd>& q, const Eigen::Ref<const Eigen::VectorXd>& u,
                     Eigen::Ref<Eigen::VectorXd> values)>
      values{};
  /// Called with (t0, t_end) before the run: throws adyn::ModelError when the law cannot give values
  /// over that span (a table that does not cover it). Empty: every time is fine.
  std::function<void(double t0, double t_end)> check{};
  /// The law has no values beyond t_end (a table): the integrators then stop there exactly rather
  /// than step beyond and interpolate back.
  bool stop_at_end = false;
  explicit operator bool() const { return !names.empty(); }
};

struct SimulationOptions {
  double t_end = 10.0;
  double output_step = 0.01;
  Integrator integrator = Integrator::DormandPrince;
  double fixed_step = 0;     // the fixed-step integrators' step (0: output_step / 10)
  double rtol = 1e-8;
  double atol = 1e-10;
  bool project = true;        // project onto the constraints at output times where they drifted
  double constraint_tolerance = 0;  // project when the violation exceeds it (0: rtol)
  double baumgarte = 0;       // Baumgarte stabilization rate α (1/s): g += −2α ṙ − α² φ; 0: off
  /// The multiplier forms' solver: the augmented Lagrangian with mass-orthogonal projections
  /// (through singular configurations and redundant rows), or the KKT system (stops where G loses
  /// rank).
  ConstraintSolver constraint_solver = ConstraintSolver::AugmentedLagrangian;
  Backend backend = Backend::Tape;  // or generated C compiled at run time
  /// Evaluate u̇ by the O(n) articulated-body algorithm (formulations/articulated_body.hpp) when
  /// the equations allow it (a tree, unconstrained, in the system's own coordinates and speeds):
  /// the same u̇ to rounding, without forming and factoring M.
  bool articulated_body = true;
  /// SUNDIALS' mxstep: at most this many steps between two output times (the run then stops
  /// saying so). Not the run's step budget (max_steps_per_run).
  long max_steps_per_output = 10000000;
  /// The run's step budget: at most this many integrator steps from t0 to t_end in all; the run
  /// then stops with the trajectory so far, naming the budget, the time and the steps. 0: none.
  long max_steps_per_run = 0;
  /// The run's wall-clock budget in seconds, counted from the start of the integration: when it is
  /// spent the run stops with the trajectory so far, naming the budget and the time. 0: none.
  double max_wall_seconds = 0;
  /// Called with the time of each recorded sample (the initial state, every output, the states
  /// around an event), e.g. for a progress bar; it must not throw. Empty: not called.
  std::function<void(double t)> progress{};
  /// Asked at every evaluation of the equations and at every output; when it returns true the run
  /// stops with what it has (summary.interrupted), e.g. on SIGINT. Empty: never.
  std::function<bool()> interrupted{};

  /// Inputs that vary along the run (empty: every input keeps its constant value).
  InputLaw input_law{};

  /// At most this many output samples (t_end − t0) / output_step: a trajectory beyond it would not
  /// fit in memory.
  static constexpr double max_samples = 1e7;
  /// The stall guard: the run stops as stalled when stall_window consecutive steps advance t by
  /// less than stall_fraction of the span t_end − t0 (at that pace the run would need more than
  /// stall_window / stall_fraction = 10¹³ steps): the step size has collapsed, e.g. at a singular
  /// configuration.
  static constexpr long stall_window = 10000;
  static constexpr double stall_fraction = 1e-9;
  /// dopri and bdf hold a step from a state where the augmented Lagrangian ran to its cap
  /// (Derivatives::regularized) to this many times rtol and atol. There u̇ is the iteration's
  /// regularization (augmented_lagrangian.hpp): near a singular configuration, how the motion passes
  /// it on its branch, not the solution of the constrained equations, which the motion rejoins once
  /// the rows' singular value has grown again (IFToMM A02: within about 0.1 ms of each crossing).
  /// Held to the tolerances, the steps resolved that regularization in microseconds: A02 (N = 40,
  /// rtol 1e-10) spent 18 000 of its 33 000 evaluations within a millisecond of its 26 crossings.
  /// At 100 × it took 24 000, B0 as close to the reference (1.6e-7 m against 1.4e-7 m); with N = 2
  /// the branch, B0's error and the branch-jump guard's re-steps were as before at every rtol from
  /// 1e-11 to 1e-6, in 0.6–0.9 of the evaluations (docs/performance.md, "Steps through the
  /// regularization, short C functions"; measured with the accelerations' cap at 50 iterations,
  /// before it was lowered to 20: "The monitors kept, the accelerations' cap at 20").
  static constexpr double regularized_tolerance_factor = 100;
  /// Throws adyn::ModelError ("simulation options") for options that would integrate nothing,
  /// never end, exceed max_samples or let the constraint drift grow: t_end not finite or not after
  /// t0, output_step, rtol or atol not positive and finite, a negative Baumgarte rate or fixed step,
  /// a step limit below 1 (per output) or below 0 (per run).
  void check(double t0) const;
};

/// An output interval integrated again because a step in it jumped off the constraints: the sample
/// at `to` was rejected (its violation before the projection is far beyond the tolerance) and the
/// interval from the last accepted sample at `from` integrated again with steps of at most
/// `max_step` (then without a limit from `to` on).
struct Restep {
  double from = 0, to = 0;
  double violation = 0;  // before the projection at `to`, in the attempt rejected
  double energy_change = 0;  // of E − ∫Ė from `from` to `to` in that attempt (the constraint forces' work)
  double velocity_jump = 0;  // ½δuᵀMδu of u's change beyond the accelerations' (0: not measured)
  double max_step = 0;
};

/// "2 re-steps (...): t = 5.35 to 5.4 (violation 4.47e-06 before the projection; steps of at most
/// 0.00125); ..." with the first `shown`; "" when there are none.
std::string describe_resteps(const std::vector<Restep>& resteps, std::size_t shown = 3);

/// The Euler parameters among the coordinates along a run (src/numeric/euler_parameters.hpp): their
/// unit norm, kept by the kinematic equations up to the integration's error, is restored at the
/// samples where it drifted beyond the constraint tolerance.
struct EulerParameterDrift {
  std::vector<std::string> frames;  // the frames they orient; empty: none
  double largest = 0;               // the largest |‖e‖ − 1| at the samples, before scaling
  long scalings = 0;                // how many times a set was scaled back to unit norm
  double beyond = 0;                // the drift scaled back (infinite without projection)
};

/// "Euler parameters of 'base_link': |norm - 1| at most 3e-12 at the samples, scaled back to 1 at
/// 0 of them (beyond 1e-08)"; "" without Euler parameters.
std::string describe_euler_parameters(const EulerParameterDrift& drift);

struct TrajectorySummary {
  bool completed = false;
  bool interrupted = false;   // stopped by options.interrupted
  std::string stop_reason;    // empty when completed
  long steps = 0;
  long rhs_evaluations = 0;
  /// The evaluations where the augmented Lagrangian ran to its cap (Derivatives::regularized): the
  /// steps from there were error-controlled at regularized_tolerance_factor times the tolerances
  /// (dopri, bdf).
  long regularized_evaluations = 0;
  double max_violation = 0;   // largest constraint residual seen at the output times (before projection)
  double energy_error = 0;    // max |E(t) − E(0) − ∫Ė|, in the model's energy unit
  double relative_energy_error = std::nan("");  // energy_error / |E(0)|; NaN when E(0) = 0 or no monitor
  /// The largest |W_c| = |∫ q̇·Gᵀλ dt|, the work of the forces of ideal catastatic constraints along
  /// the integration: zero on the constraints, so numerical — part of energy_error, which it
  /// explains when the steps left the constraints (a jump across a singular position). NaN where it
  /// is not measured (no such constraints, or equations that eliminate their forces).
  double constraint_work = std::nan("");
  long impacts = 0;           // impacts resolved
  std::vector<Restep> resteps;  // intervals integrated again after a step jumped (empty: the step was never limited)
  std::string ended_by_event; // the stopping event that ended the run, if any
  std::vector<std::string> warnings;  // e.g. native code asked for but not available
  std::vector<std::string> initial_state;  // the values its caller completed (analysis::InitialState::messages)
  std::string evaluator;  // which forward dynamics ran and why (CompiledSystem::evaluator_choice)
  /// The rank of the constraint rows along the run and the instants it changed (constraint_rank.hpp).
  ConstraintRank constraint_rank;
  /// The instants where the numeric elimination chose a new set of dependent speeds (Wehage–Haug;
  /// numeric_elimination.hpp): the evaluation's time and the speeds that left and entered the set.
  std::vector<formulations::PartitionChange> partition_changes;
  EulerParameterDrift euler_parameters;
};

struct Trajectory {
  std::vector<std::string> coordinate_names, speed_names, multiplier_names, output_names;
  std::vector<double> t;
  std::vector<Eigen::VectorXd> q, u, lambda, outputs;  // outputs: the system's (model::Output) at each sample
  std::vector<double> energy, energy_rate_integral, violation;
  TrajectorySummary summary;

  /// The header t,<q>,<u>,<outputs>,lambda[<constraint>],energy,violation and a row per sample; a run that
  /// stopped before t_end (summary.completed false) ends with the comment line "# incomplete:
  /// <stop_reason>" (numpy's loadtxt and genfromtxt skip it; pandas' read_csv with comment='#').
  void write_csv(std::ostream& out) const;
  /// The names, the summary (completed, interrupted, stop_reason, ...) and the samples.
  void write_json(std::ostream& out) const;
};

/// The times and the named coordinates of a trajectory written as CSV (Trajectory::write_csv, or
/// any CSV with a header naming a column `t` and one per coordinate), for replaying it. Lines that
/// start with '#' are comments; the mark "# incomplete: <reason>" sets summary.completed false and
/// the stop_reason. Throws
/// adyn::ModelFileError at source:line for a missing column, a value that is not a finite number,
/// a row of the wrong length or times that go backwards.
Trajectory read_trajectory_csv(std::istream& in, const std::string& source, const std::vector<std::string>& coordinates);

/// Integrates the compiled system from x0 at the given parameter values (in
/// compiled.names().parameters' order; CompiledSystem::parameter_values makes them from names) —
/// nothing is derived or compiled: the run takes a workspace of its own, so runs of one compiled
/// system may go on in several threads at once. options.backend and options.articulated_body are
/// the compiled system's (CompileOptions); the other options and the failures are those of
/// simulate(system, eom, …) below. Throws adyn::ModelError for parameter values of the wrong count
/// and for a name of options.input_law that is not an input of the system.
Trajectory simulate(const CompiledSystem& compiled, const std::vector<double>& parameters,
                    const formulations::State& x0, const SimulationOptions& options = {});
/// The same at the model's parameter values.
Trajectory simulate(const CompiledSystem& compiled, const formulations::State& x0, const SimulationOptions& options = {});

/// Compiles the equations (CompiledSystem, with options.backend and options.articulated_body) and
/// integrates from x0 (consistent with the constraints: use analysis::consistent_configuration /
/// consistent_speeds, or set options.project to let the first projection do it). Failures (the
/// state leaving the domain, a value that is not finite, a singular mass matrix, an integrator
/// failure, a projection that does not converge, a run that does not advance, a frame that is no
/// longer a rotation, an interruption)
/// stop the run: the trajectory so far (finite samples only) is returned with
/// summary.completed = false and the reason naming the quantity and the time. Throws
/// adyn::ModelError for invalid options or an initial state that is not finite or beyond 2^52.
Trajectory simulate(const model::System& system, const formulations::EquationsOfMotion& eom,
                    const formulations::State& x0, const SimulationOptions& options = {});

}  // namespace adyn::numeric
