// PYBIND11_MODULE(_adyn): the compiled part of the Python package `adyn` (see bindings.hpp).
#include "bindings.hpp"

namespace adyn::python {

application::Assignments assignments(const py::dict& values) {
  application::Assignments out;
  for (const auto& [name, value] : values) {
    application::Assignment given{py::str(name).cast<std::string>(), py::str(value).cast<std::string>()};
    if (!py::isinstance<py::str>(value)) {  // a number (float(value)), else an expression: its text
      const double number = PyFloat_AsDouble(value.ptr());
      if (number == -1.0 && PyErr_Occurred()) PyErr_Clear();
      else given.value = number;
    }
    out.push_back(std::move(given));
  }
  return out;
}

std::vector<std::string> names(const std::vector<GiNaC::symbol>& symbols) {
  std::vector<std::string> out;
  for (const auto& s : symbols) out.push_back(s.get_name());
  return out;
}

}  // namespace adyn::python

PYBIND11_MODULE(_adyn, m) {
  m.doc() = "adyn: analytical dynamics of constrained mechanical systems (compiled core)";
  adyn::python::bind_errors(m);
  adyn::python::bind_model(m);
  adyn::python::bind_equations(m);
  adyn::python::bind_compiled(m);
  adyn::python::bind_rigid_body(m);
  adyn::python::bind_simulation(m);
  adyn::python::bind_analysis(m);
  adyn::python::bind_comparison(m);
  adyn::python::bind_animation(m);
}
