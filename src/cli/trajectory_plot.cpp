#include "adyn/cli/trajectory_plot.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "adyn/analysis/energy.hpp"
#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::cli {
namespace {

using Units = std::map<std::string, std::string>;  // series name → unit (absent: unknown)

// ---- units ---------------------------------------------------------------------------------------

void collect_trig_arguments(const GiNaC::ex& e, std::vector<GiNaC::ex>& arguments) {
  using namespace GiNaC;  // for the macro is_ex_the_function
  if (is_ex_the_function(e, sin) || is_ex_the_function(e, cos) || is_ex_the_function(e, tan))
    arguments.push_back(e.op(0));
  for (std::size_t i = 0; i < e.nops(); ++i) collect_trig_arguments(e.op(i), arguments);
}

std::vector<GiNaC::ex> trig_arguments(const formulations::EquationsOfMotion& eom) {
  std::vector<GiNaC::ex> arguments;
  for (const auto* m : {&eom.mass_matrix, &eom.forcing, &eom.coordinate_rates, &eom.constraint_matrix, &eom.constraint_rhs})
    for (unsigned i = 0; i < m->rows(); ++i)
      for (unsigned j = 0; j < m->cols(); ++j) collect_trig_arguments((*m)(i, j), arguments);
  return arguments;
}

// An angle: q enters the argument of a trigonometric function with a numeric coefficient.
bool is_angle(const GiNaC::symbol& q, const std::vector<GiNaC::ex>& trig_args) {
  return std::any_of(trig_args.begin(), trig_args.end(), [&](const GiNaC::ex& a) {
    const auto d = a.diff(q);
    return !d.is_zero() && GiNaC::is_a<GiNaC::numeric>(d);
  });
}

// rad for angles, rad/s for their rates when they are the speeds.
Units angle_units(const formulations::EquationsOfMotion& eom, bool seconds) {
  const auto args = trig_arguments(eom);
  std::set<std::string> rates;
  for (const auto& u : eom.speeds) rates.insert(u.get_name());
  Units units;
  for (const auto& q : eom.coordinates) {
    if (!is_angle(q, args)) continue;
    units[q.get_name()] = "rad";
    const auto rate = sym::derivative_of(q).get_name();
    if (rates.count(rate)) units[rate] = seconds ? "rad/s" : "rad per unit time";
  }
  return units;
}

// Time is in seconds when the model states units at all.
bool in_seconds(const model::System& system) {
  const auto& ps = system.parameters();
  return std::any_of(ps.begin(), ps.end(), [](const model::Parameter& p) { return !p.unit.empty(); });
}

// ---- panels ------------------------------------------------------------------------------------

// One series per component; a unit shared by all goes to the axis label, else to the legend.
plot::Panel component_panel(const std::string& title, const std::string& symbol, const std::string& time_label,
                            const std::vector<std::string>& names, const std::vector<double>& t,
                            const std::vector<Eigen::VectorXd>& values, const Units& units) {
  auto unit = [&](const std::string& name) {
    auto it = units.find(name);
    return it == units.end() ? std::string() : it->second;
  };
  const bool shared = !names.empty() && !unit(names.front()).empty() &&
                      std::all_of(names.begin(), names.end(), [&](const std::string& n) { return unit(n) == unit(names.front()); });
  plot::Panel p{.title = title, .x_label = time_label, .y_label = shared ? symbol + " (" + unit(names.front()) + ")" : symbol, .x = t};
  for (std::size_t i = 0; i < names.size(); ++i) {
    plot::Series s{.name = shared || unit(names[i]).empty() ? names[i] : names[i] + " (" + unit(names[i]) + ")"};
    for (const auto& v : values) s.y.push_back(v(static_cast<Eigen::Index>(i)));
    p.series.push_back(std::move(s));
  }
  return p;
}

// Greenwood's sufficient conditions (energy.hpp); a system they cannot be checked for counts as
// nonconservative, which only adds a curve.
bool conservative(const model::System& system) {
  try {
    return analysis::conservation_report(system).conservative();
  } catch (const Error&) {
    return false;
  }
}

// E − E(0): the energy error of a conservative system. Otherwise E changes by the work done,
// ∫Ė dt, and E − E(0) − ∫Ė dt is the integration error.
plot::Panel energy_panel(const model::System& system, const numeric::Trajectory& tr, const std::string& time_label) {
  const bool conserved = conservative(system);
  plot::Series change{.name = "E − E(0)"}, error{.name = "E − E(0) − ∫(dE/dt) dt"};
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    change.y.push_back(tr.energy[k] - tr.energy.front());
    error.y.push_back(change.y.back() - tr.energy_rate_integral[k]);
  }
  plot::Panel p{.title = conserved ? "Energy error (E = T2 − T0 + V is conserved)" : "Energy change and integration error",
                .x_label = time_label, .y_label = "energy", .x = tr.t, .series = {change}};
  if (!conserved) p.series.push_back(error);
  return p;
}

plot::Panel violation_panel(const numeric::Trajectory& tr, const std::string& time_label, bool projected) {
  const bool positive = std::any_of(tr.violation.begin(), tr.violation.end(), [](double v) { return v > 0; });
  const std::string title = projected ? "Constraint violation (before each projection)" : "Constraint violation (no projection)";
  return {.title = positive ? title : title + ": zero throughout",
          .x_label = time_label,
          .y_label = "max |residual|",
          .x = tr.t,
          .series = {{.name = "violation", .y = tr.violation}},
          .log_y = positive};
}

const char* integrator_name(numeric::Integrator integrator) {
  switch (integrator) {
    case numeric::Integrator::Bdf: return "CVODE BDF";
    case numeric::Integrator::Ida: return "IDA";
    case numeric::Integrator::ImplicitMidpoint: return "implicit midpoint";
    case numeric::Integrator::DormandPrince: break;
  }
  return "Dormand–Prince";
}

}  // namespace

plot::Figure trajectory_figure(const model::System& system, const formulations::EquationsOfMotion& eom,
                               const numeric::Trajectory& tr, const numeric::SimulationOptions& options) {
  const bool seconds = in_seconds(system);
  const std::string t = seconds ? "t (s)" : "t";
  const auto units = angle_units(eom, seconds);
  plot::Figure f{.title = system.name() + ": " + eom.method + " equations, " + integrator_name(options.integrator)};
  f.panels.push_back(component_panel("Coordinates", "q", t, tr.coordinate_names, tr.t, tr.q, units));
  f.panels.push_back(component_panel("Generalized speeds", "u", t, tr.speed_names, tr.t, tr.u, units));
  if (!tr.energy.empty() && std::isfinite(tr.energy.front())) f.panels.push_back(energy_panel(system, tr, t));
  if (!system.constraints().empty()) f.panels.push_back(violation_panel(tr, t, options.project));
  return f;
}

}  // namespace adyn::cli
