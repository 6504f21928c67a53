// adyn.animate's page: the scene of a model along a trajectory, inlined with the viewer, as
// `adyn animate` writes it (application/animation_page.hpp).
#include <pybind11/stl.h>

#include "adyn/application/animation_page.hpp"
#include "adyn/numeric/scene.hpp"
#include "bindings.hpp"

namespace adyn::python {

void bind_animation(py::module_& m) {
  m.def("animation_page", [](const Model& model, const numeric::Trajectory& trajectory,
                             const std::vector<std::string>& traces) {
    return application::animation_page(numeric::sample_scene(model.doc.system, trajectory), traces,
                                       application::viewer_script());
  }, py::arg("model"), py::arg("trajectory"), py::arg("traces"), "The HTML page of adyn animate");
}

}  // namespace adyn::python
