#pragma once
// Model files (YAML): a System described as data. The format is documented in
// docs/model-format.md. Expressions are strings parsed by GiNaC's parser against the model's
// symbols (parameters, coordinates and their derivatives q1_d, q1_dd, speeds, t).
//
// Every error is an adyn::ModelFileError naming the file, the line and the model object.
#include <string>

#include "adyn/model/system.hpp"

namespace adyn::io {

/// Reads a model file.
model::System read_model_file(const std::string& path);
/// Reads a model from YAML text; `source` names it in error messages.
model::System read_model(const std::string& yaml_text, const std::string& source = "<model>");

}  // namespace adyn::io
