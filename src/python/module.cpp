// PYBIND11_MODULE(_adyn): the compiled part of the Python package `adyn` (see bindings.hpp).
#include "bindings.hpp"

namespace adyn::python {

std::vector<std::string> assignments(const py::dict& values) {
  std::vector<std::string> out;
  for (const auto& [name, value] : values)
    out.push_back(py::str(name).cast<std::string>() + "=" + py::str(value).cast<std::string>());
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
  adyn::python::bind_animation(m);
}
