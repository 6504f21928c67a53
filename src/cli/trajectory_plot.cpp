#include "adyn/cli/trajectory_plot.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "adyn/analysis/energy.hpp"
#include "adyn/error.hpp"
#include "adyn/numeric/integrator_registry.hpp"
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

// The arguments of the sines and cosines of the equations and of the model's kinematics (frames'
// orientations, points' positions): the equations of an unconstrained tree have no M and F
// (formulations::tree_equations).
std::vector<GiNaC::ex> trig_arguments(const model::System& system, const formulations::EquationsOfMotion& eom) {
  std::vector<GiNaC::ex> arguments;
  auto collect = [&](const GiNaC::matrix& m) {
    for (unsigned i = 0; i < m.rows(); ++i)
      for (unsigned j = 0; j < m.cols(); ++j) collect_trig_arguments(m(i, j), arguments);
  };
  for (const auto* m : {&eom.mass_matrix, &eom.forcing, &eom.coordinate_rates, &eom.constraint_matrix, &eom.constraint_rhs})
    collect(*m);
  for (const auto& F : system.frames())
    if (F.parent()) collect(F.orientation().dcm());
  for (const auto& P : system.points())
    for (const auto& part : P.position_from_parent().parts()) collect(part.components);
  return arguments;
}

// An angle: q enters the argument of a trigonometric function with a numeric coefficient.
bool is_angle(const GiNaC::symbol& q, const std::vector<GiNaC::ex>& trig_args) {
  return std::any_of(trig_args.begin(), trig_args.end(), [&](const GiNaC::ex& a) {
    const auto d = a.diff(q);
    return !d.is_zero() && GiNaC::is_a<GiNaC::numeric>(d);
  });
}

// Each coordinate's unit — the model's `unit:`, else rad for an angle — and its rate's (unit/s)
// when the rates are the speeds; declared speeds with a `unit:` have theirs.
Units coordinate_units(const model::System& system, const formulations::EquationsOfMotion& eom, bool seconds) {
  const auto args = trig_arguments(system, eom);
  std::set<std::string> rates;
  for (const auto& u : eom.speeds) rates.insert(u.get_name());
  Units units;
  for (const auto& q : eom.coordinates) {
    std::string unit = system.unit_of(q);
    if (unit.empty() && is_angle(q, args)) unit = "rad";
    if (unit.empty()) continue;
    units[q.get_name()] = unit;
    const auto rate = sym::derivative_of(q).get_name();
    if (rates.count(rate)) units[rate] = seconds ? unit + "/s" : unit + " per unit time";
  }
  for (const auto& u : eom.speeds)
    if (auto unit = system.unit_of(u); !unit.empty()) units[u.get_name()] = unit;
  return units;
}

// Time is in seconds when the model states units at all.
bool in_seconds(const model::System& system) {
  const auto& ps = system.parameters();
  return std::any_of(ps.begin(), ps.end(), [](const model::Parameter& p) { return !p.unit.empty(); });
}

// ---- panels ------------------------------------------------------------------------------------

// The components split into panels that a reader can read: one per unit, and within a unit apart
// where their ranges differ by more than 20× (a wheel's spin of 300 rad would flatten its lean of
// 0.1 rad). A panel of several is titled with its components' names.
std::vector<std::vector<std::size_t>> readable_groups(const std::vector<std::string>& names,
                                                      const std::vector<Eigen::VectorXd>& values, const Units& units) {
  auto unit = [&](std::size_t i) {
    auto it = units.find(names[i]);
    return it == units.end() ? std::string() : it->second;
  };
  std::vector<double> range(names.size(), 0);
  for (std::size_t i = 0; i < names.size(); ++i) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& v : values)
      if (std::isfinite(v(static_cast<Eigen::Index>(i))))
        lo = std::min(lo, v(static_cast<Eigen::Index>(i))), hi = std::max(hi, v(static_cast<Eigen::Index>(i)));
    range[i] = hi > lo ? hi - lo : std::max(std::abs(hi), 1e-300);
  }
  std::vector<std::size_t> order(names.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return unit(a) != unit(b) ? unit(a) < unit(b) : range[a] > range[b];
  });
  std::vector<std::vector<std::size_t>> groups;
  for (const auto i : order)
    if (groups.empty() || unit(groups.back().front()) != unit(i) || range[groups.back().front()] > 20 * range[i])
      groups.push_back({i});
    else
      groups.back().push_back(i);
  for (auto& g : groups) std::sort(g.begin(), g.end());
  std::sort(groups.begin(), groups.end());
  return groups;
}

std::vector<plot::Panel> component_panels(const std::string& title, const std::string& symbol,
                                          const std::string& time_label, const std::vector<std::string>& names,
                                          const std::vector<double>& t, const std::vector<Eigen::VectorXd>& values,
                                          const Units& units) {
  const auto groups = readable_groups(names, values, units);
  std::vector<plot::Panel> panels;
  for (const auto& group : groups) {
    auto it = units.find(names[group.front()]);
    const std::string unit = it == units.end() ? "" : it->second;
    std::string listed;
    for (const auto i : group) listed.append(listed.empty() ? "" : ", ").append(names[i]);
    plot::Panel p{.title = groups.size() > 1 ? title + ": " + listed : title,
                  .x_label = time_label,
                  .y_label = unit.empty() ? symbol : symbol + " (" + unit + ")",
                  .x = t};
    for (const auto i : group) {
      plot::Series s{.name = names[i]};
      for (const auto& v : values) s.y.push_back(v(static_cast<Eigen::Index>(i)));
      p.series.push_back(std::move(s));
    }
    panels.push_back(std::move(p));
  }
  return panels;
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

// The integration error E − E(0) − ∫Ė dt on its own axis (E − E(0) for a conservative system), and
// for a nonconservative one the change E − E(0) by the work done, on another: at the scale of the
// change the error would be invisible.
std::vector<plot::Panel> energy_panels(const model::System& system, const numeric::Trajectory& tr,
                                       const std::string& time_label, const std::string& unit) {
  const bool conserved = conservative(system);
  plot::Series change{.name = "E − E(0)"}, error{.name = "E − E(0) − ∫(dE/dt) dt"};
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    change.y.push_back(tr.energy[k] - tr.energy.front());
    error.y.push_back(change.y.back() - tr.energy_rate_integral[k]);
  }
  const std::string y = unit.empty() ? "energy" : "energy (" + unit + ")";
  if (conserved)
    return {{.title = "Energy error (E = T2 − T0 + V is conserved)", .x_label = time_label, .y_label = y, .x = tr.t,
             .series = {change}}};
  return {{.title = "Energy change by the work done", .x_label = time_label, .y_label = y, .x = tr.t, .series = {change}},
          {.title = "Integration error of the energy", .x_label = time_label, .y_label = y, .x = tr.t, .series = {error}}};
}

// J when the model's parameters are in SI units (a mass in kg).
std::string energy_unit(const model::System& system) {
  const auto& ps = system.parameters();
  return std::any_of(ps.begin(), ps.end(), [](const model::Parameter& p) { return p.unit == "kg"; }) ? "J" : "";
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

}  // namespace

plot::Figure trajectory_figure(const model::System& system, const formulations::EquationsOfMotion& eom,
                               const numeric::Trajectory& tr, const numeric::SimulationOptions& options) {
  const bool seconds = in_seconds(system);
  const std::string t = seconds ? "t (s)" : "t";
  const auto units = coordinate_units(system, eom, seconds);
  const std::string integrator(numeric::integrator_choice(options.integrator).label);
  plot::Figure f{.title = system.name() + ": " + eom.method + " equations, " + integrator};
  auto add = [&f](std::vector<plot::Panel> panels) { f.panels.insert(f.panels.end(), panels.begin(), panels.end()); };
  add(component_panels("Coordinates", "q", t, tr.coordinate_names, tr.t, tr.q, units));
  add(component_panels("Generalized speeds", "u", t, tr.speed_names, tr.t, tr.u, units));
  if (!tr.energy.empty() && std::isfinite(tr.energy.front())) add(energy_panels(system, tr, t, energy_unit(system)));
  if (!system.constraints().empty()) f.panels.push_back(violation_panel(tr, t, options.project));
  if (!tr.summary.completed && !tr.t.empty()) {  // a run that stopped early: where, and why
    const auto reason = tr.summary.stop_reason.substr(0, 60);
    for (auto& p : f.panels) p.markers.push_back({tr.t.back(), "stopped: " + reason});
  }
  return f;
}

}  // namespace adyn::cli
