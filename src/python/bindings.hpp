#pragma once
// The Python module `adyn._adyn` (pybind11): the library's model, formulations, simulation and
// analyses as Python objects, NumPy arrays for numbers and adyn's exceptions as Python exceptions.
// The pure-Python package around it (src/python/adyn) adds the SymPy bridge, the model builder,
// comparisons and ensembles on Dask. One file per concept: errors, model, equations, simulation,
// analysis, animation. Every call holds the GIL: GiNaC is not thread-safe.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::python {

namespace py = pybind11;

/// A model document (the system, its initial conditions and simulation settings) and the text it
/// was read from, which pickles it (the text and the parameter values set since).
struct Model {
  io::ModelDocument doc;
  std::string text, source;
};

/// Equations of motion with the model they were derived from (for its current parameter values).
struct Equations {
  formulations::EquationsOfMotion eom;
  std::shared_ptr<Model> model;
};

/// The CLI's NAME=EXPR assignments from a Python mapping {name: number or expression text}.
std::vector<std::string> assignments(const py::dict& values);

/// The names of symbols.
std::vector<std::string> names(const std::vector<GiNaC::symbol>& symbols);

/// Sets a coordinate's or speed's initial value; throws adyn::ModelError for another name.
void set_initial(io::ModelDocument& doc, const std::string& name, double value);

void bind_errors(py::module_& m);
void bind_model(py::module_& m);
void bind_equations(py::module_& m);
void bind_simulation(py::module_& m);
void bind_analysis(py::module_& m);
void bind_animation(py::module_& m);

}  // namespace adyn::python
