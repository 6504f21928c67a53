// adyn's exceptions as Python exceptions with the same messages and hierarchy:
//   adyn.Error (RuntimeError) > adyn.ModelError (also ValueError) > adyn.ModelFileError,
//   adyn.SingularityError, adyn.NotApplicableError;  adyn.Error > adyn.EvaluationError.
// A ModelError carries `object` (the model object it names); a ModelFileError also `file`, `line`
// and `column`. What GiNaC's or CLN's arithmetic throws where adyn did not expect it is an
// adyn.EvaluationError in plain words (sym::library_message), as on the command line.
#include <cln/exception.h>
#include <ginac/ginac.h>

#include "adyn/error.hpp"
#include "adyn/symbolic/library_messages.hpp"

#include "bindings.hpp"

namespace adyn::python {
namespace {

py::object exception_class(py::module_& m, const char* name, py::tuple bases, const char* doc) {
  py::object type = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyType_Type));
  py::dict body;
  body["__doc__"] = doc;
  body["__module__"] = "adyn";
  py::object cls = type(name, bases, body);
  m.attr(name) = cls;
  return cls;
}

void raise(const py::object& cls, const std::string& message, const py::dict& attributes) {
  py::object instance = cls(message);
  for (const auto& [key, value] : attributes) py::setattr(instance, key, value);
  PyErr_SetObject(cls.ptr(), instance.ptr());
}

}  // namespace

void bind_errors(py::module_& m) {
  py::object value_error = py::reinterpret_borrow<py::object>(PyExc_ValueError);
  auto error = exception_class(m, "Error", py::make_tuple(py::reinterpret_borrow<py::object>(PyExc_RuntimeError)),
                               "Base of every adyn error.");
  auto model_error = exception_class(m, "ModelError", py::make_tuple(error, value_error),
                                     "The model is ill-formed; `object` names the model object.");
  exception_class(m, "ModelFileError", py::make_tuple(model_error),
                                    "A model-file error at `file`:`line`:`column`.");
  exception_class(m, "SingularityError", py::make_tuple(model_error),
                                  "A singular configuration: gimbal lock, a singular mass matrix, dependent constraints.");
  exception_class(m, "NotApplicableError", py::make_tuple(model_error),
                                        "The formulation does not treat this kind of system (its scope).");
  exception_class(m, "EvaluationError", py::make_tuple(error),
                                    "An expression did not evaluate to a finite real number.");
  // Classes are kept alive by the module; the translator looks them up there at each error.
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    py::module_ adyn_module = py::module_::import("adyn._adyn");
    auto cls = [&](const char* name) { return adyn_module.attr(name); };
    try {
      std::rethrow_exception(p);
    } catch (const ModelFileError& e) {
      raise(cls("ModelFileError"), printable(e.what()),
            py::dict(py::arg("object") = e.object(), py::arg("file") = e.file(), py::arg("line") = e.line(),
                     py::arg("column") = e.column()));
    } catch (const SingularityError& e) {
      raise(cls("SingularityError"), printable(e.what()), py::dict(py::arg("object") = e.object()));
    } catch (const NotApplicableError& e) {
      raise(cls("NotApplicableError"), printable(e.what()), py::dict(py::arg("object") = e.object()));
    } catch (const ModelError& e) {
      raise(cls("ModelError"), printable(e.what()), py::dict(py::arg("object") = e.object()));
    } catch (const EvaluationError& e) {
      raise(cls("EvaluationError"), printable(e.what()), py::dict());
    } catch (const Error& e) {
      raise(cls("Error"), printable(e.what()), py::dict());
    } catch (const cln::runtime_exception& e) {  // what the arithmetic throws where adyn did not expect it:
      raise(cls("EvaluationError"), printable(sym::library_message(e)), py::dict());  // in plain words
    } catch (const GiNaC::pole_error& e) {
      raise(cls("EvaluationError"), printable(sym::library_message(e)), py::dict());
    }
  });
}

}  // namespace adyn::python
