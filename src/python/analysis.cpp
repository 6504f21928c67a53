// Linearization, eigenanalysis, eigenvalue sweeps and equilibria of a model, as `adyn linearize`,
// `adyn eigen` and `adyn equilibrium` compute them (the same operating point: the initial
// conditions, the model's operating_point, then the given assignments), with NumPy results.
#include <pybind11/complex.h>
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <sstream>

#include "adyn/analysis/equilibrium.hpp"
#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/analysis/stability_sweep.hpp"
#include "adyn/application/linearization.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/number_forms.hpp"
#include "adyn/symbolic/printers.hpp"
#include "bindings.hpp"

namespace adyn::python {
namespace {

using application::Linearization;  // its notes are Python's warnings

Linearization linearize(const Model& m, const std::string& method, const py::dict& at, bool rest,
                        const std::vector<std::string>& dependent,
                        const std::optional<std::vector<std::string>>& symbolic_parameters) {
  return application::linearize_model(m.doc, method, assignments(at), rest, dependent, symbolic_parameters);
}

Linearization linearize_equations(const Equations& e, const py::dict& at, bool rest,
                                  const std::optional<std::vector<std::string>>& symbolic_parameters) {
  return application::linearize_equations(e.model->doc, e.eom, assignments(at), rest, symbolic_parameters);
}

// The model's parameter values with those of `given` ({name: value}) over them, checked together.
GiNaC::exmap parameter_values(const Linearization& l, const py::dict& given) {
  auto system = l.doc.system;
  system.set_parameter_values(given.cast<std::map<std::string, double>>());
  return system.parameter_values();
}

// The symbolic matrices evaluated at the model's parameter values (the 0 × 0 ones left out).
py::dict matrices(const Linearization& l) {
  const auto& lin = l.lin;
  const auto values = l.doc.system.parameter_values();
  py::dict out;
  for (const auto& [name, matrix] : {std::pair{"Nq", &lin.Nq}, {"Nu", &lin.Nu}, {"M", &lin.M}, {"Fq", &lin.Fq},
                                     {"Fu", &lin.Fu}, {"Nw", &lin.Nw}, {"Fw", &lin.Fw}, {"C", &lin.C}, {"G", &lin.G},
                                     {"K", &lin.K}, {"N", &lin.N}, {"Cq", &lin.Cq}, {"Cu", &lin.Cu},
                                     {"Dw", &lin.Dw}})
    if (matrix->rows() > 0 && matrix->cols() > 0) out[name] = sym::evaluate(*matrix, values, name);
  return out;
}

std::string latex(const Linearization& l) {
  const auto& lin = l.lin;
  auto to_latex = [](const GiNaC::matrix& m) { return sym::to_latex(sym::decimal_numbers(m)); };
  std::ostringstream out;
  if (lin.has_second_order_form())
    out << "M = " << to_latex(lin.M) << ",\\quad C = " << to_latex(lin.C) << ",\\quad G = " << to_latex(lin.G)
        << ",\\quad K = " << to_latex(lin.K) << ",\\quad N = " << to_latex(lin.N);
  else
    out << "N_q = " << to_latex(lin.Nq) << ",\\quad N_u = " << to_latex(lin.Nu) << ",\\quad M = " << to_latex(lin.M)
        << ",\\quad F_q = " << to_latex(lin.Fq) << ",\\quad F_u = " << to_latex(lin.Fu);
  return out.str();
}

void bind_eigenanalysis(py::module_& m) {
  using analysis::Eigenanalysis;
  py::class_<Eigenanalysis>(m, "Eigenanalysis", "Eigenvalues of the state matrix and the stability verdict")
      .def_readonly("eigenvalues", &Eigenanalysis::eigenvalues, "sorted by imaginary part")
      .def_readonly("modes", &Eigenanalysis::modes, "state-space eigenvectors (columns)")
      .def_property_readonly("natural_frequencies", [](const Eigenanalysis& a) {
        std::vector<double> out;
        for (const auto& mode : a.table) out.push_back(mode.natural_frequency);
        return out;
      })
      .def_property_readonly("damping_ratios", [](const Eigenanalysis& a) {
        std::vector<double> out;
        for (const auto& mode : a.table) out.push_back(mode.damping_ratio);
        return out;
      })
      .def_readonly("frequencies", &Eigenanalysis::frequencies, "Im lambda > 0 of the oscillatory pairs (rad/s)")
      .def_readonly("spectral_abscissa", &Eigenanalysis::spectral_abscissa)
      .def_readonly("stable", &Eigenanalysis::stable)
      .def_readonly("asymptotically_stable", &Eigenanalysis::asymptotically_stable)
      .def_readonly("secular", &Eigenanalysis::secular)
      .def_property_readonly("verdict", &analysis::stability_verdict);
}

// Re-projected guesses: the operating point of each assignment mapping over the initial state.
std::vector<py::dict> equilibria(const Model& m, const std::string& method, const std::vector<py::dict>& guesses,
                                 const std::vector<std::string>& free) {
  const auto eom = analysis::derive_without_redundant_rows(m.doc.system, method);
  std::vector<formulations::State> starts{application::operating_point(m.doc, eom, {}).state};
  for (const auto& g : guesses) starts.push_back(application::operating_point(m.doc, eom, assignments(g)).state);
  analysis::EquilibriumOptions options;
  options.unknowns = application::unknowns_named(eom, free, "unknown");
  std::vector<analysis::Equilibrium> found;
  {
    found = analysis::find_equilibria(m.doc.system, eom, starts, m.doc.system.parameter_values(), options);
  }
  std::vector<py::dict> out;
  for (const auto& e : found) {
    py::dict d;
    d["q"] = e.state.q, d["u"] = e.state.u, d["multipliers"] = e.multipliers;
    d["residual"] = e.residual, d["iterations"] = e.iterations;
    d["coordinates"] = names(eom.coordinates), d["speeds"] = names(eom.speeds);
    out.push_back(d);
  }
  return out;
}

}  // namespace

void bind_analysis(py::module_& m) {
  bind_eigenanalysis(m);
  py::class_<Linearization>(m, "Linearization",
                            "The linearized equations about an operating point: dq' = Nq dq + Nu du, M du' = Fq dq + Fu du "
                            "(and M dq'' + (C + G) dq' + (K + N) dq = 0 when du = dq')")
      .def_property_readonly("method", [](const Linearization& l) { return l.eom.method; })
      .def_property_readonly("state_names", [](const Linearization& l) { return l.lin.state_names(); })
      .def_property_readonly("coordinates", [](const Linearization& l) { return names(l.lin.coordinates); })
      .def_property_readonly("speeds", [](const Linearization& l) { return names(l.lin.speeds); })
      .def_property_readonly("dependent", [](const Linearization& l) { return names(l.lin.dependent); })
      .def_property_readonly("ignorable", [](const Linearization& l) { return names(l.lin.ignorable); })
      .def_property_readonly("has_second_order_form", [](const Linearization& l) { return l.lin.has_second_order_form(); })
      .def_property_readonly("warnings", [](const Linearization& l) { return l.notes; },
                             "The warnings of the linearization (an operating point that is not stationary)")
      .def_property_readonly("input_names", [](const Linearization& l) { return l.lin.input_names(); },
                             "The model's inputs: the columns of B and D")
      .def_property_readonly("output_names", [](const Linearization& l) { return l.lin.output_names(); },
                             "The outputs, the rows of C and D: the model's outputs, else the states")
      .def_property_readonly("A", [](const Linearization& l) {
        return analysis::state_matrix(l.lin, l.doc.system.parameter_values());
      }, "The state matrix at the model's parameter values: dx' = A dx + B dw")
      .def_property_readonly("B", [](const Linearization& l) {
        return analysis::input_matrix(l.lin, l.doc.system.parameter_values());
      }, "The input matrix (states x inputs) at the model's parameter and input values")
      .def_property_readonly("C", [](const Linearization& l) {
        return analysis::output_matrix(l.lin, l.doc.system.parameter_values());
      }, "The output matrix dy/dx (outputs x states) at the model's parameter and input values; the identity "
         "without outputs")
      .def_property_readonly("D", [](const Linearization& l) {
        return analysis::feedthrough_matrix(l.lin, l.doc.system.parameter_values());
      }, "The feedthrough matrix dy/dw (outputs x inputs); zero without outputs")
      .def("matrices", &matrices,
           "{'Nq', 'Nu', 'M', 'Fq', 'Fu' (and 'C', 'G', 'K', 'N'; 'Nw', 'Fw' with inputs; 'Cq', 'Cu' with outputs, "
           "'Dw' with both)} at the parameter values")
      .def("latex", &latex, "The symbolic matrices in LaTeX")
      .def("stationarity_residual", [](const Linearization& l) {
        return analysis::stationarity_residual(l.lin, l.doc.system.parameter_values());
      })
      .def("eigen", [](const Linearization& l, const py::dict& parameters) {
        return analysis::eigenanalysis(l.lin, parameter_values(l, parameters));
      }, py::arg("parameters") = py::dict(), "The eigenanalysis at the model's parameter values, or at those given")
      .def("sweep", [](const Linearization& l, const std::string& parameter, const std::vector<double>& values) {
             const auto& system = l.doc.system;
             const auto p = application::parameter_named(system, parameter, "sweep of '" + parameter + "'");
             application::check_sweep_values(system, p, values, "sweep of '" + parameter + "'");
             const auto params = system.parameter_values();
             auto points = analysis::eigenvalue_sweep(l.lin, params, p, values);
             auto boundaries = values.size() < 2 ? std::vector<analysis::StabilityBoundary>{}
                                                 : analysis::stability_boundaries(l.lin, params, p, values.front(),
                                                                                  values.back(), static_cast<int>(values.size()));
             std::vector<analysis::Eigenanalysis> analyses;
             for (auto& point : points) analyses.push_back(std::move(point.analysis));
             std::vector<std::pair<double, bool>> b;
             for (const auto& x : boundaries) b.emplace_back(x.value, x.stable_above);
             return py::make_tuple(analyses, b);
           }, py::arg("parameter"), py::arg("values"),
           "(eigenanalyses at each value, [(boundary, stable above)]); values ascending, equally spaced for the "
           "boundaries' bracketing");
  m.def("linearize", &linearize, py::arg("model"), py::arg("method"), py::arg("at"), py::arg("rest"),
        py::arg("dependent"), py::arg("symbolic_parameters"));
  m.def("linearize_equations", &linearize_equations, py::arg("equations"), py::arg("at"), py::arg("rest"),
        py::arg("symbolic_parameters"));
  m.def("equilibria", &equilibria, py::arg("model"), py::arg("method"), py::arg("guesses"), py::arg("free"));
}

}  // namespace adyn::python
