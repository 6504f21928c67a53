#pragma once
// Equations of motion as bytes and back: derived once, evaluated in another process or on another
// machine (the Python module pickles them so, and adyn.ensemble ships them to Dask workers). The
// expressions are stored as adyn's plain text over their common subexpressions, so that a large
// expression DAG (the Whipple bicycle's) stays a DAG, and read back by GiNaC's parser. On reading,
// the symbols of the system (parameters, coordinates and their rates, speeds, t) are matched by
// name with those of the system given, which must be the same model; the formulation's own
// symbols (multipliers, Hamilton's momenta, auxiliary speeds) come back as new symbols, shared
// across the equations.
#include <string>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

/// Throws adyn::ModelError when a symbol of the formulation bears the name of one of the system's
/// (reading would confuse the two).
std::string archive_equations(const EquationsOfMotion& eom, const model::System& system);

/// Throws adyn::Error for bytes that are not archived equations (or of another version).
EquationsOfMotion unarchive_equations(const std::string& bytes, const model::System& system);

}  // namespace adyn::formulations
