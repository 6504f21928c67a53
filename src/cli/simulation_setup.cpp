#include "adyn/cli/simulation_setup.hpp"

#include "adyn/error.hpp"

namespace adyn::cli {
namespace {

numeric::Integrator integrator_named(const std::string& name) {
  if (name == "dopri") return numeric::Integrator::DormandPrince;
  if (name == "bdf") return numeric::Integrator::Bdf;
  if (name == "midpoint") return numeric::Integrator::ImplicitMidpoint;
  if (name == "ida") return numeric::Integrator::Ida;
  throw ModelError("integrator '" + name + "'", "not one of dopri, bdf, ida, midpoint");
}

numeric::Backend backend_named(const std::string& name) {
  if (name == "tape") return numeric::Backend::Tape;
  if (name == "native") return numeric::Backend::Native;
  throw ModelError("backend '" + name + "'", "not one of tape, native");
}

}  // namespace

numeric::SimulationOptions simulation_options(const SimulationOverrides& given, const io::SimulationSetup& setup) {
  numeric::SimulationOptions o;
  o.t_end = given.t_end.value_or(setup.t_end.value_or(o.t_end));
  o.output_step = given.output_step.value_or(setup.output_step.value_or(o.output_step));
  o.rtol = given.rtol.value_or(setup.rtol.value_or(o.rtol));
  o.atol = given.atol.value_or(setup.atol.value_or(o.atol));
  o.integrator = integrator_named(given.integrator.value_or(setup.integrator.value_or("dopri")));
  o.project = given.projection.value_or(setup.projection.value_or(true));
  o.baumgarte = given.baumgarte.value_or(setup.baumgarte.value_or(0.0));
  o.backend = backend_named(given.backend.value_or("tape"));
  return o;
}

analysis::SystemState initial_state(const io::ModelDocument& doc) {
  const auto& s = doc.system;
  auto values = [&](const std::vector<GiNaC::symbol>& symbols) {
    Eigen::VectorXd v = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(symbols.size()));
    for (std::size_t i = 0; i < symbols.size(); ++i)
      if (auto it = doc.setup.initial.find(symbols[i].get_name()); it != doc.setup.initial.end())
        v(static_cast<Eigen::Index>(i)) = it->second;
    return v;
  };
  analysis::SystemState x;
  x.q = analysis::consistent_configuration(s, values(s.coordinates()), x.t);
  x.u = analysis::consistent_speeds(s, x.q, values(s.speeds()), x.t);
  analysis::check_orientations(s, x);
  return x;
}

}  // namespace adyn::cli
