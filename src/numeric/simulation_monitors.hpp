#pragma once
// What a simulation watches besides the equations of motion, in (t, q, u) of the equations: the
// holonomic residuals φ and their Jacobian, the velocity-level residuals r and ∂r/∂u (for the
// projection onto the constraints), the energy function E and its rate Ė, and the event gaps with
// the rows of their rates in the speeds (the impulse directions), and the speeds the equations
// eliminate (recorded with the others), and the direction-cosine matrices of the frames that the
// state moves and that are rotations only where their formula makes them one (a given DCM, Euler
// parameters). Problem is what the SUNDIALS callbacks share.
#include <Eigen/Dense>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/numeric/straight_line_program.hpp"
#include "adyn/numeric/tape.hpp"
#include "euler_parameters.hpp"

namespace adyn::numeric {

struct Monitors {
  std::size_t h = 0, k = 0;  // holonomic rows φ, velocity-level rows r
  bool energy = false;
  bool speeds_are_rates = false;
  // Whether the constraints can do work on the motion (nonideal, frictional or acatastatic): only
  // then is their forces' power part of Ė; the power of ideal catastatic constraints vanishes on
  // the constraints, and what the integration lets it do is numerical (the energy error shows it).
  bool constraints_do_work = false;
  // Whether the state integrates W_c, the constraint forces' work: where the equations give their
  // power (multiplier forms in the rates, `constraint_power`).
  bool constraint_work = false;
  std::unique_ptr<Tape> projection;  // φ, ∂φ/∂q, r, ∂r/∂u, E, T
  std::unique_ptr<Tape> rate;        // Ė without the constraint forces' power
  std::unique_ptr<Tape> constraint_power;  // q̇ᵀQ^c, where the equations eliminate Q^c; inputs then u̇
  std::unique_ptr<Tape> dependent_speeds;  // u_d, the speeds the equations eliminate
  std::vector<std::string> dependent_speed_names;
  std::unique_ptr<Tape> eliminated_block;  // ∂r/∂u_d, the rows solved for the eliminated speeds (row-major)
  std::vector<std::string> eliminated_rows;  // the constraint of each of its rows
  std::unique_ptr<Tape> residuals;   // per constraint: φ (0 for non-holonomic) and r
  std::vector<bool> configuration_rows;  // per constraint: holonomic (φ and r), or velocity-level (r only)
  std::unique_ptr<Tape> events;      // g_k, then the rows J_k = ∂ġ_k/∂u of each event
  std::vector<std::string> event_names;
  std::unique_ptr<Tape> orientations;  // the 9 entries (row by row) of each frame's ^P C ^F below
  std::vector<kin::ReferenceFrame> oriented_frames;  // moved by the state, a given DCM or Euler parameters
  std::vector<double> restitution;   // per event; < 0: a stopping event
  EulerParameterSets euler;          // Euler parameters among the coordinates
  bool from_setup_cache = false;     // the tapes' programs were kept (monitors_with_setup_cache)
};

/// The speeds the equations eliminate, recorded with the others: the dependent speeds with their
/// values, or, for equations in the rates of the independent coordinates (Maggi's), the rates of
/// the others with their kinematic equations.
struct EliminatedSpeeds {
  std::vector<std::string> names;
  std::vector<GiNaC::ex> values;  // in the system's own symbols
};
EliminatedSpeeds eliminated_speeds(const formulations::EquationsOfMotion& eom);

/// What the monitors derive from the system's expressions: the straight-line programs of their
/// tapes (Monitors' members of the same names) and two facts found with them. What the set-up
/// cache keeps of them (monitors_with_setup_cache).
struct MonitorPrograms {
  bool energy = false;
  bool constraints_do_work = false;
  StraightLineProgram projection, rate, residuals;
  std::optional<StraightLineProgram> constraint_power, dependent_speeds, eliminated_block, events, orientations;
};
MonitorPrograms derive_monitor_programs(const model::System& system, const formulations::EquationsOfMotion& eom);

/// The monitors of `eom` over `system` from their programs, with what is read from the system and
/// the equations alone (the rows, the names, the events' restitution at the parameters' values, the
/// frames); none when the programs do not fit them (other equations' programs). Throws
/// NotApplicableError for an impact on equations whose speeds are momenta.
std::optional<Monitors> assemble_monitors(const model::System& system, const formulations::EquationsOfMotion& eom,
                                          const MonitorPrograms& programs);

/// The monitors of `eom` over `system`, their parameter inputs in parameter_inputs' order (by name):
/// their programs from the set-up cache where it keeps them for this model's source and these
/// equations, else derived and kept there (monitors_setup_cache.cpp).
Monitors monitors_with_setup_cache(const model::System& system, const formulations::EquationsOfMotion& eom);

/// The power going into the motion at a state: that of the applied loads (Ė without the
/// constraint forces) and that of the constraint forces.
struct Power {
  double applied = 0, constraints = 0;
};

/// The integration problem shared with the SUNDIALS callbacks; the state vector is
/// (q, u, W, W_c) with W = ∫ Power::applied dt and W_c = ∫ Power::constraints dt (W_c only where
/// Monitors::constraint_work).
struct Problem {
  const EquationsEvaluator* evaluator;
  const Monitors* monitors;
  std::vector<double> parameters;  // the values of the tapes' parameter inputs (parameter_inputs' order)
  std::size_t n, p;
  double baumgarte;   // α, 0: off
  const std::function<bool()>* interrupted;  // asked at each evaluation; may be empty
  std::string error{};       // set by a callback that failed
  bool stopped_by_user = false;  // a callback failed because `interrupted` said so
  std::optional<std::chrono::steady_clock::time_point> deadline{};  // the run's wall-clock budget ends
  bool out_of_time = false;      // a callback failed because the deadline passed
  bool mass_orthogonal_projection = false;  // project by M-orthogonal steps (speeds = rates)
  std::vector<double> projection_values{};  // the projection tape's outputs, reused by IDA's residual
  std::string integrator_message{};  // the integrator's own report of its failure (SUNDIALS' words)
  double rtol = 0, atol = 0;         // the error weights' tolerances (steppers.cpp, error_weights)
  bool regularized = false;          // the last evaluation's u̇ was a regularization (Derivatives::regularized)
  long regularized_evaluations = 0;  // how many were
  /// Sets the inputs that vary along the run (SimulationOptions::input_law) to their values at
  /// (t, Y): in `parameters` and in the evaluator. Empty: the inputs are constants.
  std::function<void(double t, const double* Y)> vary_inputs{};

  void inputs_at(double t, const double* Y) {
    if (vary_inputs) vary_inputs(t, Y);
  }

  /// The powers at (t, q, u) with u̇, given the constraint force in the speeds' space where the
  /// equations have one (multiplier forms, Udwadia–Kalaba; empty otherwise). The constraint forces'
  /// power is counted where the speeds are the rates or where the equations eliminate constraints
  /// that do work (Monitors::constraint_power); it is zero otherwise.
  Power power(double t, const double* Y, const double* udot, const Eigen::VectorXd& constraint_force) const;
  /// Writes Ẇ and Ẇ_c at the place of W and W_c in a vector of state rates D.
  void write_power(double t, const double* Y, const double* udot, const Eigen::VectorXd& constraint_force, double* D) const;
  /// ∫Ė dt at the state Y: W, and W_c where the constraints do work (Monitors::constraints_do_work);
  /// the work W_c of ideal catastatic constraints is numerical and is left out, so that
  /// E − E(0) − ∫Ė shows it.
  double energy_rate_integral(const double* Y) const;
  /// The work W_c of the constraint forces at the state Y (0 where it is not integrated).
  double constraint_work(const double* Y) const { return monitors->constraint_work ? Y[n + p + 1] : 0.0; }
  /// The length of the state vector (q, u, W[, W_c]).
  std::size_t state_size() const { return n + p + (monitors->constraint_work ? 2 : 1); }
  /// −2α r − α² φ for each constraint row (Baumgarte), or zeros, in a buffer the next call overwrites.
  const Eigen::VectorXd& correction(double t, const double* Y) const;
  /// (t, q, u, parameters): the inputs of the monitors' tapes.
  std::vector<double> inputs(double t, const double* q, const double* u) const;
  /// The same at the state Y (then u̇, if given), in a buffer kept between calls, valid until the
  /// next: for what is evaluated at every evaluation of the equations (a vector made each time was
  /// a tenth of the double pendulum's run).
  const double* evaluation_inputs(double t, const double* Y, const double* udot = nullptr) const;
  /// Whether the user asked to stop (then stopped_by_user is set) or the deadline passed (then
  /// out_of_time is).
  bool stop_requested();

  mutable std::vector<double> input_buffer{};  // evaluation_inputs'
  mutable Eigen::VectorXd correction_buffer{};  // correction()'s, valid until its next call
  Derivatives derivatives{};  // the right-hand side's, its vectors reused (EquationsEvaluator::evaluate_into)
};

/// The state's constraint violation and energy at time t. When the violation exceeds
/// `project_above`, q and then u are first moved onto the constraints (Gauss–Newton with
/// minimal-norm steps); `converged` is false when that left a violation above `project_above`
/// (and above 1e-10, what rounding may leave).
struct Observation {
  double violation = 0;  // before any projection
  double energy = 0;
  double kinetic = 0;    // T, after any projection
  bool projected = false;
  bool converged = true;
};
Observation observe(Problem& pb, double t, double* Y, double project_above);

/// The first frame of monitors->oriented_frames that is not a rotation at the state (beyond
/// `tolerance`): "frame 'B': its direction-cosine matrix is not a rotation at t = 1.2 (|CᵀC − I| =
/// 0.3)" with where = "t = 1.2"; "" when every one is.
std::string rotation_defect(const Problem& pb, double t, const double* Y, double tolerance, const std::string& where);

}  // namespace adyn::numeric
