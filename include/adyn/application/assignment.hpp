#pragma once
// Values given by name for one call — the operating point's coordinates, rates, speeds, parameters
// and inputs (`--at NAME=EXPR`, Python's `at={...}`), an equilibrium's guess —: a number, or an
// expression in the model's parameters as a model file writes one ("Pi/2", "Omega"). The command
// line splits its NAME=EXPR arguments into these; Python passes its dictionaries' items.
#include <ginac/ginac.h>

#include <string>
#include <variant>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::application {

struct Assignment {
  std::string name;
  std::variant<double, std::string> value;  // a number, or an expression's text
  /// "NAME=VALUE" as messages name it: the expression as written, a number as its shortest decimal.
  std::string text() const;
};
using Assignments = std::vector<Assignment>;

/// The value as an expression in the system's symbols: a number exactly, as a model file's
/// (sym::exact_decimal: 0.35 is 7/20), an expression parsed (io::parse_expression). Throws
/// adyn::ModelError naming `object` for a number that is not finite or an expression that does
/// not parse.
GiNaC::ex value_of(const model::System& system, const Assignment& given, const std::string& object);

}  // namespace adyn::application
