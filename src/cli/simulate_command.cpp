#include "adyn/cli/simulate_command.hpp"

#include <fstream>

#include "adyn/analysis/consistency.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::cli {
namespace {

// q and u from the initial conditions (0 where not given), completed to satisfy the constraints.
analysis::SystemState initial_state(const io::ModelDocument& doc) {
  const auto& s = doc.system;
  auto value = [&](const std::string& name) {
    auto it = doc.setup.initial.find(name);
    return it == doc.setup.initial.end() ? 0.0 : it->second;
  };
  analysis::SystemState x;
  x.q = Eigen::VectorXd(static_cast<Eigen::Index>(s.coordinates().size()));
  for (std::size_t i = 0; i < s.coordinates().size(); ++i) x.q(static_cast<Eigen::Index>(i)) = value(s.coordinates()[i].get_name());
  const auto speeds = s.speeds();
  x.u = Eigen::VectorXd(static_cast<Eigen::Index>(speeds.size()));
  for (std::size_t i = 0; i < speeds.size(); ++i) x.u(static_cast<Eigen::Index>(i)) = value(speeds[i].get_name());
  x.q = analysis::consistent_configuration(s, x.q, x.t);
  x.u = analysis::consistent_speeds(s, x.q, x.u, x.t);
  return x;
}

void write_summary(const numeric::Trajectory& tr, std::ostream& os) {
  const auto& m = tr.summary;
  os << "simulated to t = " << tr.t.back() << ": " << tr.t.size() << " samples, " << m.steps << " steps, "
     << m.rhs_evaluations << " evaluations of the equations\n"
     << "  max constraint violation " << m.max_violation << ", energy error |E - E0 - int(dE/dt)| " << m.energy_drift
     << "\n";
}

}  // namespace

int simulate_command(const io::ModelDocument& doc, const SimulateArguments& args, std::ostream& out, std::ostream& err) {
  const auto& setup = doc.setup;
  const std::string method = args.method.value_or(setup.method.value_or("lagrange"));
  numeric::SimulationOptions o;
  o.t_end = args.t_end.value_or(setup.t_end.value_or(o.t_end));
  o.output_step = args.output_step.value_or(setup.output_step.value_or(o.output_step));
  o.rtol = args.rtol.value_or(setup.rtol.value_or(o.rtol));
  o.atol = args.atol.value_or(setup.atol.value_or(o.atol));
  const std::string integrator = args.integrator.value_or(setup.integrator.value_or("dopri"));
  o.integrator = integrator == "bdf"        ? numeric::Integrator::Bdf
                 : integrator == "midpoint" ? numeric::Integrator::ImplicitMidpoint
                 : integrator == "ida"      ? numeric::Integrator::Ida
                                            : numeric::Integrator::DormandPrince;
  o.project = !args.no_projection && setup.projection.value_or(true);
  o.baumgarte = args.baumgarte.value_or(setup.baumgarte.value_or(0.0));
  o.backend = args.backend.value_or("tape") == "native" ? numeric::Backend::Native : numeric::Backend::Tape;

  auto eom = formulations::derive(doc.system, method);
  auto x = initial_state(doc);
  auto tr = numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), o);

  std::ostream* summary = &err;
  if (args.output) {
    std::ofstream file(*args.output);
    if (!file) throw Error("cannot write the trajectory to '" + *args.output + "'");
    const bool json = args.output->size() > 5 && args.output->substr(args.output->size() - 5) == ".json";
    json ? tr.write_json(file) : tr.write_csv(file);
    out << "trajectory (" << eom.method << ") written to " << *args.output << "\n";
    summary = &out;
  } else {
    tr.write_csv(out);
  }
  write_summary(tr, *summary);
  if (!tr.summary.completed) {
    err << "adyn: error: " << tr.summary.stop_reason << "\n";
    return 1;
  }
  return 0;
}

}  // namespace adyn::cli
