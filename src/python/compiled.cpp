// adyn.Compiled (Equations.compile): the equations compiled once — the forward dynamics, the
// constraint rows, the monitors — evaluated at states and simulated many times; set_parameters
// changes the run-time parameter values only, never the code.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "adyn/application/simulation_setup.hpp"
#include "adyn/error.hpp"
#include "adyn/numeric/backend_registry.hpp"
#include "adyn/numeric/dynamics_derivatives.hpp"
#include "bindings.hpp"

namespace adyn::python {

std::shared_ptr<const numeric::CompiledSystem> Equations::compiled(const numeric::CompileOptions& options) const {
  for (const auto& [compiled_with, system] : cache->entries)
    if (compiled_with == options) return system;
  auto system = std::make_shared<const numeric::CompiledSystem>(model->doc.system, eom, options);
  cache->entries.emplace_back(options, system);
  return system;
}

std::vector<double> parameter_values(const numeric::CompiledSystem& compiled, const model::System& system) {
  auto [symbols, values] = numeric::parameter_inputs(system.parameter_values());
  std::vector<std::pair<std::string, double>> given;
  for (std::size_t i = 0; i < symbols.size(); ++i) given.emplace_back(symbols[i].get_name(), values[i]);
  return compiled.parameter_values(given);
}

namespace {

CompiledEquations compile(const Equations& e, const std::optional<std::string>& backend, bool mass_matrix) {
  application::SimulationOverrides given;
  given.backend = backend;
  given.mass_matrix = mass_matrix;
  const auto options = application::simulation_options(given, e.model->doc.setup);
  auto system = e.compiled({options.backend, options.articulated_body});
  Equations own{e.eom, std::make_shared<Model>(*e.model), e.cache};
  return {own, system, system->evaluator()};
}

// (t, q, u) of the equations, checked.
void check_state(const CompiledEquations& c, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  const auto& names = c.system->names();
  if (static_cast<std::size_t>(q.size()) != names.coordinates.size() || static_cast<std::size_t>(u.size()) != names.speeds.size())
    throw ModelError("state", "expected " + std::to_string(names.coordinates.size()) + " coordinates and " +
                                  std::to_string(names.speeds.size()) + " speeds of the " + names.method +
                                  " equations, got " + std::to_string(q.size()) + " and " + std::to_string(u.size()));
  if (!std::isfinite(t) || !q.allFinite() || !u.allFinite()) throw ModelError("state", "a value is not a finite number");
}

py::dict matrices(const CompiledEquations& c, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  check_state(c, q, u, t);
  const auto e = c.workspace.matrices(t, q, u);
  py::dict out;
  out["M"] = e.M, out["F"] = e.F, out["qdot"] = e.qdot;
  if (e.G.rows() > 0) out["G"] = e.G, out["g"] = e.g;
  return out;
}

Eigen::VectorXd rates(const CompiledEquations& c, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  check_state(c, q, u, t);
  return c.workspace.evaluate(t, q, u).udot;
}

py::tuple jacobians(const CompiledEquations& c, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  check_state(c, q, u, t);
  const auto d = c.workspace.derivatives(t, q, u, numeric::ParameterDerivatives::Include);
  return py::make_tuple(d.udot, d.udot_q, d.udot_u, d.udot_p);
}

// Parameters and inputs alike: both are run-time values of the compiled code.
void set_parameters(CompiledEquations& c, const std::map<std::string, double>& values) {
  auto& system = c.equations.model->doc.system;
  std::map<std::string, double> parameters, inputs;
  for (const auto& [name, value] : values) (system.has_input(name) ? inputs : parameters)[name] = value;
  if (inputs.empty()) {
    system.set_parameter_values(parameters);  // each call checks all its values before it sets any
  } else if (parameters.empty()) {
    system.set_input_values(inputs);
  } else {
    auto changed = system;  // both kinds: checked together, all or none
    changed.set_parameter_values(parameters);
    changed.set_input_values(inputs);
    system = std::move(changed);
  }
  c.workspace.set_parameters(parameter_values(*c.system, c.equations.model->doc.system));
}

py::dict parameters(const CompiledEquations& c) {
  const auto& names = c.system->names().parameters;
  const auto values = parameter_values(*c.system, c.equations.model->doc.system);
  py::dict out;
  for (std::size_t i = 0; i < names.size(); ++i) out[py::str(names[i])] = values[i];
  return out;
}

}  // namespace

void bind_compiled(py::module_& m) {
  py::class_<CompiledEquations>(m, "Compiled",
                                "Equations compiled once (Equations.compile): rates, matrices and simulations at "
                                "run-time parameter values")
      .def_property_readonly("method", [](const CompiledEquations& c) { return c.system->names().method; })
      .def_property_readonly("coordinates", [](const CompiledEquations& c) { return c.system->names().coordinates; })
      .def_property_readonly("speeds", [](const CompiledEquations& c) { return c.system->names().speeds; })
      .def_property_readonly("backend", [](const CompiledEquations& c) {
        return std::string(numeric::backend_choice(c.system->evaluator().backend()).key);
      }, "The backend of the compiled code ('tape' where native code was asked for but could not be had)")
      .def_property_readonly("articulated_body", [](const CompiledEquations& c) {
        return c.system->evaluator().articulated_body();
      }, "Whether u' comes from the O(n) articulated-body algorithm")
      .def_property_readonly("derivatives_path", [](const CompiledEquations& c) {
        return c.system->evaluator().derivatives_path();
      }, "How jacobians() differentiates: through the tree (with the articulated-body algorithm), or from the "
         "residuals of M u' = F, and why")
      .def_property_readonly("evaluator", [](const CompiledEquations& c) { return c.system->evaluator_choice(); },
                             "Which forward dynamics it evaluates and why ('articulated-body algorithm, O(n): ...' or 'mass matrix ...')")
      .def_property_readonly("model", [](const CompiledEquations& c) { return c.equations.model; },
                             "The handle's own model: its parameter values and initial conditions")
      .def_property_readonly("parameters", &parameters, "{name: value} of the runs")
      .def("set_parameters", &set_parameters, py::arg("values"),
           "Sets parameters' and inputs' values {name: value} for the following calls and runs (checked as "
           "Model.set_parameters: all or none); nothing is compiled again")
      .def("rates", &rates, py::arg("q"), py::arg("u"), py::arg("t") = 0.0, "u' at a state of the equations")
      .def("jacobians", &jacobians, py::arg("q"), py::arg("u"), py::arg("t") = 0.0,
           "(u', du'/dq, du'/du, du'/dp) at a state of the equations: derivatives generated by the chain rule and "
           "compiled at the first call (the columns of du'/dp in the order of `parameters`)")
      .def("matrices", &matrices, py::arg("q"), py::arg("u"), py::arg("t") = 0.0,
           "{'M', 'F', 'qdot' (and 'G', 'g')} at a state of the equations")
      .def("__repr__", [](const CompiledEquations& c) {
        return "<adyn.Compiled " + c.system->names().method + " equations of '" + c.equations.model->doc.system.name() +
               "'>";
      });
  m.def("compile", &compile, py::arg("equations"), py::arg("backend") = py::none(), py::arg("mass_matrix") = false,
        "Equations compiled once (adyn.Equations.compile documents it)");
  m.def("compilations", &numeric::CompiledSystem::count,
        "How many times this process has compiled equations for simulation (each Equations.compile or first run)");
}

}  // namespace adyn::python
