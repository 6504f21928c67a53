#pragma once
// Equations of motion as `adyn derive` prints them and Python's Equations.text() and json() return
// them: text, LaTeX, C (after CSE), and as JSON.
#include <nlohmann/json_fwd.hpp>

#include <ostream>

#include "adyn/formulations/equations_of_motion.hpp"

namespace adyn::application {

enum class EquationsFormat { Text, Latex, C };

/// Writes the equations in the given format, as they are (formulations::printable or simplified
/// gives those to print).
void write_equations(const formulations::EquationsOfMotion& eom, EquationsFormat format, std::ostream& out);

/// The equations as JSON, every expression a string: method, form, coordinates, speeds,
/// parameters, mass_matrix (rows), forcing, constraint_matrix, constraint_rhs, constraint_names,
/// multipliers ({name, constraint}), coordinate_rates, dependent_speeds ({name, value}),
/// nonideal_force, friction_coefficient, and hamiltonian for Hamilton's equations. Not simplified: pass formulations::simplified(eom) for that.
nlohmann::json equations_json(const formulations::EquationsOfMotion& eom);

/// An expression as a string (GiNaC's notation, as in the text report).
std::string expression_string(const GiNaC::ex& e);

}  // namespace adyn::application
