#pragma once
// The Python module `adyn._adyn` (pybind11): the library's model, formulations, simulation and
// analyses as Python objects, NumPy arrays for numbers and adyn's exceptions as Python exceptions.
// The pure-Python package around it (src/python/adyn) adds the SymPy bridge, the model builder
// and ensembles on Dask. One file per concept: errors, model, equations, simulation, analysis,
// comparison, animation; what they share with the command line is the application layer's
// (include/adyn/application). Every call holds the GIL: GiNaC is not thread-safe.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "adyn/application/assignment.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/compiled_system.hpp"

namespace adyn::python {

namespace py = pybind11;

/// A model document (the system, its initial conditions and simulation settings) and the text it
/// was read from, which pickles it (the text and the parameter values set since).
struct Model {
  io::ModelDocument doc;
  std::string text, source;
  io::UrdfOptions urdf{};  // how a robot description was read (floating_base)
};

/// The equations compiled (numeric::CompiledSystem), once per compile options, shared by the copies
/// of an adyn.Equations: every later run only sets parameter values and initial states.
struct CompiledCache {
  std::vector<std::pair<numeric::CompileOptions, std::shared_ptr<const numeric::CompiledSystem>>> entries;
};

/// Equations of motion with the model they were derived from (for its current parameter values).
struct Equations {
  formulations::EquationsOfMotion eom;
  std::shared_ptr<Model> model;
  std::shared_ptr<CompiledCache> cache = std::make_shared<CompiledCache>();

  /// The equations compiled with `options`: compiled at the first call, then kept.
  std::shared_ptr<const numeric::CompiledSystem> compiled(const numeric::CompileOptions& options) const;
};

/// A compiled handle (adyn.Equations.compile): the compiled system, the equations and a model of its
/// own (parameter values and initial conditions), and a workspace for evaluations at states.
struct CompiledEquations {
  Equations equations;
  std::shared_ptr<const numeric::CompiledSystem> system;
  numeric::EquationsEvaluator workspace;
};

/// The model's current parameter values in the compiled system's order.
std::vector<double> parameter_values(const numeric::CompiledSystem& compiled, const model::System& system);

/// Given values from a Python mapping {name: number or expression text} (a value neither a number
/// nor a string: its str(), as an expression).
application::Assignments assignments(const py::dict& values);

/// The names of symbols.
std::vector<std::string> names(const std::vector<GiNaC::symbol>& symbols);

/// Sets a coordinate's or speed's initial value; throws adyn::ModelError for another name.
void set_initial(io::ModelDocument& doc, const std::string& name, double value);

void bind_errors(py::module_& m);
void bind_model(py::module_& m);
void bind_equations(py::module_& m);
void bind_compiled(py::module_& m);
void bind_rigid_body(py::module_& m);  // after bind_compiled: methods of adyn.Compiled
void bind_simulation(py::module_& m);
void bind_analysis(py::module_& m);
void bind_comparison(py::module_& m);
void bind_animation(py::module_& m);

}  // namespace adyn::python
