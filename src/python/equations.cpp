// adyn.Equations: equations of motion M u' = F (+ G^T lambda), G u' = g, q' = N u + n as text,
// LaTeX, C and the CLI's JSON; evaluated at states; pickled as GiNaC archives.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

#include "adyn/application/equations_report.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/equations_archive.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/formulations/printing.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "bindings.hpp"

namespace adyn::python {
namespace {

using formulations::EquationsOfMotion;

// The equations as printed: a robot's by its tree's recursions, else simplified (formulations::printable).
EquationsOfMotion printable(const Equations& e) { return formulations::printable(e.model->doc.system, e.eom); }

std::string report(const Equations& e, application::EquationsFormat format) {
  std::ostringstream out;
  application::write_equations(printable(e), format, out);
  return out.str();
}

std::string json(const Equations& e, bool simplify) {
  auto j = application::equations_json(simplify ? printable(e) : e.eom);
  j["system"] = e.model->doc.system.name();
  return j.dump(2);
}

// t, q and u finite, each value that is not named.
void check_finite(double t, const Eigen::VectorXd& q, const std::vector<GiNaC::symbol>& coordinates,
                  const Eigen::VectorXd& u, const std::vector<GiNaC::symbol>& speeds) {
  auto finite = [&](double value, const std::string& name) {
    if (!std::isfinite(value)) throw ModelError("state", name + " is " + std::to_string(value) + ", not a finite number");
  };
  finite(t, "t");
  for (std::size_t i = 0; i < coordinates.size(); ++i) finite(q(static_cast<Eigen::Index>(i)), coordinates[i].get_name());
  for (std::size_t i = 0; i < speeds.size(); ++i) finite(u(static_cast<Eigen::Index>(i)), speeds[i].get_name());
}

formulations::State state(const Equations& e, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) {
  if (static_cast<std::size_t>(q.size()) != e.eom.n() || static_cast<std::size_t>(u.size()) != e.eom.p())
    throw ModelError("state", "expected " + std::to_string(e.eom.n()) + " coordinates and " +
                                  std::to_string(e.eom.p()) + " speeds of the " + e.eom.method + " equations, got " +
                                  std::to_string(q.size()) + " and " + std::to_string(u.size()));
  check_finite(t, q, e.eom.coordinates, u, e.eom.speeds);
  return {t, q, u};
}

// (t, q, u) of the equations from a state of the model (its coordinates and speeds).
py::tuple state_of(const Equations& e, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  const auto& system = e.model->doc.system;
  const auto speeds = system.speeds();
  if (static_cast<std::size_t>(q.size()) != system.coordinates().size() || static_cast<std::size_t>(u.size()) != speeds.size())
    throw ModelError("state", "expected " + std::to_string(system.coordinates().size()) + " coordinates and " +
                                  std::to_string(speeds.size()) + " speeds of the model, got " + std::to_string(q.size()) +
                                  " and " + std::to_string(u.size()));
  check_finite(t, q, system.coordinates(), u, speeds);
  const auto x = formulations::state_for(e.eom, system, t, q, u);
  return py::make_tuple(x.t, x.q, x.u);
}

// M, F, G, g and q' at a state of the equations (their own speeds).
py::dict evaluate(const Equations& e, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  const auto values = formulations::state_values(e.eom, state(e, t, q, u), e.model->doc.system.parameter_values());
  py::dict out;
  out["M"] = sym::evaluate(e.eom.mass_matrix, values, "M");
  out["F"] = Eigen::VectorXd(sym::evaluate(e.eom.forcing, values, "F"));
  out["qdot"] = Eigen::VectorXd(sym::evaluate(e.eom.coordinate_rates, values, "q'"));
  if (e.eom.constraint_matrix.rows() > 0) {
    out["G"] = sym::evaluate(e.eom.constraint_matrix, values, "G");
    out["g"] = Eigen::VectorXd(sym::evaluate(e.eom.constraint_rhs, values, "g"));
  }
  return out;
}

py::tuple accelerations(const Equations& e, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
  const auto a = formulations::solve(e.eom, state(e, t, q, u), e.model->doc.system.parameter_values());
  return py::make_tuple(a.udot, a.lambda);
}

py::tuple pickled(const Equations& e) {
  return py::make_tuple(py::cast(e.model), py::bytes(formulations::archive_equations(e.eom, e.model->doc.system)));
}

Equations unpickled(const py::tuple& t) {
  if (t.size() != 2) throw Error("adyn.Equations: malformed pickle");
  auto model = t[0].cast<std::shared_ptr<Model>>();
  return Equations{formulations::unarchive_equations(t[1].cast<std::string>(), model->doc.system), model};
}

}  // namespace

void bind_equations(py::module_& m) {
  py::class_<Equations>(m, "Equations", "Equations of motion M u' = F (+ G^T lambda), G u' = g, q' = N u + n")
      .def_property_readonly("method", [](const Equations& e) { return e.eom.method; })
      .def_property_readonly("form", [](const Equations& e) { return formulations::equation_form(e.eom); })
      .def_property_readonly("model", [](const Equations& e) { return e.model; })
      .def_property_readonly("coordinates", [](const Equations& e) { return names(e.eom.coordinates); })
      .def_property_readonly("speeds", [](const Equations& e) { return names(e.eom.speeds); },
                             "The speeds integrated (independent ones when the method eliminates the others)")
      .def_property_readonly("multipliers", [](const Equations& e) { return names(e.eom.multipliers); })
      .def_property_readonly("multiplier_constraints", [](const Equations& e) { return e.eom.multiplier_names; })
      .def_property_readonly("dependent_speeds", [](const Equations& e) { return names(e.eom.dependent_speeds); })
      .def_property_readonly("numeric_dependent_speeds", [](const Equations& e) { return names(e.eom.numeric_dependent_speeds); },
                             "Dependent speeds solved numerically at run time (more than the symbolic limit), as "
                             "chosen at the initial state; empty when eliminated symbolically")
      .def_property_readonly("dropped_constraints", [](const Equations& e) { return e.eom.dropped_constraints; },
                             "constraints left out before deriving: redundant wherever the constraints hold")
      .def_property_readonly("parameters", [](const Equations& e) { return names(formulations::parameters_of(e.eom)); })
      .def("text", [](const Equations& e) { return report(e, application::EquationsFormat::Text); },
           "adyn derive's text report (trigonometrically simplified)")
      .def("latex", [](const Equations& e) { return formulations::to_latex(printable(e)); },
           "An aligned LaTeX block: M, F (G, g, dependent speeds, q' when not trivial)")
      .def("c", [](const Equations& e, const std::string& name) {
             return formulations::to_c(printable(e), name);
           }, py::arg("name") = "eom", "C source of the equations after common-subexpression elimination")
      .def("json", &json, py::arg("simplify") = true, "adyn derive --format json: as derive prints them (simplify=True: a robot's M and F by its tree's recursions, other equations trigonometrically simplified), or as derived")
      .def("evaluate", &evaluate, py::arg("q"), py::arg("u"), py::arg("t") = 0.0,
           "{'M', 'F', 'qdot' (and 'G', 'g')} at a state of these equations, at the model's parameter values")
      .def("accelerations", &accelerations, py::arg("q"), py::arg("u"), py::arg("t") = 0.0, "(u', lambda) at a state")
      .def("coordinate_accelerations", [](const Equations& e, const Eigen::VectorXd& q, const Eigen::VectorXd& u, double t) {
             return Eigen::VectorXd(formulations::coordinate_accelerations(e.eom, state(e, t, q, u),
                                                                           e.model->doc.system.parameter_values()));
           }, py::arg("q"), py::arg("u"), py::arg("t") = 0.0, "q'' at a state")
      .def("state_of", &state_of, py::arg("q"), py::arg("u"), py::arg("t") = 0.0,
           "(t, q, u) of these equations from a state of the model (its coordinates and speeds)")
      .def("copy", [](const Equations& e) { return Equations{e.eom, std::make_shared<Model>(*e.model), e.cache}; },
           "The same equations with a copy of the model (parameters and initial conditions of its own); the "
           "compiled code is shared")
      .def(py::pickle(&pickled, &unpickled))
      .def("__repr__", [](const Equations& e) {
        return "<adyn.Equations " + e.eom.method + " of '" + e.model->doc.system.name() + "': " +
               formulations::equation_form(e.eom) + ">";
      });
}

}  // namespace adyn::python
