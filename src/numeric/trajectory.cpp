// Writing a trajectory as CSV or JSON, and reading one back from CSV (simulation.hpp).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "adyn/numeric/simulation.hpp"
#include "adyn/error.hpp"

namespace adyn::numeric {
namespace {

// The mark of a run that stopped before t_end, on the CSV's last line: "# incomplete: interrupted
// at t = 3.2". A comment line: numpy.loadtxt and genfromtxt skip it, pandas.read_csv with
// comment='#', read_trajectory_csv reads it back.
constexpr const char* incomplete_mark = "# incomplete: ";

// ",x" with x as "%.17g" prints it (every double reads back as itself), appended to `line`: by
// std::to_chars, the same characters as the stream at precision 17 without its formatting cost
// (A02 at N = 40: 4.5 % of a run went to printing 401 rows of 324 numbers).
void append_number(std::string& line, double x) {
  char digits[32];
  line += ',';
  line.append(digits, std::to_chars(digits, digits + sizeof digits, x, std::chars_format::general, 17).ptr);
}

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

}  // namespace

void Trajectory::write_csv(std::ostream& os) const {
  os << "t";
  for (const auto& n : coordinate_names) os << "," << n;
  for (const auto& n : speed_names) os << "," << n;
  for (const auto& n : output_names) os << "," << n;
  for (const auto& n : multiplier_names) os << ",lambda[" << n << "]";
  os << ",energy,violation\n";
  std::string line;
  for (std::size_t k = 0; k < t.size(); ++k) {
    line.clear();
    append_number(line, t[k]);
    for (Eigen::Index i = 0; i < q[k].size(); ++i) append_number(line, q[k](i));
    for (Eigen::Index i = 0; i < u[k].size(); ++i) append_number(line, u[k](i));
    for (std::size_t i = 0; i < output_names.size(); ++i)
      append_number(line, k < outputs.size() && static_cast<Eigen::Index>(i) < outputs[k].size() ? outputs[k](static_cast<Eigen::Index>(i)) : std::nan(""));
    for (std::size_t i = 0; i < multiplier_names.size(); ++i)
      append_number(line, static_cast<Eigen::Index>(i) < lambda[k].size() ? lambda[k](static_cast<Eigen::Index>(i)) : std::nan(""));
    append_number(line, energy[k]);
    append_number(line, violation[k]);
    line += '\n';
    os.write(line.data() + 1, static_cast<std::streamsize>(line.size() - 1));  // (the row's first comma left out)
  }
  if (!summary.completed) os << incomplete_mark << one_line(summary.stop_reason) << "\n";
}

namespace {

// The rank report (constraint_rank.hpp): null when no rows were watched; every change listed.
std::string rank_json(const ConstraintRank& r) {
  if (r.matrix.empty()) return "null";
  auto time = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); };
  nlohmann::json changes = nlohmann::json::array();
  for (const auto& c : r.changes)
    changes.push_back({{"t", c.t}, {"from", c.from}, {"located", c.located}, {"rank", c.rank},
                       {"dependent", c.dependent}, {"restored", time(c.restored)}});
  return nlohmann::json{{"matrix", r.matrix}, {"rows", r.rows}, {"rank", r.rank}, {"tolerance", rank_tolerance},
                        {"redundant", r.redundant}, {"changes", changes}, {"checks", r.checks}}
      .dump();
}

// The changes of the numeric elimination's dependent set (numeric_elimination.hpp).
std::string partitions_json(const std::vector<formulations::PartitionChange>& changes) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : changes) out.push_back({{"t", c.t}, {"left", c.left}, {"entered", c.entered}});
  return out.dump();
}

// {"frames": [...], "largest_norm_error": x, "scalings": k}, null without Euler parameters.
template <class Number>
std::string euler_json(const EulerParameterDrift& drift, const Number& number) {
  if (drift.frames.empty()) return "null";
  return "{\"frames\": " + nlohmann::json(drift.frames).dump() + ", \"largest_norm_error\": " + number(drift.largest) +
         ", \"scalings\": " + std::to_string(drift.scalings) + "}";
}

std::string resteps_json(const std::vector<Restep>& resteps) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : resteps)
    list.push_back({{"from", r.from}, {"to", r.to}, {"violation", r.violation},
                    {"energy_change", r.energy_change}, {"velocity_jump", r.velocity_jump}, {"max_step", r.max_step}});
  return list.dump();
}

}  // namespace

void Trajectory::write_json(std::ostream& os) const {
  auto list = [](const std::vector<std::string>& v) { return nlohmann::json(v).dump(); };
  auto number = [](double x) {
    std::ostringstream s;
    s << std::setprecision(17);
    if (std::isfinite(x)) s << x;
    else s << "null";
    return s.str();
  };
  os << "{\n  \"coordinates\": " << list(coordinate_names) << ",\n  \"speeds\": " << list(speed_names)
     << ",\n  \"multipliers\": " << list(multiplier_names) << ",\n  \"outputs\": " << list(output_names) << ",\n  \"summary\": {\"completed\": "
     << (summary.completed ? "true" : "false") << ", \"interrupted\": " << (summary.interrupted ? "true" : "false")
     << ", \"stop_reason\": " << nlohmann::json(summary.stop_reason).dump()
     << ", \"warnings\": " << list(summary.warnings) << ", \"initial_state\": " << list(summary.initial_state)
     << ", \"evaluator\": " << nlohmann::json(summary.evaluator).dump()
     << ", \"steps\": " << summary.steps << ", \"rhs_evaluations\": " << summary.rhs_evaluations
     << ", \"regularized_evaluations\": " << summary.regularized_evaluations
     << ", \"max_violation\": " << number(summary.max_violation) << ", \"energy_error\": " << number(summary.energy_error)
     << ", \"relative_energy_error\": " << number(summary.relative_energy_error)
     << ", \"constraint_work\": " << number(summary.constraint_work)
     << ", \"constraint_rank\": " << rank_json(summary.constraint_rank)
     << ", \"partition_changes\": " << partitions_json(summary.partition_changes)
     << ", \"resteps\": " << resteps_json(summary.resteps)
     << ", \"euler_parameters\": " << euler_json(summary.euler_parameters, number) << "},\n  \"samples\": [\n";
  for (std::size_t k = 0; k < t.size(); ++k) {
    auto vec = [&](const Eigen::VectorXd& v) {
      std::string s = "[";
      for (Eigen::Index i = 0; i < v.size(); ++i) s += (i ? ", " : "") + number(v(i));
      return s + "]";
    };
    os << "    {\"t\": " << number(t[k]) << ", \"q\": " << vec(q[k]) << ", \"u\": " << vec(u[k])
       << ", \"lambda\": " << vec(lambda[k]) << (output_names.empty() ? "" : ", \"y\": " + vec(outputs[k])) << ", \"energy\": " << number(energy[k])
       << ", \"violation\": " << number(violation[k]) << "}" << (k + 1 < t.size() ? "," : "") << "\n";
  }
  os << "  ]\n}\n";
}

namespace {

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, ',')) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

}  // namespace

Trajectory read_trajectory_csv(std::istream& in, const std::string& source, const std::vector<std::string>& coordinates) {
  auto fail = [&](int line, const std::string& problem) { throw ModelFileError(source, line, 1, "trajectory", problem); };
  std::string line;
  if (!std::getline(in, line)) fail(1, "is empty: expected a header t,<coordinates>,...");
  const auto header = split_csv_line(line);
  auto column = [&](const std::string& name) {
    auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) fail(1, "has no column '" + name + "' (the header names the columns)");
    return static_cast<std::size_t>(it - header.begin());
  };
  const std::size_t time = column("t");
  std::vector<std::size_t> columns;
  for (const auto& name : coordinates) columns.push_back(column(name));
  Trajectory tr;
  tr.coordinate_names = coordinates;
  tr.summary.completed = true;
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    if (line[0] == '#') {  // a comment: the mark of an incomplete run, or another note
      if (line.rfind(incomplete_mark, 0) == 0)
        tr.summary.completed = false, tr.summary.stop_reason = line.substr(std::string(incomplete_mark).size());
      continue;
    }
    const auto cells = split_csv_line(line);
    if (cells.size() != header.size())
      fail(number, "has " + std::to_string(cells.size()) + " values, the header " + std::to_string(header.size()));
    auto value = [&](std::size_t c) {
      std::size_t used = 0;
      double v = 0;
      try {
        v = std::stod(cells[c], &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != cells[c].size() || cells[c].empty() || !std::isfinite(v))
        fail(number, "'" + header[c] + "' is '" + printable(cells[c]) + "', not a finite number");
      return v;
    };
    const double t = value(time);
    if (!tr.t.empty() && t < tr.t.back()) fail(number, "the time goes backwards (t = " + cells[time] + ")");
    Eigen::VectorXd q(static_cast<Eigen::Index>(columns.size()));
    for (std::size_t j = 0; j < columns.size(); ++j) q(static_cast<Eigen::Index>(j)) = value(columns[j]);
    tr.t.push_back(t);
    tr.q.push_back(q);
  }
  if (tr.t.empty()) fail(2, "has no samples");
  return tr;
}

}  // namespace adyn::numeric
