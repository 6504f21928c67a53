// adyn.Model: a model file (or text) read into a System with its initial conditions and
// simulation settings; its parameters, classification, derivation and random consistent states.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/analysis/random_state.hpp"
#include "adyn/application/dependent_speeds.hpp"
#include "adyn/application/initial_state.hpp"
#include "adyn/application/initial_state_report.hpp"
#include "adyn/application/simulation_setup.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/numeric/backend_registry.hpp"
#include "adyn/numeric/integrator_registry.hpp"
#include "bindings.hpp"

namespace adyn::python {
namespace {

std::shared_ptr<Model> load(const std::string& path, bool floating_base) {
  const io::UrdfOptions urdf{.floating_base = floating_base};
  auto doc = io::read_model_document(path, urdf);  // checks the path as the CLI does
  doc.completed = application::consistent_initial_state(doc);
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::make_shared<Model>(Model{std::move(doc), text.str(), path, urdf});
}

std::shared_ptr<Model> from_text(const std::string& text, const std::string& source, bool floating_base) {
  const io::UrdfOptions urdf{.floating_base = floating_base};
  auto doc = io::read_model_document_text(text, source, urdf);
  doc.completed = application::consistent_initial_state(doc);
  return std::make_shared<Model>(Model{std::move(doc), text, source, urdf});
}

py::dict parameters(const Model& m) {
  py::dict out;
  for (const auto& p : m.doc.system.parameters())
    out[py::str(p.symbol.get_name())] = p.value ? py::cast(*p.value) : py::none();
  return out;
}

py::dict inputs(const Model& m) {
  py::dict out;
  for (const auto& i : m.doc.system.inputs()) out[py::str(i.symbol.get_name())] = i.value;
  return out;
}

py::dict settings(const io::SimulationSetup& s) {
  py::dict out;
  auto put = [&](const char* key, const auto& value) {
    if (value) out[key] = *value;
  };
  put("t_end", s.t_end), put("output_step", s.output_step), put("rtol", s.rtol), put("atol", s.atol);
  put("baumgarte", s.baumgarte), put("method", s.method), put("integrator", s.integrator), put("projection", s.projection);
  put("step", s.step);
  return out;
}

Equations derive(const std::shared_ptr<Model>& m, const std::string& method, const std::vector<std::string>& dependent) {
  auto system = m->doc.system;
  application::set_dependent_speeds(system, dependent);
  return Equations{analysis::derive_without_redundant_rows(system, method), m};
}

// A random state near the initial configuration, consistent with the constraints (adyn compare's).
py::tuple random_state(const Model& m, unsigned seed, double spread) {
  std::mt19937 rng(seed);
  const auto x = analysis::random_consistent_state_near(m.doc.system, m.doc.system.reference_configuration(), rng, spread);
  return py::make_tuple(x.t, x.q, x.u);
}

void bind_classification(py::module_& m) {
  py::class_<analysis::ConstraintReport>(m, "ConstraintReport", "One constraint's classification")
      .def_readonly("name", &analysis::ConstraintReport::name)
      .def_property_readonly("level",
                             [](const analysis::ConstraintReport& r) {
                               switch (r.level) {
                                 case model::ConstraintLevel::Configuration: return "configuration";
                                 case model::ConstraintLevel::Velocity: return "velocity";
                                 default: return "general";
                               }
                             })
      .def_readonly("linear_in_velocities", &analysis::ConstraintReport::linear_in_velocities)
      .def_readonly("exact", &analysis::ConstraintReport::exact)
      .def_readonly("integrable", &analysis::ConstraintReport::integrable)
      .def_readonly("holonomic", &analysis::ConstraintReport::holonomic)
      .def_readonly("rheonomic", &analysis::ConstraintReport::rheonomic)
      .def_readonly("catastatic", &analysis::ConstraintReport::catastatic)
      .def_readonly("conservative", &analysis::ConstraintReport::conservative)
      .def_readonly("redundant", &analysis::ConstraintReport::redundant)
      .def_readonly("inconsistent", &analysis::ConstraintReport::inconsistent)
      .def_property_readonly("homogeneity_degree", [](const analysis::ConstraintReport& r) { return r.homogeneity_degree; })
      .def("__repr__", [](const analysis::ConstraintReport& r) { return "<ConstraintReport '" + r.name + "'>"; });
  py::class_<analysis::ConstraintClassification>(m, "Classification",
                                                 "The constraints' classification and the degrees of freedom")
      .def_readonly("constraints", &analysis::ConstraintClassification::constraints)
      .def_readonly("coordinates", &analysis::ConstraintClassification::coordinates)
      .def_readonly("integrals", &analysis::ConstraintClassification::integrals)
      .def_readonly("velocity_rank", &analysis::ConstraintClassification::velocity_rank)
      .def_readonly("configuration_dof", &analysis::ConstraintClassification::configuration_dof)
      .def_readonly("velocity_dof", &analysis::ConstraintClassification::velocity_dof)
      .def_readonly("holonomic_system", &analysis::ConstraintClassification::holonomic_system)
      .def("__str__", [](const analysis::ConstraintClassification& c) { return analysis::to_string(c); });
}

// The initial state a simulation starts from, with `initial` over the model's initial conditions:
// {q, u, completed, branches, messages} as `adyn check --json` gives it.
py::object initial_state(const Model& x, const py::dict& initial) {
  auto doc = x.doc;
  for (const auto& [name, value] : initial) set_initial(doc, py::str(name).cast<std::string>(), value.cast<double>());
  const auto json = application::initial_state_json(doc.system, application::initial_state(doc)).dump();
  return py::module_::import("json").attr("loads")(json);
}

py::tuple pickled(const Model& x) {
  std::map<std::string, double> values;
  for (const auto& p : x.doc.system.parameters())
    if (p.value) values[p.symbol.get_name()] = *p.value;
  std::vector<std::string> in_parameters;  // those still following the parameters
  for (const auto& [name, written] : x.doc.setup.initial_in_parameters) in_parameters.push_back(name);
  return py::make_tuple(x.text, x.source, values, x.doc.setup.initial, in_parameters, x.urdf.floating_base);
}

std::shared_ptr<Model> unpickled(const py::tuple& t) {
  if (t.size() != 5 && t.size() != 6) throw Error("adyn.Model: malformed pickle");
  auto x = from_text(t[0].cast<std::string>(), t[1].cast<std::string>(), t.size() == 6 && t[5].cast<bool>());
  x->doc.system.set_parameter_values(t[2].cast<std::map<std::string, double>>());
  x->doc.setup.initial = t[3].cast<std::map<std::string, double>>();
  const auto in_parameters = t[4].cast<std::vector<std::string>>();
  std::erase_if(x->doc.setup.initial_in_parameters, [&](const auto& entry) {
    return std::find(in_parameters.begin(), in_parameters.end(), entry.first) == in_parameters.end();
  });
  return x;
}

}  // namespace

void set_initial(io::ModelDocument& doc, const std::string& name, double value) {
  const auto& s = doc.system;
  auto known = names(s.coordinates());
  for (const auto& u : names(s.speeds())) known.push_back(u);
  if (std::find(known.begin(), known.end(), name) == known.end())
    throw ModelError("initial condition '" + name + "'", "is not a coordinate or a speed of the model");
  doc.setup.initial[name] = value;
  doc.setup.initial_in_parameters.erase(name);  // the value set, no longer the expression
}

void bind_model(py::module_& m) {
  m.def("method_names", &formulations::method_names, "The formulations by name, in adyn compare's order");
  m.attr("DEFAULT_METHOD") = formulations::default_method;
  m.attr("DEFAULT_METHOD_IN_SPEEDS") = formulations::default_method_in_speeds;
  m.def("integrator_names", &numeric::integrator_names, "The integrators by name (Equations.simulate's integrator)");
  m.def("backend_names", &numeric::backend_names, "The backends by name (Equations.compile's backend)");
  m.def("select_methods", [](const std::vector<std::string>& methods, const std::vector<std::string>& skip) {
    return formulations::select_methods(methods, skip, "methods", "skip");
  }, py::arg("methods"), py::arg("skip"),
        "The methods adyn.compare runs: `methods` in that order (all when empty) without `skip`; ModelError for a "
        "name that is not a method, a name given twice, both given, or nothing left");
  bind_classification(m);
  py::class_<Model, std::shared_ptr<Model>>(m, "Model", "A mechanical system with its initial conditions and settings")
      .def_static("load", &load, py::arg("path"), py::arg("floating_base") = false,
                  "Reads a model file (docs/model-format.md) or a robot description (.urdf, docs/urdf.md; "
                  "floating_base: its root link on a free joint)")
      .def_static("from_text", &from_text, py::arg("text"), py::arg("source") = "<model>", py::arg("floating_base") = false,
                  "Reads a model from YAML (or JSON) text, or URDF when `source` ends in .urdf; `source` names it in "
                  "error messages")
      .def_property_readonly("name", [](const Model& x) { return x.doc.system.name(); })
      .def_property_readonly("text", [](const Model& x) { return x.text; }, "The text the model was read from")
      .def_property_readonly("source", [](const Model& x) { return x.source; })
      .def_property_readonly("coordinates", [](const Model& x) { return names(x.doc.system.coordinates()); })
      .def_property_readonly("speeds", [](const Model& x) { return names(x.doc.system.speeds()); })
      .def_property_readonly("parameters", &parameters, "{name: value (None when the model gives none)}")
      .def_property_readonly("inputs", &inputs, "{name: value}: the model's inputs and their values (0 unless given)")
      .def_property_readonly("outputs", [](const Model& x) {
        std::vector<std::string> out;
        for (const auto& o : x.doc.system.outputs()) out.push_back(o.name);
        return out;
      }, "The names of the model's outputs (recorded by simulations, the rows of linearize's C and D)")
      .def_property_readonly("initial", [](const Model& x) { return io::initial_conditions(x.doc); },
                             "{name: value}: the initial conditions at the current parameter values")
      .def_property_readonly("settings", [](const Model& x) { return settings(x.doc.setup); },
                             "The model file's simulation settings")
      .def("set_parameter", [](Model& x, const std::string& name, double value) {
             x.doc.system.set_parameter_value(name, value);
           }, py::arg("name"), py::arg("value"),
           "Sets a parameter's value; raises adyn.ModelError, leaving it unchanged, for a value that is not finite or "
           "that makes a mass, an inertia or a coefficient unphysical")
      .def("set_parameters", [](Model& x, const std::map<std::string, double>& values) {
             x.doc.system.set_parameter_values(values);
           }, py::arg("values"), "Sets parameters' values {name: value} together, checked as set_parameter: all or none")
      .def("set_initial", [](Model& x, const std::string& name, double value) { set_initial(x.doc, name, value); },
           py::arg("name"), py::arg("value"), "Sets the initial value of a coordinate or speed")
      .def("initial_state", &initial_state, py::arg("initial") = py::dict(),
           "The initial state a simulation starts from (`initial` over the model's initial conditions): {'q': {name: "
           "value}, 'u': {...}, 'completed': [{'name', 'given', 'before', 'after', 'constraints'}], 'branches': "
           "[{'names', 'taken', 'other', 'constraints'}], 'messages': [...]}: given values are kept, the others "
           "completed to satisfy the constraints")
      .def("classify", [](const Model& x, int samples, double tolerance, unsigned seed) {
             analysis::ClassificationOptions o;
             o.samples = samples, o.tolerance = tolerance, o.seed = seed;
             return analysis::classify_constraints(x.doc.system, o);
           }, py::arg("samples") = 3, py::arg("tolerance") = 1e-8, py::arg("seed") = 20261122)
      .def("derive", &derive, py::arg("method") = formulations::default_method, py::arg("dependent") = std::vector<std::string>{},
           "The equations of motion by a formulation (adyn.method_names()); `dependent` chooses the speeds that "
           "Kane's, Gibbs-Appell's and Maggi's equations eliminate")
      .def("random_state", &random_state, py::arg("seed") = 20240607, py::arg("spread") = 0.2,
           "(t, q, u): random, near the initial configuration, consistent with the constraints")
      .def("copy", [](const Model& x) { return std::make_shared<Model>(x); })
      .def(py::pickle(&pickled, &unpickled))
      .def("__repr__", [](const Model& x) { return "<adyn.Model '" + x.doc.system.name() + "' from " + x.source + ">"; });
}

}  // namespace adyn::python
