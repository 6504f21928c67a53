// What a run sets up besides its integrator (run_setup.hpp).
#include "run_setup.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/choice_table.hpp"
#include "adyn/error.hpp"
#include "adyn/number_text.hpp"
#include "adyn/numeric/integrator_registry.hpp"
#include "adyn/quoted_names.hpp"

namespace adyn::numeric {
namespace {

// A double cannot follow the motion of a value this large: neighbouring doubles are 1 apart.
constexpr double largest_state_value = 4503599627370496.0;  // 2^52

// The position among the parameter values of each input the law names.
std::vector<std::size_t> input_positions(const InputLaw& law, const CompiledNames& names) {
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < law.names.size(); ++i) {
    const auto& name = law.names[i];
    if (std::find(names.inputs.begin(), names.inputs.end(), name) == names.inputs.end()) {
      std::string known;
      for (const auto& input : names.inputs) known += (known.empty() ? "" : ", ") + input;
      throw ModelError("input '" + name + "'", "no such input in the system (its inputs: " + (known.empty() ? "none" : known) + ")");
    }
    if (std::find(law.names.begin(), law.names.begin() + static_cast<std::ptrdiff_t>(i), name) != law.names.begin() + static_cast<std::ptrdiff_t>(i))
      throw ModelError("input '" + name + "'", "given twice");
    const auto p = std::find(names.parameters.begin(), names.parameters.end(), name);
    if (p == names.parameters.end()) throw ModelError("input '" + name + "'", "the equations do not take it");
    at.push_back(static_cast<std::size_t>(p - names.parameters.begin()));
  }
  return at;
}

}  // namespace

void check_initial_state(const std::vector<std::string>& coordinates, const std::vector<std::string>& speeds,
                         const formulations::State& x0) {
  auto check = [](const std::vector<std::string>& names, const Eigen::VectorXd& v) {
    for (Eigen::Index i = 0; i < v.size(); ++i)
      if (!(std::abs(v(i)) < largest_state_value))
        throw ModelError("initial state", names[static_cast<std::size_t>(i)] + " = " + number_text(v(i)) +
                                              (std::isfinite(v(i)) ? " is too large to integrate: beyond 2^52 doubles "
                                                                     "cannot represent its changes"
                                                                   : " is not a finite number"));
  };
  if (x0.q.size() != static_cast<Eigen::Index>(coordinates.size()) || x0.u.size() != static_cast<Eigen::Index>(speeds.size()))
    throw ModelError("initial state", "has " + std::to_string(x0.q.size()) + " coordinates and " +
                                          std::to_string(x0.u.size()) + " speeds; the equations have " +
                                          std::to_string(coordinates.size()) + " and " + std::to_string(speeds.size()));
  check(coordinates, x0.q);
  check(speeds, x0.u);
}

void check_inertia(const model::System& system) {
  if (system.particles().empty() && system.bodies().empty())
    throw ModelError("model '" + system.name() + "'",
                     "has no particle and no rigid body: nothing in it has inertia, so its equations of motion give "
                     "no accelerations to integrate (its kinematics: adyn check, classify, kinematics, derive)");
}

void check_combination(const SimulationOptions& options, const CompiledSystem& compiled,
                       const EquationsEvaluator& evaluator, const Monitors& monitors) {
  const auto& events = monitors.event_names;
  const auto& method = compiled.names().method;
  const bool rows_are_constraints = evaluator.constraint_rows() == compiled.constraint_count();
  if (options.baumgarte != 0 && !rows_are_constraints)
    throw NotApplicableError("Baumgarte stabilization",
                             "stabilizes the constraint rows of the equations of lagrange, gauss, udwadia-kalaba or "
                             "hamilton; the " + method + " equations eliminate them (simulate without --baumgarte)");
  const auto& integrator = integrator_choice(options.integrator);
  const std::string object = "integrator '" + std::string(integrator.key) + "'";
  const auto ode = [](const IntegratorChoice& row) { return !row.multiplier_form; };
  if (integrator.multiplier_form &&
      (compiled.enforcement() != formulations::ConstraintEnforcement::Multipliers || !rows_are_constraints))
    throw NotApplicableError(object, "integrates the multiplier form of lagrange, gauss or hamilton (a multiplier per "
                                     "constraint); the " + method + " equations are not one: integrate them with " +
                                         keys_where(integrators(), ode, " or "));
  if (integrator.multiplier_form && options.baumgarte != 0)
    throw ModelError("simulation options", std::string(integrator.label) + " holds the constraints at the position and "
                                           "velocity levels itself; Baumgarte stabilization is for " +
                                               keys_where(integrators(), ode, " and "));
  if (options.integrator == Integrator::AugmentedLagrangianIndex3 && (!monitors.speeds_are_rates || monitors.k == 0))
    throw NotApplicableError(object, "integrates constraints with the speeds the coordinates' rates; " +
                                         std::string(monitors.k == 0 ? "this system has no constraints"
                                                                     : "these speeds are not the rates") +
                                         ": integrate with " + keys_where(integrators(), ode, " or "));
  if (!integrator.locates_events && !events.empty()) {
    const auto locating = [&](const IntegratorChoice& row) { return row.locates_events && ode(row); };
    throw ModelError(object, "does not locate the model's events (" + quoted_names(events) + "): use " +
                                 keys_where(integrators(), locating, " or "));
  }
}

std::function<void(double, const double*)> bind_input_law(const InputLaw& law, const CompiledNames& names, Problem& pb,
                                                          EquationsEvaluator& evaluator) {
  const auto at = input_positions(law, names);
  Eigen::VectorXd values(static_cast<Eigen::Index>(at.size()));
  return [&law, &pb, &evaluator, at, values](double t, const double* Y) mutable {
    const auto n = static_cast<Eigen::Index>(pb.n), p = static_cast<Eigen::Index>(pb.p);
    law.values(t, Eigen::Map<const Eigen::VectorXd>(Y, n), Eigen::Map<const Eigen::VectorXd>(Y + n, p), values);
    bool changed = false;
    for (std::size_t i = 0; i < at.size(); ++i) {
      const double w = values(static_cast<Eigen::Index>(i));
      if (!std::isfinite(w))
        throw EvaluationError("input '" + law.names[i] + "' is " + number_text(w) + " at t = " + number_text(t) + " (its law's value)");
      changed = changed || pb.parameters[at[i]] != w;
      pb.parameters[at[i]] = w;
    }
    if (changed) evaluator.set_parameters(pb.parameters);
  };
}

Eigen::VectorXd output_values(const CompiledOutputs& outputs, const Problem& pb, double t, const double* Y,
                              const Eigen::VectorXd& lambda, const Eigen::VectorXd& udot) {
  Eigen::VectorXd y(static_cast<Eigen::Index>(outputs.size()));
  if (outputs.size() == 0) return y;
  const auto in = pb.inputs(t, Y, Y + pb.n);
  outputs.evaluate(in.data(), lambda, udot, y.data());
  return y;
}

}  // namespace adyn::numeric
