// adyn.Compiled's rigid-body calls (numeric/rigid_body_calls.hpp): inverse_dynamics, mass_matrix,
// frame_pose and frame_jacobian, each compiled at its first call and kept by the handle.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "adyn/error.hpp"
#include "bindings.hpp"

namespace adyn::python {
namespace {

void check_vector(const Eigen::VectorXd& v, std::size_t size, const std::string& what) {
  if (static_cast<std::size_t>(v.size()) != size)
    throw ModelError(what, "expected " + std::to_string(size) + " values, got " + std::to_string(v.size()));
  if (!v.allFinite()) throw ModelError(what, "a value is not a finite number");
}

void check_time(double t) {
  if (!std::isfinite(t)) throw ModelError("t", "not a finite number");
}

// The run-time values with the inputs at zero, then those given.
std::vector<double> values_with_inputs(const CompiledEquations& c, const std::optional<std::map<std::string, double>>& given) {
  auto values = parameter_values(*c.system, c.equations.model->doc.system);
  const auto& names = c.system->names();
  auto index = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(names.parameters.begin(), names.parameters.end(), name) -
                                    names.parameters.begin());
  };
  for (const auto& input : names.inputs) values[index(input)] = 0;
  for (const auto& [name, value] : given.value_or(std::map<std::string, double>{})) {
    if (std::find(names.inputs.begin(), names.inputs.end(), name) == names.inputs.end())
      throw ModelError("input '" + name + "'", "no such input of the model");
    if (!std::isfinite(value)) throw ModelError("input '" + name + "'", "its value is not a finite number");
    values[index(name)] = value;
  }
  return values;
}

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

Eigen::VectorXd inverse_dynamics(const CompiledEquations& c, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                 const Eigen::VectorXd& udot, double t,
                                 const std::optional<std::map<std::string, double>>& inputs) {
  const auto& calls = c.system->rigid_body();
  check_vector(q, calls.n(), "q"), check_vector(u, calls.p(), "u"), check_vector(udot, calls.p(), "udot"), check_time(t);
  const auto values = values_with_inputs(c, inputs);
  auto w = calls.workspace();
  Eigen::VectorXd tau(static_cast<Eigen::Index>(calls.p()));
  calls.inverse_dynamics(t, q.data(), u.data(), udot.data(), values.data(), tau.data(), w);
  return tau;
}

RowMajor mass_matrix(const CompiledEquations& c, const Eigen::VectorXd& q, double t) {
  const auto& calls = c.system->rigid_body();
  check_vector(q, calls.n(), "q"), check_time(t);
  const auto values = parameter_values(*c.system, c.equations.model->doc.system);
  auto w = calls.workspace();
  const auto p = static_cast<Eigen::Index>(calls.p());
  RowMajor M(p, p);
  calls.mass_matrix(t, q.data(), values.data(), M.data(), w);
  return M;
}

py::tuple frame_pose(const CompiledEquations& c, const std::string& name, const Eigen::VectorXd& q, double t) {
  const auto& calls = c.system->rigid_body();
  check_vector(q, calls.n(), "q"), check_time(t);
  const auto& frame = calls.frame(name);
  const auto values = parameter_values(*c.system, c.equations.model->doc.system);
  auto w = calls.workspace();
  RowMajor R(3, 3);
  Eigen::VectorXd p(3);
  frame.pose(t, q.data(), values.data(), R.data(), p.data(), w);
  return py::make_tuple(R, p);
}

RowMajor frame_jacobian(const CompiledEquations& c, const std::string& name, const Eigen::VectorXd& q, double t) {
  const auto& calls = c.system->rigid_body();
  check_vector(q, calls.n(), "q"), check_time(t);
  const auto& frame = calls.frame(name);
  const auto values = parameter_values(*c.system, c.equations.model->doc.system);
  auto w = calls.workspace();
  RowMajor J(6, static_cast<Eigen::Index>(calls.p()));
  frame.jacobian(t, q.data(), values.data(), J.data(), w);
  return J;
}

}  // namespace

void bind_rigid_body(py::module_& m) {
  auto compiled = py::reinterpret_borrow<py::class_<CompiledEquations>>(m.attr("Compiled"));
  compiled
      .def("inverse_dynamics", &inverse_dynamics, py::arg("q"), py::arg("u"), py::arg("udot"), py::arg("t") = 0.0,
           py::arg("inputs") = py::none(),
           "tau = M(q) u' - F(q, u, t): the generalized forces that, added to the model's loads, give the rates u' "
           "(recursive Newton-Euler over a tree). The inputs count as zero unless given in `inputs` {name: value}: "
           "tau is then what they must supply (a robot's joint torques)")
      .def("mass_matrix", &mass_matrix, py::arg("q"), py::arg("t") = 0.0,
           "M(q) (p x p): by composite rigid bodies over a tree, else the equations' M")
      .def("frame_pose", &frame_pose, py::arg("name"), py::arg("q"), py::arg("t") = 0.0,
           "(R, p) of a frame in the inertial frame: R (3 x 3) maps the frame's components to the inertial "
           "frame's, p (3) is the position of its origin (a frame with a point of the same name, as a URDF link's, "
           "or a rigid body and its mass centre)")
      .def("frame_jacobian", &frame_jacobian, py::arg("name"), py::arg("q"), py::arg("t") = 0.0,
           "J (6 x p): the frame's angular velocity (rows 0-2) and its origin's velocity (rows 3-5), both in the "
           "inertial frame's basis, per unit speed (Pinocchio's LOCAL_WORLD_ALIGNED with the angular rows first)")
      .def_property_readonly("rigid_body_path", [](const CompiledEquations& c) { return c.system->rigid_body().path(); },
                             "Where inverse_dynamics and mass_matrix come from: the tree's recursive algorithms, or "
                             "the equations' M and F, and why");
}

}  // namespace adyn::python
