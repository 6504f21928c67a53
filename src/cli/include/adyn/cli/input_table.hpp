#pragma once
// A tabulated input (simulate --input NAME=FILE.csv): an input's values at given times, read from
// a CSV file with the header t,value (lines starting with '#' are comments) and interpolated
// linearly between them. A run must lie within the table's times: outside them there is no value
// (the run is refused, not extrapolated).
#include <string>
#include <vector>

#include "adyn/numeric/simulation.hpp"

namespace adyn::cli {

struct InputTable {
  std::string input, source;  // the input's name, the file
  std::vector<double> t, value;
  /// The value at time t, linear between the rows; throws adyn::EvaluationError outside the table.
  double at(double t) const;
};

/// Reads the table of `input` from `path`. Throws adyn::ModelFileError at path:line for a file that
/// cannot be read, a header other than t,value, a row that is not two finite numbers, fewer than
/// two rows or times that do not increase.
InputTable read_input_table(const std::string& input, const std::string& path);

/// The tables as a simulation's input law (stopping at t_end), whose check refuses a run from t0
/// to t_end beyond a table's times (adyn::ModelError naming the input and the file).
numeric::InputLaw tabulated_input_law(std::vector<InputTable> tables);

}  // namespace adyn::cli
