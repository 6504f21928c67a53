#pragma once
// A model's linearization about an operating point (operating_point.hpp), as `adyn linearize` and
// `adyn eigen` compute it and Python's Model.linearize, eigen and sweep return it.
#include <optional>
#include <string>
#include <vector>

#include "adyn/analysis/linearization.hpp"
#include "adyn/application/operating_point.hpp"

namespace adyn::application {

/// A model (its parameters and inputs set as given), its equations, the operating point and the
/// linearization about it; `notes` are the warnings to pass on (an operating point that is not an
/// equilibrium or steady motion).
struct Linearization {
  io::ModelDocument doc;
  formulations::EquationsOfMotion eom;
  OperatingPoint point;
  analysis::LinearizedEquations lin;
  std::vector<std::string> notes{};
};

/// The equations of `doc` by `method` (with `dependent_speeds` eliminated, when given) linearized
/// about the operating point `given` sets. With `symbolic_parameters` given, every other
/// parameter's value is part of the operating point: the linearization then holds numbers (and
/// those parameters), with nothing large to normalize — `eigen` keeps only the swept parameter;
/// `linearize`, printing M, C and K, keeps all (nullopt).
Linearization linearize_model(io::ModelDocument doc, const std::string& method, const Assignments& given,
                              bool from_rest, const std::vector<std::string>& dependent_speeds,
                              const std::optional<std::vector<std::string>>& symbolic_parameters = std::nullopt);

/// The same for equations already derived from the model.
Linearization linearize_equations(io::ModelDocument doc, formulations::EquationsOfMotion eom, const Assignments& given,
                                  bool from_rest,
                                  const std::optional<std::vector<std::string>>& symbolic_parameters = std::nullopt);

}  // namespace adyn::application
