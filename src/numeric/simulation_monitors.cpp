// The monitors of a simulation and their evaluation (simulation_monitors.hpp).
#include "simulation_monitors.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "adyn/formulations/energy_function.hpp"
#include "adyn/error.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/state_expression.hpp"
#include "adyn/numeric/augmented_lagrangian.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::numeric {
namespace {

using GiNaC::ex;

// Whether the constraints can do work on the motion: a nonideal force or friction, or a velocity
// form with a term free of the rates (acatastatic, a_jt ≠ 0 in Greenwood (4.342)).
bool constraints_do_work(const model::System& system) {
  if (system.constraints().empty()) return false;
  GiNaC::exmap at_rest;
  for (const auto& v : sym::derivatives_of(system.coordinates())) at_rest[v] = 0;
  std::optional<GiNaC::exmap> speeds_in_rates;
  if (!system.coordinate_rates().empty()) speeds_in_rates = system.speeds_in_rates();
  for (const auto& c : system.constraints()) {
    if (!c.nonideal_force.empty() || !c.friction_coefficient.is_zero()) return true;
    ex f = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    if (speeds_in_rates) f = f.subs(*speeds_in_rates, GiNaC::subs_options::no_pattern);
    if (!sym::is_zero_trig(f.subs(at_rest, GiNaC::subs_options::no_pattern))) return true;
  }
  return false;
}

// q̇ᵀQ^c, the power of the constraint forces, for equations that eliminate them (no constraint
// rows: Kane's, Maggi's, Gibbs–Appell's with dependent speeds): Q^c = M_L q̈ − F_L from Lagrange's
// equations of the unconstrained system, with q̇ and q̈ = d/dt q̇(q, u, t) of the equations (u̇
// symbols left as inputs). Ė of the energy function then includes it, as Greenwood (4.364) counts
// constraint forces among the applied ones.
ex constraint_power(const model::System& system, const formulations::EquationsOfMotion& eom,
                    const std::function<ex(const ex&)>& in_state) {
  const auto free = formulations::lagrange(formulations::lagrangian_form(system));
  std::vector<ex> qdot, qddot;
  for (const auto& q : free.coordinates) {
    const auto at = std::find_if(eom.coordinates.begin(), eom.coordinates.end(), [&](const auto& c) { return c.is_equal(q); });
    const auto i = static_cast<unsigned>(at - eom.coordinates.begin());
    qdot.push_back(in_state(eom.coordinate_rates(i, 0)));
    qddot.push_back(in_state(sym::time_derivative(eom.coordinate_rates(i, 0))));
  }
  ex power = 0;
  for (unsigned i = 0; i < free.n(); ++i) {
    ex force = -in_state(free.forcing(i, 0));
    for (unsigned j = 0; j < free.n(); ++j) force += in_state(free.mass_matrix(i, j)) * qddot[j];
    power += qdot[i] * force;
  }
  return power;
}

// The frames among `moving` whose direction-cosine matrix is a rotation only where its formula
// makes it one (a given DCM, Euler parameters): watched at the samples (rotation_defect).
std::vector<kin::ReferenceFrame> oriented_frames(const std::vector<kin::ReferenceFrame>& moving) {
  std::vector<kin::ReferenceFrame> frames;
  for (const auto& frame : moving)
    if (frame.orientation().may_not_be_rotation()) frames.push_back(frame);
  return frames;
}

// Whether `programs` fit the monitors' rows, names and frames in `mon` and the equations' state: the
// programs' inputs (t, q, u, parameters: `inputs` of them; Q^c's also u̇) and their outputs, each
// optional program there exactly where `mon` needs one. `solved_for`: the eliminated speeds' count.
bool fit(const MonitorPrograms& programs, const Monitors& mon, const formulations::EquationsOfMotion& eom,
         std::size_t inputs, std::size_t solved_for) {
  const std::size_t n = eom.n(), p = eom.p(), constraints = mon.configuration_rows.size(), events = mon.event_names.size();
  auto fits = [](const StraightLineProgram& program, std::size_t outputs, std::size_t in) {
    return program.input_count == in && program.outputs.size() == outputs;
  };
  auto fits_if_any = [&](const std::optional<StraightLineProgram>& program, bool expected, std::size_t outputs,
                         std::size_t in) { return program.has_value() == expected && (!program || fits(*program, outputs, in)); };
  return fits(programs.projection, mon.h + mon.h * n + mon.k + mon.k * p + 2, inputs) && fits(programs.rate, 1, inputs) &&
         fits(programs.residuals, 2 * constraints, inputs) &&
         fits_if_any(programs.constraint_power, programs.constraint_power.has_value(), 1, inputs + p) &&
         fits_if_any(programs.dependent_speeds, !mon.dependent_speed_names.empty(), mon.dependent_speed_names.size(), inputs) &&
         fits_if_any(programs.eliminated_block, programs.eliminated_block.has_value(), constraints * solved_for, inputs) &&
         fits_if_any(programs.events, events > 0, events + events * p, inputs) &&
         fits_if_any(programs.orientations, !mon.oriented_frames.empty(), 9 * mon.oriented_frames.size(), inputs);
}

// (t, q, u, parameters) into `in`, resized to them (no allocation once it holds as many).
void write_inputs(const Problem& pb, std::vector<double>& in, double t, const double* q, const double* u) {
  in.resize(1 + pb.n + pb.p + pb.parameters.size());
  in[0] = t;
  std::copy(q, q + pb.n, in.begin() + 1);
  std::copy(u, u + pb.p, in.begin() + 1 + static_cast<std::ptrdiff_t>(pb.n));
  std::copy(pb.parameters.begin(), pb.parameters.end(), in.begin() + 1 + static_cast<std::ptrdiff_t>(pb.n + pb.p));
}

}  // namespace

EliminatedSpeeds eliminated_speeds(const formulations::EquationsOfMotion& eom) {
  EliminatedSpeeds out;
  for (std::size_t d = 0; d < eom.dependent_speeds.size(); ++d) {
    out.names.push_back(eom.dependent_speeds[d].get_name());
    out.values.push_back(eom.dependent_speed_values(static_cast<unsigned>(d), 0));
  }
  if (!out.names.empty()) return out;
  const auto qd = sym::derivatives_of(eom.coordinates);
  auto is_among = [](const GiNaC::symbol& s, const std::vector<GiNaC::symbol>& symbols) {
    return std::any_of(symbols.begin(), symbols.end(), [&](const auto& x) { return x.is_equal(s); });
  };
  if (!std::all_of(eom.speeds.begin(), eom.speeds.end(), [&](const auto& u) { return is_among(u, qd); })) return out;
  for (std::size_t i = 0; i < eom.n(); ++i)
    if (!is_among(qd[i], eom.speeds)) {
      out.names.push_back(qd[i].get_name());
      out.values.push_back(eom.coordinate_rates(static_cast<unsigned>(i), 0));
    }
  return out;
}

MonitorPrograms derive_monitor_programs(const model::System& system, const formulations::EquationsOfMotion& eom) {
  MonitorPrograms programs;
  // An expression in the equations' own state (q, their speeds, t).
  formulations::InEquationsState in_state(system, eom);
  std::vector<ex> phi, r;
  for (const auto& c : system.constraints()) {
    if (c.level == model::ConstraintLevel::Configuration) {
      phi.push_back(c.expression);
      r.push_back(in_state(sym::time_derivative(c.expression)));
    } else {
      r.push_back(in_state(c.expression));
    }
  }
  std::vector<ex> per_constraint;  // φ_k, then r_k, in the order of the system's constraints
  for (const auto& c : system.constraints())
    per_constraint.push_back(c.level == model::ConstraintLevel::Configuration ? c.expression : ex(0));
  per_constraint.insert(per_constraint.end(), r.begin(), r.end());
  std::vector<ex> outputs = phi;
  for (const auto& e : sym::entries(sym::jacobian(sym::column(phi), eom.coordinates))) outputs.push_back(e);
  for (const auto& e : r) outputs.push_back(e);
  for (const auto& e : sym::entries(sym::jacobian(sym::column(r), eom.speeds))) outputs.push_back(e);
  // Ė without the constraint power; where the constraints can do work, that is added in the
  // right-hand side as u·Q^c when the speeds are the rates q̇ (Lagrange, Gauss, Udwadia–Kalaba) and
  // by `constraint_power` where the equations eliminate Q^c. Ideal catastatic constraints do none
  // (Greenwood (4.364) with A_k q̇ = 0): the work their numerical forces do off the constraints,
  // e.g. a step across a singular position onto another branch, is then seen as an energy error.
  ex E = 0, Edot = 0, T = 0;
  try {
    const auto energy = formulations::energy_for_evaluation(system);
    E = in_state(energy.energy);
    Edot = in_state(energy.rate);
    T = in_state(energy.kinetic);
    programs.energy = true;
  } catch (const ModelError&) {  // no Lagrangian in q̇ (velocities given in speeds): no energy monitor
  }
  outputs.push_back(E);
  outputs.push_back(T);
  const auto inputs = state_inputs(eom.coordinates, eom.speeds, system.parameter_values());
  programs.projection = compile_straight_line(inputs, outputs);
  programs.rate = compile_straight_line(inputs, {Edot});
  programs.constraints_do_work = constraints_do_work(system);
  if (programs.energy && eom.constraint_matrix.rows() == 0 && programs.constraints_do_work) {
    std::vector<GiNaC::symbol> with_accelerations = inputs;
    for (const auto& a : sym::derivatives_of(eom.speeds)) with_accelerations.push_back(a);
    programs.constraint_power = compile_straight_line(with_accelerations, {constraint_power(system, eom, std::ref(in_state))});
  }
  // The speeds the equations eliminate, recorded with the others.
  const auto eliminated = eliminated_speeds(eom);
  if (!eliminated.values.empty()) {
    std::vector<ex> values;
    for (const auto& value : eliminated.values) values.push_back(in_state(value));
    programs.dependent_speeds = compile_straight_line(inputs, values);
  }
  // The block of the constraint rows in the eliminated speeds, ∂r/∂u_d (rows × eliminated): where
  // it is singular the eliminated speeds are not determined (a singular configuration).
  std::vector<GiNaC::symbol> solved_for = eom.dependent_speeds;
  const auto rates = sym::derivatives_of(eom.coordinates);
  if (solved_for.empty())
    for (const auto& name : eliminated.names)
      for (const auto& rate : rates)
        if (rate.get_name() == name) solved_for.push_back(rate);
  std::vector<ex> block;
  for (const auto& c : system.constraints()) {
    const ex f = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    const ex in_speeds = eom.dependent_speeds.empty() ? f : system.in_speeds(f);
    for (const auto& u : solved_for) block.push_back(in_state(sym::partial_derivative(in_speeds, u)));
  }
  if (std::any_of(block.begin(), block.end(), [](const ex& e) { return !e.is_zero(); }))
    programs.eliminated_block = compile_straight_line(inputs, block);
  programs.residuals = compile_straight_line(inputs, per_constraint);
  // Events: the gaps, then the Jacobians of their rates in the speeds (the impulse directions).
  std::vector<ex> gaps, rows;
  for (const auto& e : system.events()) {
    gaps.push_back(e.gap);
    auto rate = sym::column({in_state(sym::time_derivative(e.gap))});
    for (const auto& j : sym::entries(sym::jacobian(rate, eom.speeds))) rows.push_back(j);
  }
  if (!gaps.empty()) {
    gaps.insert(gaps.end(), rows.begin(), rows.end());
    programs.events = compile_straight_line(inputs, gaps);
  }
  std::vector<ex> entries;
  for (const auto& frame : oriented_frames(system.moving_frames()))
    for (const auto& e : sym::entries(frame.orientation().dcm())) entries.push_back(e);
  if (!entries.empty()) programs.orientations = compile_straight_line(inputs, entries);
  return programs;
}

std::optional<Monitors> assemble_monitors(const model::System& system, const formulations::EquationsOfMotion& eom,
                                          const MonitorPrograms& programs) {
  Monitors mon;
  for (const auto& c : system.constraints()) mon.configuration_rows.push_back(c.level == model::ConstraintLevel::Configuration);
  mon.h = static_cast<std::size_t>(std::count(mon.configuration_rows.begin(), mon.configuration_rows.end(), true));
  mon.k = mon.configuration_rows.size();  // every constraint has a velocity-level row
  const auto qd = sym::derivatives_of(eom.coordinates);
  mon.speeds_are_rates = std::equal(eom.speeds.begin(), eom.speeds.end(), qd.begin(), qd.end(),
                                    [](const GiNaC::symbol& a, const GiNaC::symbol& b) { return a.is_equal(b); });
  mon.energy = programs.energy;
  mon.constraints_do_work = programs.constraints_do_work;
  mon.constraint_work = mon.energy && ((mon.speeds_are_rates && eom.constraint_matrix.rows() > 0) || programs.constraint_power);
  mon.dependent_speed_names = eliminated_speeds(eom).names;
  const std::size_t solved_for = eom.dependent_speeds.empty() ? mon.dependent_speed_names.size() : eom.dependent_speeds.size();
  if (programs.eliminated_block)
    for (const auto& c : system.constraints()) mon.eliminated_rows.push_back(c.name);
  for (const auto& e : system.events()) {
    mon.event_names.push_back(e.name);
    double e_r = -1;
    if (e.restitution) e_r = GiNaC::ex_to<GiNaC::numeric>(e.restitution->subs(system.parameter_values()).evalf()).to_double();
    mon.restitution.push_back(e_r);
  }
  const auto moving = system.moving_frames();
  mon.euler = euler_parameter_sets(moving, eom.coordinates);
  mon.oriented_frames = oriented_frames(moving);
  if (!fit(programs, mon, eom, 1 + eom.n() + eom.p() + system.parameter_values().size(), solved_for)) return std::nullopt;
  if (const auto impact = std::find_if(mon.restitution.begin(), mon.restitution.end(), [](double e_r) { return e_r >= 0; });
      eom.speed_definitions.rows() && impact != mon.restitution.end())
    throw NotApplicableError("event '" + mon.event_names[static_cast<std::size_t>(impact - mon.restitution.begin())] + "'",
                             "an impact changes the speeds through the inertia in them; the speeds of the " + eom.method +
                                 " equations are momenta: simulate it by lagrange, kane or gibbs-appell");
  auto tape = [](const std::optional<StraightLineProgram>& program) {
    return program ? std::make_unique<Tape>(*program) : nullptr;
  };
  mon.projection = std::make_unique<Tape>(programs.projection);
  mon.rate = std::make_unique<Tape>(programs.rate);
  mon.constraint_power = tape(programs.constraint_power);
  mon.dependent_speeds = tape(programs.dependent_speeds);
  mon.eliminated_block = tape(programs.eliminated_block);
  mon.residuals = std::make_unique<Tape>(programs.residuals);
  mon.events = tape(programs.events);
  mon.orientations = tape(programs.orientations);
  return mon;
}

Power Problem::power(double t, const double* Y, const double* udot, const Eigen::VectorXd& constraint_force) const {
  Power power;
  if (!monitors->energy) return power;
  const double* in = evaluation_inputs(t, Y, monitors->constraint_power ? udot : nullptr);
  monitors->rate->evaluate(in, &power.applied);
  if (monitors->speeds_are_rates && constraint_force.size())
    power.constraints = Eigen::Map<const Eigen::VectorXd>(Y + n, static_cast<Eigen::Index>(p)).dot(constraint_force);
  if (monitors->constraint_power) monitors->constraint_power->evaluate(in, &power.constraints);
  return power;
}

void Problem::write_power(double t, const double* Y, const double* udot, const Eigen::VectorXd& constraint_force,
                          double* D) const {
  const auto rates = power(t, Y, udot, constraint_force);
  D[n + p] = rates.applied;
  if (monitors->constraint_work) D[n + p + 1] = rates.constraints;
}

double Problem::energy_rate_integral(const double* Y) const {
  return Y[n + p] + (monitors->constraints_do_work ? constraint_work(Y) : 0.0);
}

const Eigen::VectorXd& Problem::correction(double t, const double* Y) const {
  const auto rows = static_cast<Eigen::Index>(evaluator->constraint_rows());
  Eigen::VectorXd& c = correction_buffer;
  c.setZero(rows);
  if (baumgarte == 0 || rows == 0) return c;
  std::vector<double> out(monitors->residuals->output_count());
  monitors->residuals->evaluate(evaluation_inputs(t, Y), out.data());
  const auto k = static_cast<Eigen::Index>(out.size() / 2);
  for (Eigen::Index i = 0; i < rows && i < k; ++i)
    c(i) = -2 * baumgarte * out[static_cast<std::size_t>(k + i)] - baumgarte * baumgarte * out[static_cast<std::size_t>(i)];
  return c;
}

std::vector<double> Problem::inputs(double t, const double* q, const double* u) const {
  std::vector<double> in;
  write_inputs(*this, in, t, q, u);
  return in;
}

const double* Problem::evaluation_inputs(double t, const double* Y, const double* udot) const {
  write_inputs(*this, input_buffer, t, Y, Y + n);
  if (udot) input_buffer.insert(input_buffer.end(), udot, udot + p);
  return input_buffer.data();
}

bool Problem::stop_requested() {
  if (stopped_by_user || out_of_time) return true;  // asked once, for every evaluation after
  if (deadline && std::chrono::steady_clock::now() > *deadline) {
    out_of_time = true;
    return true;
  }
  if (!interrupted || !*interrupted || !(*interrupted)()) return false;
  stopped_by_user = true;
  return true;
}

Observation observe(Problem& pb, double t, double* Y, double project_above) {
  const auto& mon = *pb.monitors;
  const auto n = static_cast<Eigen::Index>(pb.n), p = static_cast<Eigen::Index>(pb.p);
  const auto H = static_cast<Eigen::Index>(mon.h), K = static_cast<Eigen::Index>(mon.k);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  std::vector<double> out(mon.projection->output_count());
  auto eval = [&] {
    auto in = pb.inputs(t, Y, Y + n);
    mon.projection->evaluate(in.data(), out.data());
  };
  const double* o = out.data();
  const double* ro = o + H + H * n;
  Eigen::Map<const Eigen::VectorXd> phi(o, H), r(ro, K);
  Eigen::Map<const RowMajor> Jphi(o + H, H, n), B(ro + K, K, p);
  auto largest = [](const auto& v) { return v.size() ? v.cwiseAbs().maxCoeff() : 0.0; };
  eval();
  Observation obs{.violation = std::max(largest(phi), largest(r))};
  if (obs.violation > project_above) {  // Gauss–Newton, q then u
    Eigen::Map<Eigen::VectorXd> q(Y, n), u(Y + n, p);
    // Mass-orthogonal steps (Bayo & Ledesma) where the speeds are the rates, so that M is a metric
    // of q too: defined where the constraint Jacobian loses rank, and never across to another
    // branch of the constraint manifold; otherwise minimal-norm steps.
    const bool mass_orthogonal = pb.mass_orthogonal_projection && mon.speeds_are_rates;
    const Eigen::MatrixXd M = mass_orthogonal ? pb.evaluator->matrices(t, q, u).M : Eigen::MatrixXd();
    auto step = [&](const Eigen::MatrixXd& J, const Eigen::VectorXd& residual) -> Eigen::VectorXd {
      if (mass_orthogonal) return mass_orthogonal_correction(M, J, residual);
      return -J.completeOrthogonalDecomposition().solve(residual);
    };
    for (int it = 0; it < 20 && largest(phi) > 1e-13; ++it) {
      q += step(Jphi, phi);
      eval();
    }
    for (int it = 0; it < 3 && largest(r) > 1e-13; ++it) {
      u += step(B, r);
      eval();
    }
    obs.projected = true;
    obs.converged = std::max(largest(phi), largest(r)) <= std::max(project_above, 1e-10);
  }
  obs.energy = out[out.size() - 2];
  obs.kinetic = out.back();
  return obs;
}

std::string rotation_defect(const Problem& pb, double t, const double* Y, double tolerance, const std::string& where) {
  const auto& mon = *pb.monitors;
  if (!mon.orientations) return "";
  std::vector<double> out(mon.orientations->output_count());
  const auto in = pb.inputs(t, Y, Y + pb.n);
  mon.orientations->evaluate(in.data(), out.data());
  using RowMajor = Eigen::Matrix<double, 3, 3, Eigen::RowMajor>;
  for (std::size_t f = 0; f < mon.oriented_frames.size(); ++f) {
    const auto& frame = mon.oriented_frames[f];
    const Eigen::Matrix3d C = Eigen::Map<const RowMajor>(out.data() + 9 * f);
    if (auto defect = frame.orientation().rotation_defect(C, tolerance); !defect.empty())
      return "frame '" + frame.name() + "': " + defect.text(where);
  }
  return "";
}

}  // namespace adyn::numeric
