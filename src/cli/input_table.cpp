// Tabulated inputs (input_table.hpp).
#include "adyn/cli/input_table.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include "adyn/error.hpp"

namespace adyn::cli {
namespace {

std::string number(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

// The cells of a CSV line, spaces around them trimmed.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) {
    const auto first = cell.find_first_not_of(" \t\r"), last = cell.find_last_not_of(" \t\r");
    out.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
  }
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

}  // namespace

double InputTable::at(double time) const {
  if (!(time >= t.front() && time <= t.back()))
    throw EvaluationError("input '" + input + "': t = " + number(time) + " is outside its table " + source + " (t from " +
                          number(t.front()) + " to " + number(t.back()) + ")");
  const auto upper = std::upper_bound(t.begin(), t.end(), time);
  if (upper == t.end()) return value.back();
  const auto k = static_cast<std::size_t>(upper - t.begin()) - 1;
  const double s = (time - t[k]) / (t[k + 1] - t[k]);
  return value[k] + s * (value[k + 1] - value[k]);  // linear between the rows
}

InputTable read_input_table(const std::string& input, const std::string& path) {
  const std::string object = "input '" + input + "'";
  auto fail = [&](int line, const std::string& problem) -> void { throw ModelFileError(path, line, 1, object, problem); };
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(1, "the table cannot be read (no such file?)");
  InputTable table{input, path, {}, {}};
  bool header = false;
  std::string line;
  for (int number_of_line = 1; std::getline(in, line); ++number_of_line) {
    if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto c = cells(line);
    if (!header) {
      if (c.size() != 2 || c[0] != "t" || c[1] != "value") fail(number_of_line, "the table's header must be t,value");
      header = true;
      continue;
    }
    if (c.size() != 2) fail(number_of_line, "a row of the table is t,value: two numbers");
    double row[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      std::size_t used = 0;
      try {
        row[k] = std::stod(c[static_cast<std::size_t>(k)], &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (c[static_cast<std::size_t>(k)].empty() || used != c[static_cast<std::size_t>(k)].size() || !std::isfinite(row[k]))
        fail(number_of_line, "'" + c[static_cast<std::size_t>(k)] + "' is not a finite number");
    }
    if (!table.t.empty() && !(row[0] > table.t.back()))
      fail(number_of_line, "the times must increase (t = " + number(row[0]) + " after " + number(table.t.back()) + ")");
    table.t.push_back(row[0]);
    table.value.push_back(row[1]);
  }
  if (table.t.size() < 2) fail(1, "the table needs at least two rows t,value");
  return table;
}

numeric::InputLaw tabulated_input_law(std::vector<InputTable> tables) {
  numeric::InputLaw law;
  for (const auto& table : tables) law.names.push_back(table.input);
  auto shared = std::make_shared<const std::vector<InputTable>>(std::move(tables));
  law.values = [shared](double t, const Eigen::Ref<const Eigen::VectorXd>&, const Eigen::Ref<const Eigen::VectorXd>&,
                        Eigen::Ref<Eigen::VectorXd> values) {
    for (std::size_t i = 0; i < shared->size(); ++i) values(static_cast<Eigen::Index>(i)) = (*shared)[i].at(t);
  };
  law.check = [shared](double t0, double t_end) {
    for (const auto& table : *shared)
      if (t0 < table.t.front() || t_end > table.t.back())
        throw ModelError("input '" + table.input + "'",
                         "its table " + table.source + " gives values from t = " + number(table.t.front()) + " to " +
                             number(table.t.back()) + "; the run goes from t = " + number(t0) + " to " + number(t_end) +
                             " (a table is not extrapolated: extend it or shorten the run with --t-end)");
  };
  law.stop_at_end = true;
  return law;
}

}  // namespace adyn::cli
