// `adyn compare MODEL [--states N] [--tol T] [--seed S] [--time-limit S] [--methods A,B | --skip A,B]
// [--json]`: every formulation (or those chosen) on one model — derivation time, size of the
// equations and agreement of q̈ with the first method evaluated (application/comparison.hpp
// computes them). Each method runs in a worker process with a time limit; the table prints each
// method as it finishes. A method that reaches the time limit is "timed out", not a failure: the
// others that finished are compared without it.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>

#include "adyn/application/comparison.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/time_limit.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {
namespace {

using application::Comparison;
using application::MethodResult;

struct CompareOptions {
  std::string model;
  int states = 5;
  double tolerance = 1e-8;
  unsigned seed = 20240607;
  double time_limit = 120;  // seconds per method
  bool json = false;
  std::vector<std::string> methods{}, skip{};  // --methods, --skip (as given)
};

// A method's result through the worker's pipe (JSON: doubles round-trip exactly).
std::string serialize(const MethodResult& r) {
  nlohmann::json j = {
      {"derive_seconds", r.derive_seconds}, {"operations", r.operations}, {"accelerations", nlohmann::json::array()}};
  if (r.not_applicable) j["not_applicable"] = *r.not_applicable;
  if (r.failure) j["failure"] = *r.failure;
  if (!r.note.empty()) j["note"] = r.note;
  for (const auto& a : r.accelerations) j["accelerations"].push_back(std::vector<double>(a.data(), a.data() + a.size()));
  return j.dump();
}

MethodResult deserialize(const std::string& name, const std::string& text) {
  const auto j = nlohmann::json::parse(text);
  MethodResult r{.name = name};
  if (j.contains("not_applicable")) r.not_applicable = j["not_applicable"].get<std::string>();
  if (j.contains("failure")) r.failure = j["failure"].get<std::string>();
  if (j.contains("note")) r.note = j["note"].get<std::string>();
  r.derive_seconds = j["derive_seconds"].get<double>();
  r.operations = j["operations"].get<std::size_t>();
  for (const auto& a : j["accelerations"]) {
    const auto v = a.get<std::vector<double>>();
    r.accelerations.emplace_back(Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size())));
  }
  return r;
}

// One method, in the worker process. It derives from a freshly read model, so that its time does
// not profit from kinematics another method left cached in the model's frames and points.
MethodResult run_method(const std::string& model, const std::string& method,
                        const std::vector<analysis::SystemState>& states) {
  return application::run_method(read_model_document(model).system, method, states);
}

// One method with the time limit: a worker process that is killed when its time is up.
MethodResult run_method_limited(const CompareOptions& o, const std::string& method,
                                const std::vector<analysis::SystemState>& states) {
  try {
    const auto text = run_with_time_limit([&] { return serialize(run_method(o.model, method, states)); }, o.time_limit);
    if (text) return deserialize(method, *text);
    return MethodResult{.name = method, .timed_out = true};
  } catch (const Error& e) {
    return MethodResult{.name = method, .failure = e.what()};
  }
}

// Runs every method, handing each to `finished` as it finishes, its difference from the reference
// (the first method evaluated) set.
Comparison compare(const CompareOptions& o, const application::MethodFinished& finished) {
  const auto methods = formulations::select_methods(o.methods, o.skip, "--methods", "--skip");
  const auto system = read_model_document(o.model).system;
  const application::ComparisonOptions options{.states = o.states, .tolerance = o.tolerance, .seed = o.seed};
  return application::compare(system, methods, options, [&](const std::string& method, const auto& states) {
    const std::string stage = "derivation (" + method + ")";
    Stage deriving(stage.c_str());
    return run_method_limited(o, method, states);
  }, finished);
}

void write_header(const std::string& system, const CompareOptions& o, std::ostream& out) {
  out << "System: " << system << "\n"
      << fmt::format("q'' of every formulation at {} random consistent states near the initial configuration, against "
                     "the first method evaluated (relative tolerance {:g}; time limit {:g} s per method)\n\n",
                     o.states, o.tolerance, o.time_limit)
      << fmt::format("{:<22}{:>12}{:>10}  {}\n", "method", "derive (ms)", "ops", "max rel. difference");
}

void write_row(const MethodResult& m, const Comparison& c, const CompareOptions& o, std::ostream& out) {
  const auto verdict = application::verdict_text(m, c, o.time_limit);
  if (m.not_applicable || !m.derive_seconds) out << fmt::format("{:<22}{:>22}  {}\n", m.name, "", verdict);
  else out << fmt::format("{:<22}{:>12.1f}{:>10}  {}\n", m.name, 1e3 * m.derive_seconds, m.operations, verdict);
  if (!m.note.empty()) out << fmt::format("{:<22}{}\n", "", m.note);
  out.flush();
}

// "hamilton" or "gauss and hamilton": the methods that timed out.
std::string timed_out_names(const Comparison& c) {
  std::vector<std::string> names;
  for (const auto& m : c.methods)
    if (m.timed_out) names.push_back(m.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

void write_summary(const Comparison& c, const CompareOptions& o, std::ostream& out) {
  const auto applicable = c.applicable(), failed = c.failed();
  const auto timed_out = c.timed_out(), finished = c.finished();
  out << "\n";
  if (failed) out << fmt::format("{} of the {} applicable methods FAILED.\n", failed, applicable);
  if (timed_out)
    out << fmt::format("{} of the {} applicable methods timed out ({}; time limit {:g} s).\n", timed_out, applicable,
                       timed_out_names(c), o.time_limit);
  if (c.reference.empty()) out << "No method could be evaluated on this model.\n";
  else if (applicable == 1) out << "Only " << c.reference << " applies: nothing to compare.\n";
  else if (finished == 1) out << "Only " << c.reference << " finished: nothing to compare.\n";
  else if (c.agree() && timed_out) out << fmt::format("The {} methods that finished agree.\n", finished);
  else if (c.agree()) out << fmt::format("All {} applicable methods agree.\n", applicable);
  else if (!failed) out << "The methods do NOT all agree.\n";
}

nlohmann::json to_json(const Comparison& c, const CompareOptions& o) {
  nlohmann::json j = {{"system", c.system},         {"states", o.states},           {"tolerance", o.tolerance},
                      {"seed", o.seed},             {"time_limit", o.time_limit},   {"agree", c.agree()},
                      {"timed_out", nlohmann::json::array()}, {"methods", nlohmann::json::array()}};
  j["reference"] = c.reference.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.reference);
  for (const auto& m : c.methods) {
    nlohmann::json r = {{"name", m.name},
                        {"applicable", !m.not_applicable},
                        {"status", application::verdict_name(application::verdict(m, c))}};
    if (m.timed_out) j["timed_out"].push_back(m.name);
    if (m.not_applicable) r["reason"] = *m.not_applicable;
    else {
      r["derive_seconds"] = m.derive_seconds;
      r["operations"] = m.operations;
      r["failure"] = m.failure ? nlohmann::json(*m.failure) : nlohmann::json(nullptr);
      r["max_relative_difference"] = m.difference ? nlohmann::json(*m.difference) : nlohmann::json(nullptr);
      r["agrees"] = m.agrees(c.tolerance);
      r["note"] = m.note.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.note);
    }
    j["methods"].push_back(r);
  }
  return j;
}

int compare_command(const CompareOptions& o, std::ostream& out) {
  if (o.json) {
    const auto c = compare(o, [](const MethodResult&, const Comparison&) {});
    out << to_json(c, o).dump(2) << "\n";
    return c.agree() ? 0 : 1;
  }
  bool header = false;
  const auto c = compare(o, [&](const MethodResult& m, const Comparison& so_far) {
    if (!header) write_header(so_far.system, o, out), header = true;
    write_row(m, so_far, o, out);
  });
  write_summary(c, o, out);
  return c.agree() ? 0 : 1;
}

}  // namespace

Action declare_compare(CLI::App& command) {
  auto o = std::make_shared<CompareOptions>();
  command.description("Every formulation on one model: derivation time, size of the equations (the operations of one "
                      "evaluation, common subexpressions once) and agreement of q'' at random consistent states near "
                      "the initial configuration. Exit status 0 when every method that finished agrees (at least two "
                      "finished if any timed out), 1 if two disagree, one fails or too few finish");
  add_model_argument(command, o->model);
  command.add_option("--states", o->states, "Random consistent states to compare at (default 5)")
      ->check(CLI::Range(1, 1000));
  positive_number(command.add_option("--tol", o->tolerance, "Agreement tolerance on |a - b| / max(1, |a|, |b|) (default 1e-8)"));
  command.add_option("--seed", o->seed, std::string("Seed of the random states (default ") + std::to_string(o->seed) + ")");
  positive_number(command.add_option("--time-limit", o->time_limit,
                                     "Seconds each method may take to derive and evaluate; beyond it, it is listed "
                                     "as timed out (default 120)"));
  command.add_option("--methods", o->methods, "Only these methods, in this order (the first that "
                                                              "evaluates is the reference), e.g. lagrange,kane")
      ->delimiter(',')
      ->type_name("A,B,...");
  command.add_option("--skip", o->skip, "All the methods but these, e.g. hamilton,gauss")
      ->delimiter(',')
      ->type_name("A,B,...");
  add_json_flag(command, o->json);
  return [o](std::ostream& out, std::ostream&) { return compare_command(*o, out); };
}

}  // namespace adyn::cli
