// `adyn linearize MODEL [--at NAME=EXPR ...]`: the linearized equations about an operating point —
// the second-order form M, C, G, K, N where the speeds are the coordinates' rates, else the
// first-order blocks, and the inputs' Nw, Fw — and the state and input matrices A, B at the
// model's parameter values (docs/analysis.md), and with the model's outputs their rows Cq, Cu, Dw
// and the output and feedthrough matrices C, D (without outputs, the states: C = I, D = 0).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <memory>
#include <sstream>

#include "adyn/cli/commands.hpp"
#include "adyn/cli/operating_point.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/symbolic/number_forms.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::cli {

namespace {

std::vector<std::pair<std::string, GiNaC::matrix>> blocks(const analysis::LinearizedEquations& lin) {
  std::vector<std::pair<std::string, GiNaC::matrix>> out;
  if (lin.has_second_order_form()) out = {{"M", lin.M}, {"C", lin.C}, {"G", lin.G}, {"K", lin.K}, {"N", lin.N}};
  else out = {{"Nq", lin.Nq}, {"Nu", lin.Nu}, {"M", lin.M}, {"Fq", lin.Fq}, {"Fu", lin.Fu}};
  if (!lin.inputs.empty()) {
    if (!lin.has_second_order_form()) out.emplace_back("Nw", lin.Nw);
    out.emplace_back("Fw", lin.Fw);
  }
  if (!lin.outputs.empty()) {
    out.emplace_back("Cq", lin.Cq), out.emplace_back("Cu", lin.Cu);
    if (!lin.inputs.empty()) out.emplace_back("Dw", lin.Dw);
  }
  for (auto& block : out) block.second = sym::decimal_numbers(block.second);  // (exact, grown from doubles)
  return out;
}

// The equations the blocks are of.
std::string form(const analysis::LinearizedEquations& lin) {
  const bool inputs = !lin.inputs.empty();
  const std::string outputs =
      lin.outputs.empty() ? "" : std::string(",  dy = Cq dq + Cu du") + (inputs ? " + Dw dw" : "");
  if (lin.has_second_order_form())
    return std::string("M dq'' + (C + G) dq' + (K + N) dq = ") + (inputs ? "Fw dw" : "0") + outputs;
  return (inputs ? "dq' = Nq dq + Nu du + Nw dw,  M du' = Fq dq + Fu du + Fw dw" : "dq' = Nq dq + Nu du,  M du' = Fq dq + Fu du") +
         outputs;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& x : names) s += (s.empty() ? "" : ", ") + x;
  return s;
}

Eigen::IOFormat rows_format() { return Eigen::IOFormat(8, 0, ", ", "\n", "  [", "]"); }

nlohmann::json numbers_json(const Eigen::MatrixXd& m) {
  auto rows = nlohmann::json::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) rows.push_back(std::vector<double>(m.row(r).begin(), m.row(r).end()));
  return rows;
}

std::string names(const std::vector<GiNaC::symbol>& symbols) {
  std::string s;
  for (const auto& x : symbols) s += (s.empty() ? "" : ", ") + x.get_name();
  return s.empty() ? "none" : s;
}

nlohmann::json matrix_json(const GiNaC::matrix& m) {
  auto rows = nlohmann::json::array();
  for (std::size_t i = 0; i < m.rows(); ++i) {
    auto row = nlohmann::json::array();
    for (std::size_t j = 0; j < m.cols(); ++j) {
      row.push_back(sym::to_text(m(i, j)));
    }
    rows.push_back(row);
  }
  return rows;
}

void write_text(const application::Linearization& job, bool latex, std::ostream& out) {
  const auto& lin = job.lin;
  out << "System: " << job.doc.system.name() << " (" << job.eom.method << " equations)\n"
      << "state: " << names(lin.coordinates) << (lin.coordinates.empty() ? "" : "; ") << names(lin.speeds) << "\n"
      << "ignorable (dropped): " << names(lin.ignorable) << "\n"
      << "dependent (holonomic constraints): " << names(lin.dependent) << "\n"
      << (lin.inputs.empty() ? "" : "inputs: " + names(lin.inputs) + "\n")
      << (lin.outputs.empty() ? "" : "outputs: " + joined(lin.outputs) + "\n") << form(lin) << "\n";
  for (const auto& [name, m] : blocks(lin)) {
    out << name << " = ";
    if (latex) out << sym::to_latex(m) << "\n";
    else out << sym::to_text(GiNaC::ex(m)) << "\n";
  }
  const auto values = job.doc.system.parameter_values();
  out << "state matrix A at the model's parameter values:\n" << analysis::state_matrix(lin, values).format(rows_format()) << "\n";
  if (!lin.inputs.empty())
    out << "input matrix B (columns: " << names(lin.inputs) << "):\n"
        << analysis::input_matrix(lin, values).format(rows_format()) << "\n";
  if (lin.outputs.empty()) return;
  out << "output matrix C (rows: " << joined(lin.outputs) << "):\n"
      << analysis::output_matrix(lin, values).format(rows_format()) << "\n";
  if (!lin.inputs.empty())
    out << "feedthrough matrix D:\n" << analysis::feedthrough_matrix(lin, values).format(rows_format()) << "\n";
}

void write_json(const application::Linearization& job, std::ostream& out) {
  const auto& lin = job.lin;
  nlohmann::json j{{"system", job.doc.system.name()}, {"method", job.eom.method}, {"states", lin.state_names()},
                   {"second_order_form", lin.has_second_order_form()}};
  for (const char* key : {"ignorable", "dependent"}) {
    auto list = nlohmann::json::array();
    for (const auto& s : key[0] == 'i' ? lin.ignorable : lin.dependent) list.push_back(s.get_name());
    j[key] = list;
  }
  for (const auto& [name, m] : blocks(lin)) j["matrices"][name] = matrix_json(m);
  // dx' = A dx + B dw, y = C dx + D dw (without outputs declared, the states: C = I, D = 0).
  const auto values = job.doc.system.parameter_values();
  const Eigen::MatrixXd A = analysis::state_matrix(lin, values), B = analysis::input_matrix(lin, values);
  j["inputs"] = lin.input_names();
  j["outputs"] = lin.output_names();
  j["state_matrix"] = numbers_json(A);
  j["input_matrix"] = numbers_json(B);
  j["output_matrix"] = numbers_json(analysis::output_matrix(lin, values));
  j["feedthrough_matrix"] = numbers_json(analysis::feedthrough_matrix(lin, values));
  out << j.dump(2) << "\n";
}

}  // namespace

Action declare_linearize(CLI::App& command) {
  struct Options {
    std::string model, method = formulations::default_method_in_speeds, format = "text";
    std::vector<std::string> at, dependent;
    bool rest = false, numeric = false;
  };
  auto o = std::make_shared<Options>();
  command.description("Linearize the equations of motion about an operating point (the model's initial conditions "
                      "overridden by --at)");
  add_model_argument(command, o->model);
  add_method_option(command, o->method,
                    std::string("default: ") + formulations::default_method_in_speeds +
                        "; the linearization needs independent speeds");
  add_dependent_speeds_option(command, o->dependent);
  add_operating_point_options(command, o->at, o->rest);
  command.add_option("-f,--format", o->format, "text, latex or json")->check(CLI::IsMember({"text", "latex", "json"}));
  command.add_flag("--numeric", o->numeric,
                   "The parameters at their values and the operating point in floating-point numbers: the blocks as "
                   "numbers (as eigen computes them), where symbolic ones away from simple points grow into megabytes");
  return [o](std::ostream& out, std::ostream& err) {
    const auto symbolic = o->numeric ? std::optional<std::vector<std::string>>(std::vector<std::string>{}) : std::nullopt;
    const auto job = linearize_model(o->model, o->method, o->at, o->rest, o->dependent, err, symbolic);
    if (o->format == "json") write_json(job, out);
    else write_text(job, o->format == "latex", out);
    return 0;
  };
}

}  // namespace adyn::cli
