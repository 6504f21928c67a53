// adyn.Equations.simulate: `adyn simulate`'s run (the same options over the model file's
// settings, the same initial state: application/simulation_setup.hpp) returning a Trajectory of
// NumPy arrays. Ctrl-C stops the run as it stops the CLI's, keeping the samples so far. The GIL is
// held throughout, as in every call of the module: GiNaC is not thread-safe (its reference counts,
// its shared constants), so parallel runs take processes (adyn.ensemble on Dask).
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <cmath>
#include <map>
#include <optional>
#include <sstream>

#include "adyn/application/simulation_setup.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "bindings.hpp"

namespace adyn::python {
namespace {

// Rows of a trajectory's vectors as a (samples × size) array.
Eigen::MatrixXd rows(const std::vector<Eigen::VectorXd>& samples, std::size_t size) {
  Eigen::MatrixXd out(static_cast<Eigen::Index>(samples.size()), static_cast<Eigen::Index>(size));
  for (std::size_t k = 0; k < samples.size(); ++k) out.row(static_cast<Eigen::Index>(k)) = samples[k].transpose();
  return out;
}

Eigen::VectorXd column(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

// The samples of the coordinate, speed, output or multiplier `name` (a KeyError naming the columns).
Eigen::VectorXd column_named(const numeric::Trajectory& tr, const std::string& name) {
  const std::pair<const std::vector<std::string>*, const std::vector<Eigen::VectorXd>*> groups[] = {
      {&tr.coordinate_names, &tr.q}, {&tr.speed_names, &tr.u}, {&tr.output_names, &tr.outputs}};
  for (const auto& [names, samples] : groups)
    for (std::size_t i = 0; i < names->size(); ++i)
      if ((*names)[i] == name) return rows(*samples, names->size()).col(static_cast<Eigen::Index>(i));
  for (std::size_t i = 0; i < tr.multiplier_names.size(); ++i)
    if ("lambda[" + tr.multiplier_names[i] + "]" == name)
      return rows(tr.lambda, tr.multiplier_names.size()).col(static_cast<Eigen::Index>(i));
  std::string known;
  for (const auto* names : {&tr.coordinate_names, &tr.speed_names, &tr.output_names})
    for (const auto& n : *names) known += (known.empty() ? "" : ", ") + n;
  throw py::key_error("no column '" + name + "' in the trajectory (its columns: " + known + ")");
}

// The rank report as the JSON summary has it: None when no rows were watched.
py::object constraint_rank(const numeric::ConstraintRank& r) {
  if (r.matrix.empty()) return py::none();
  py::list changes;
  for (const auto& c : r.changes) {
    py::dict change;
    change["t"] = c.t, change["from"] = c.from, change["located"] = c.located, change["rank"] = c.rank;
    change["dependent"] = c.dependent;
    change["restored"] = std::isnan(c.restored) ? py::object(py::none()) : py::cast(c.restored);
    changes.append(change);
  }
  py::dict out;
  out["matrix"] = r.matrix, out["rows"] = r.rows, out["rank"] = r.rank, out["tolerance"] = numeric::rank_tolerance;
  out["redundant"] = r.redundant, out["changes"] = changes, out["checks"] = r.checks, out["text"] = r.describe();
  return out;
}

py::dict summary(const numeric::TrajectorySummary& s) {
  py::dict out;
  out["completed"] = s.completed, out["interrupted"] = s.interrupted, out["stop_reason"] = s.stop_reason;
  out["steps"] = s.steps, out["rhs_evaluations"] = s.rhs_evaluations, out["max_violation"] = s.max_violation;
  out["regularized_evaluations"] = s.regularized_evaluations;
  out["energy_error"] = s.energy_error;
  auto or_none = [](double x) { return std::isnan(x) ? py::object(py::none()) : py::cast(x); };
  out["relative_energy_error"] = or_none(s.relative_energy_error);
  out["constraint_work"] = or_none(s.constraint_work);
  out["impacts"] = s.impacts, out["ended_by_event"] = s.ended_by_event;
  out["warnings"] = s.warnings, out["initial_state"] = s.initial_state;
  out["evaluator"] = s.evaluator;
  out["constraint_rank"] = constraint_rank(s.constraint_rank);
  py::list partitions;
  for (const auto& c : s.partition_changes) {
    py::dict change;
    change["t"] = c.t, change["left"] = c.left, change["entered"] = c.entered;
    partitions.append(change);
  }
  out["partition_changes"] = partitions;
  py::list resteps;
  for (const auto& r : s.resteps) {
    py::dict step;
    step["from"] = r.from, step["to"] = r.to, step["violation"] = r.violation, step["energy_change"] = r.energy_change;
    step["velocity_jump"] = r.velocity_jump;
    step["max_step"] = r.max_step;
    resteps.append(step);
  }
  out["resteps"] = resteps;
  if (const auto& e = s.euler_parameters; !e.frames.empty()) {
    py::dict euler;
    euler["frames"] = e.frames, euler["largest_norm_error"] = e.largest, euler["scalings"] = e.scalings;
    out["euler_parameters"] = euler;
  } else {
    out["euler_parameters"] = py::none();
  }
  return out;
}

// Asks Python for pending signals (Ctrl-C) every 1024 evaluations.
bool python_interrupt_pending() {
  static thread_local unsigned calls = 0;
  if (++calls % 1024 != 0) return false;
  if (PyErr_CheckSignals() == 0) return false;
  PyErr_Clear();  // raised below as KeyboardInterrupt, with the trajectory
  return true;
}

// The Python input law `law(t, q, u)` -> the values of the inputs `names` (an array), as a run's input
// law. What it raises is kept in `raised` (raised once the run has ended: an exception must not
// cross SUNDIALS' C frames) and stops the run.
numeric::InputLaw input_law(const py::object& law, const std::vector<std::string>& names,
                            std::optional<py::error_already_set>& raised) {
  numeric::InputLaw out;
  if (law.is_none()) return out;
  out.names = names;
  out.values = [law, &raised, count = names.size()](double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                                                   const Eigen::Ref<const Eigen::VectorXd>& u, Eigen::Ref<Eigen::VectorXd> values) {
    if (raised) throw Error("the input law raised an exception");
    Eigen::VectorXd w;
    try {
      w = law(t, Eigen::VectorXd(q), Eigen::VectorXd(u)).cast<Eigen::VectorXd>();
    } catch (py::error_already_set& error) {
      raised = std::move(error);
      throw Error("the input law raised an exception");
    } catch (const py::cast_error&) {
      throw ModelError("inputs", "the input law must return a sequence of numbers, one per varying input");
    }
    if (static_cast<std::size_t>(w.size()) != count)
      throw ModelError("inputs", "the input law gave " + std::to_string(w.size()) + " values for " +
                                     std::to_string(count) + " inputs");
    values = w;
  };
  return out;
}

// The handle's own compile options stand: a backend or mass_matrix given to its simulate must agree.
void check_compile_options(const numeric::CompiledSystem& compiled, const application::SimulationOverrides& given,
                           const numeric::SimulationOptions& options) {
  const auto& own = compiled.options();
  if (given.backend && options.backend != own.backend)
    throw ModelError("backend '" + *given.backend + "'", "this handle was compiled for the other backend: compile again "
                                                         "with Equations.compile(backend=...)");
  if (given.mass_matrix && own.articulated_body)
    throw ModelError("mass_matrix", "this handle was compiled without it: Equations.compile(mass_matrix=True)");
}

// A run of `e` (compiled by `handle`, or by the equations' own cache for the options asked for) from
// the model's initial conditions with `initial` over them.
numeric::Trajectory simulate(const Equations& e, const numeric::CompiledSystem* handle, const py::dict& initial,
                             const application::SimulationOverrides& given, const py::object& progress,
                             const std::map<std::string, double>& inputs, const py::object& law,
                             const std::vector<std::string>& law_names) {
  auto doc = e.model->doc;
  for (const auto& [name, value] : initial) set_initial(doc, py::str(name).cast<std::string>(), value.cast<double>());
  doc.system.set_input_values(inputs);
  auto options = application::simulation_options(given, doc.setup);
  if (handle) check_compile_options(*handle, given, options);
  // `progress(t)` at each sample; what it raises stops the run and is raised once it has ended
  // (an exception must not cross SUNDIALS' C frames) — but Ctrl-C, which Python raises in the
  // first Python code to run, there, is the interruption it is anywhere else.
  std::optional<py::error_already_set> raised;
  bool ctrl_c = false;
  options.input_law = input_law(law, law_names, raised);
  options.interrupted = [&] {  // latched: Python reports a pending Ctrl-C once
    ctrl_c = ctrl_c || python_interrupt_pending();
    return ctrl_c || raised.has_value();
  };
  if (!progress.is_none())
    options.progress = [&](double t) {
      if (raised || ctrl_c) return;
      try {
        progress(t);
      } catch (py::error_already_set& error) {
        if (error.matches(PyExc_KeyboardInterrupt)) ctrl_c = true;
        else raised = std::move(error);
      }
    };
  const auto completion = application::initial_state(doc);
  const auto& x = completion.state;
  const auto x0 = formulations::state_for(e.eom, doc.system, x.t, x.q, x.u);
  const auto compiled = handle ? nullptr : e.compiled({options.backend, options.articulated_body});
  const auto& system = handle ? *handle : *compiled;
  auto trajectory = numeric::simulate(system, parameter_values(system, doc.system), x0, options);
  if (raised) throw std::move(*raised);
  application::add_run_notes(trajectory, doc, completion);
  return trajectory;
}

}  // namespace

void bind_simulation(py::module_& m) {
  py::class_<numeric::Trajectory>(m, "Trajectory", "Samples of a simulation: t, q, u, lambda, energy, violation")
      .def_property_readonly("t", [](const numeric::Trajectory& tr) { return column(tr.t); })
      .def_property_readonly("q", [](const numeric::Trajectory& tr) { return rows(tr.q, tr.coordinate_names.size()); },
                             "(samples × n) coordinates")
      .def_property_readonly("u", [](const numeric::Trajectory& tr) { return rows(tr.u, tr.speed_names.size()); },
                             "(samples × p) speeds")
      .def_property_readonly("lam", [](const numeric::Trajectory& tr) {
        return rows(tr.lambda, tr.multiplier_names.size());
      }, "(samples × m) multipliers")
      .def_property_readonly("energy", [](const numeric::Trajectory& tr) { return column(tr.energy); })
      .def_property_readonly("energy_rate_integral",
                             [](const numeric::Trajectory& tr) { return column(tr.energy_rate_integral); })
      .def_property_readonly("violation", [](const numeric::Trajectory& tr) { return column(tr.violation); })
      .def_readonly("coordinate_names", &numeric::Trajectory::coordinate_names)
      .def_readonly("speed_names", &numeric::Trajectory::speed_names)
      .def_readonly("multiplier_names", &numeric::Trajectory::multiplier_names)
      .def_property_readonly("outputs", [](const numeric::Trajectory& tr) { return rows(tr.outputs, tr.output_names.size()); },
                             "(samples × outputs) the model's outputs")
      .def_readonly("output_names", &numeric::Trajectory::output_names)
      .def("__getitem__", &column_named, py::arg("name"),
           "The samples of a coordinate, speed, output or multiplier (lambda[c]) by name")
      .def_property_readonly("summary", [](const numeric::Trajectory& tr) { return summary(tr.summary); })
      .def_property_readonly("completed", [](const numeric::Trajectory& tr) { return tr.summary.completed; })
      .def("csv", [](const numeric::Trajectory& tr) {
        std::ostringstream out;
        tr.write_csv(out);
        return out.str();
      }, "The trajectory as adyn simulate writes it (CSV)")
      .def("json", [](const numeric::Trajectory& tr) {
        std::ostringstream out;
        tr.write_json(out);
        return out.str();
      })
      .def("__len__", [](const numeric::Trajectory& tr) { return tr.t.size(); });

  m.def("simulate", [](const py::object& target, const py::dict& initial, std::optional<double> t_end,
                        std::optional<double> dt, std::optional<double> rtol, std::optional<double> atol,
                        std::optional<std::string> integrator, std::optional<bool> projection,
                        std::optional<double> baumgarte, std::optional<std::string> backend,
                        std::optional<std::string> constraint_solver, bool mass_matrix, std::optional<long> max_steps,
                        std::optional<double> max_time, const py::object& progress,
                        const std::map<std::string, double>& inputs, const py::object& law,
                        const std::vector<std::string>& law_names, std::optional<double> step) {
    application::SimulationOverrides given{t_end, dt, rtol, atol, baumgarte, integrator, backend, constraint_solver, projection,
                                   mass_matrix, max_steps, max_time};
    given.step = step;
    if (py::isinstance<CompiledEquations>(target)) {
      const auto& handle = target.cast<const CompiledEquations&>();
      return simulate(handle.equations, handle.system.get(), initial, given, progress, inputs, law, law_names);
    }
    return simulate(target.cast<const Equations&>(), nullptr, initial, given, progress, inputs, law, law_names);
  }, py::arg("target"), py::arg("initial"), py::arg("t_end"), py::arg("dt"), py::arg("rtol"), py::arg("atol"),
        py::arg("integrator"), py::arg("projection"), py::arg("baumgarte"), py::arg("backend"), py::arg("constraint_solver"),
        py::arg("mass_matrix"), py::arg("max_steps"), py::arg("max_time"), py::arg("progress"),
        py::arg("inputs") = std::map<std::string, double>{}, py::arg("law") = py::none(),
        py::arg("law_names") = std::vector<std::string>{}, py::arg("step") = py::none(),
        "Integrates equations (adyn.Equations or a compiled handle) from the model's initial conditions "
        "(adyn.Equations.simulate documents it)");
}

}  // namespace adyn::python
