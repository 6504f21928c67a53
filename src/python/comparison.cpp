// adyn.compare: `adyn compare`'s comparison (application/comparison.hpp) in this process — every
// formulation on one model, the agreement of q'' at random consistent states — as an
// adyn.Comparison whose str() is a table of the methods.
#include <pybind11/stl.h>

#include <cstdio>

#include "adyn/application/comparison.hpp"
#include "adyn/formulations/methods.hpp"
#include "bindings.hpp"

namespace adyn::python {
namespace {

using application::Comparison;
using application::MethodResult;

// "System: ...", then one row per method: its name, the derivation's milliseconds and the verdict.
std::string table(const Comparison& c) {
  std::string out = "System: " + c.system;
  char row[64];
  std::snprintf(row, sizeof row, "\n%-22s%12s  ", "method", "derive (ms)");
  out += std::string(row) + "max rel. difference";
  for (const auto& m : c.methods) {
    std::snprintf(row, sizeof row, "%12.1f  ", 1e3 * m.derive_seconds);
    out += "\n" + m.name + std::string(m.name.size() < 22 ? 22 - m.name.size() : 0, ' ') + row +
           application::verdict_text(m, c, 0);
    if (!m.note.empty()) out += "\n" + std::string(22, ' ') + m.note;
  }
  return out;
}

Comparison compare(const Model& model, const std::vector<std::string>& methods, const std::vector<std::string>& skip,
                   int states, unsigned seed, double tolerance) {
  const auto selected = formulations::select_methods(methods, skip, "methods", "skip");
  const auto& system = model.doc.system;
  const application::ComparisonOptions options{.states = states, .tolerance = tolerance, .seed = seed};
  return application::compare(
      system, selected, options,
      [&](const std::string& method, const auto& at) { return application::run_method(system, method, at); },
      [](const MethodResult&, const Comparison&) {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();  // Ctrl-C between methods
      });
}

}  // namespace

void bind_comparison(py::module_& m) {
  py::class_<MethodResult>(m, "MethodResult", "One method of a comparison")
      .def_readonly("method", &MethodResult::name)
      .def_readonly("derive_seconds", &MethodResult::derive_seconds)
      .def_readonly("operations", &MethodResult::operations,
                    "Operations of one evaluation of the equations, each common subexpression once")
      .def_readonly("not_applicable", &MethodResult::not_applicable, "Why the method does not treat this system")
      .def_readonly("failure", &MethodResult::failure, "Why it failed (derivation or evaluation)")
      .def_readonly("difference", &MethodResult::difference, "Max relative difference of q'' from the reference")
      .def_readonly("note", &MethodResult::note, "The constraints left out as redundant, and why ('' for none)")
      .def("__repr__", [](const MethodResult& r) { return "<adyn.MethodResult '" + r.name + "'>"; });
  py::class_<Comparison>(m, "Comparison", "Every formulation on one model (adyn.compare)")
      .def_readonly("system", &Comparison::system)
      .def_readonly("reference", &Comparison::reference, "The first method evaluated ('' for none)")
      .def_readonly("tolerance", &Comparison::tolerance)
      .def_readonly("methods", &Comparison::methods)
      .def_property_readonly("agree", &Comparison::agree,
                             "Every applicable method evaluated and within the tolerance of the reference")
      .def("verdict", [](const Comparison& c, const MethodResult& r) { return application::verdict_text(r, c, 0); },
           py::arg("method"), "A method's verdict: 'reference', '1.2e-15 agrees', 'n/a: ...', 'FAILED: ...'")
      .def("__str__", &table)
      .def("__repr__", [](const Comparison& c) { return "<adyn.Comparison of '" + c.system + "'>"; });
  m.def("compare", &compare, py::arg("model"), py::arg("methods"), py::arg("skip"), py::arg("states"), py::arg("seed"),
        py::arg("tolerance"), "adyn.compare documents it");
}

}  // namespace adyn::python
