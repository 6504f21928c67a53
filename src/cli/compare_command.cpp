// `adyn compare MODEL [--states N] [--tol T] [--seed S] [--time-limit S] [--methods A,B | --skip A,B]
// [--json]`: every formulation (or those chosen) on one model — derivation time, size of the equations (the operations of one
// evaluation, each common subexpression computed once), and agreement of the
// coordinate accelerations q̈ with the first applicable method at random states near the model's
// initial configuration, consistent with the constraints. Each method runs in a worker process
// with a time limit; the table prints each method as it finishes. A method that reaches the time
// limit is "timed out", not a failure: the others that finished are compared without it.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <random>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/analysis/random_state.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/interruption.hpp"
#include "adyn/cli/time_limit.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/cse.hpp"

namespace adyn::cli {
namespace {

struct CompareOptions {
  std::string model;
  int states = 5;
  double tolerance = 1e-8;
  unsigned seed = 20240607;
  double time_limit = 120;  // seconds per method
  bool json = false;
  std::vector<std::string> methods{}, skip{};  // --methods, --skip (as given)
};

struct MethodResult {
  std::string name{};
  std::optional<std::string> not_applicable{};  // why the method does not treat this system
  std::optional<std::string> failure{};         // why it failed: derivation or evaluation
  bool timed_out = false;                       // no result within the time limit
  double derive_seconds = 0;
  std::size_t operations = 0;  // to evaluate the equations once, each common subexpression once
  std::vector<Eigen::VectorXd> accelerations{};  // q̈ at each state
  std::optional<double> difference{};            // max relative difference from the reference
  bool agrees(double tolerance) const { return !failure && difference && *difference <= tolerance; }
  bool evaluated() const { return !not_applicable && !failure && !timed_out; }
};

// A method's result through the worker's pipe (JSON: doubles round-trip exactly).
std::string serialize(const MethodResult& r) {
  nlohmann::json j = {
      {"derive_seconds", r.derive_seconds}, {"operations", r.operations}, {"accelerations", nlohmann::json::array()}};
  if (r.not_applicable) j["not_applicable"] = *r.not_applicable;
  if (r.failure) j["failure"] = *r.failure;
  for (const auto& a : r.accelerations) j["accelerations"].push_back(std::vector<double>(a.data(), a.data() + a.size()));
  return j.dump();
}

MethodResult deserialize(const std::string& name, const std::string& text) {
  const auto j = nlohmann::json::parse(text);
  MethodResult r{.name = name};
  if (j.contains("not_applicable")) r.not_applicable = j["not_applicable"].get<std::string>();
  if (j.contains("failure")) r.failure = j["failure"].get<std::string>();
  r.derive_seconds = j["derive_seconds"].get<double>();
  r.operations = j["operations"].get<std::size_t>();
  for (const auto& a : j["accelerations"]) {
    const auto v = a.get<std::vector<double>>();
    r.accelerations.emplace_back(Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size())));
  }
  return r;
}

struct Comparison {
  std::string system{}, reference{};
  std::vector<MethodResult> methods{};
  long count(const std::function<bool(const MethodResult&)>& predicate) const {
    return std::count_if(methods.begin(), methods.end(), predicate);
  }
  long timed_out() const { return count([](const MethodResult& m) { return m.timed_out; }); }
  long finished() const { return count([](const MethodResult& m) { return !m.not_applicable && !m.timed_out; }); }
  /// The exit status 0: every applicable method that finished agrees with the reference (none
  /// failed), and when some timed out, at least two finished (a comparison took place).
  bool agree(double tolerance) const {
    return !reference.empty() && (timed_out() == 0 || finished() >= 2) &&
           std::all_of(methods.begin(), methods.end(),
                       [&](const MethodResult& m) { return m.not_applicable || m.timed_out || m.agrees(tolerance); });
  }
};

// Every expression of the equations: M, F, G, g, q̇, the dependent speeds, the nonideal C.
std::vector<GiNaC::ex> equation_entries(const formulations::EquationsOfMotion& eom) {
  std::vector<GiNaC::ex> out;
  for (const auto* m : {&eom.mass_matrix, &eom.forcing, &eom.constraint_matrix, &eom.constraint_rhs,
                        &eom.coordinate_rates, &eom.dependent_speed_values, &eom.nonideal_force})
    for (unsigned i = 0; i < m->rows(); ++i)
      for (unsigned j = 0; j < m->cols(); ++j) out.push_back((*m)(i, j));
  return out;
}

// The operations of one evaluation of the equations with each common subexpression computed once:
// what the tape and the generated C compute. (Their trees, each shared subexpression counted as
// often as it is used, run to billions for a bicycle: 1.8e9 for Kane's, 4.5e3 evaluated.)
void measure_size(const formulations::EquationsOfMotion& eom, MethodResult& r) {
  r.operations = sym::cse(equation_entries(eom)).operation_count();
}

void evaluate_accelerations(const model::System& system, const formulations::EquationsOfMotion& eom,
                            const std::vector<analysis::SystemState>& states, MethodResult& r) {
  const auto parameters = system.parameter_values();
  try {
    for (const auto& x : states)
      r.accelerations.push_back(
          formulations::coordinate_accelerations(eom, formulations::state_for(eom, system, x.t, x.q, x.u), parameters));
  } catch (const Error& e) {
    r.failure = e.what();
  }
}

// One method, in the worker process. It derives from a freshly read model, so that its time does
// not profit from kinematics another method left cached in the model's frames and points.
MethodResult run_method(const std::string& model, const std::string& method,
                        const std::vector<analysis::SystemState>& states) {
  MethodResult r{.name = method};
  const auto system = read_model_document(model).system;
  formulations::EquationsOfMotion eom;
  try {
    const auto start = std::chrono::steady_clock::now();
    eom = analysis::derive_without_redundant_rows(system, method);
    r.derive_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } catch (const NotApplicableError& e) {
    r.not_applicable = e.what();
    return r;
  } catch (const Error& e) {
    r.failure = std::string("derivation failed: ") + e.what();
    return r;
  }
  measure_size(eom, r);
  evaluate_accelerations(system, eom, states, r);
  return r;
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

// max over states and coordinates of |a − b| / max(1, |a|, |b|).
double relative_difference(const std::vector<Eigen::VectorXd>& a, const std::vector<Eigen::VectorXd>& b) {
  double worst = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    for (Eigen::Index i = 0; i < a[k].size(); ++i) {
      const double scale = std::max({1.0, std::abs(a[k](i)), std::abs(b[k](i))});
      worst = std::max(worst, std::abs(a[k](i) - b[k](i)) / scale);
    }
  return worst;
}

// The comparison states: random, near the model's initial configuration (unlisted coordinates at
// 0), consistent with the constraints.
std::vector<analysis::SystemState> comparison_states(const model::System& system, const CompareOptions& o) {
  const Eigen::VectorXd center = system.reference_configuration();
  std::mt19937 rng(o.seed);
  std::vector<analysis::SystemState> states;
  for (int k = 0; k < o.states; ++k) states.push_back(analysis::random_consistent_state_near(system, center, rng));
  return states;
}

// Runs every method, handing each to `finished` as it finishes, its difference from the reference
// (the first method evaluated) set.
Comparison compare(const CompareOptions& o, const std::function<void(const MethodResult&, const Comparison&)>& finished) {
  const auto methods = formulations::select_methods(o.methods, o.skip, "--methods", "--skip");
  const auto system = read_model_document(o.model).system;
  const auto states = comparison_states(system, o);
  Comparison c{.system = system.name()};
  std::vector<Eigen::VectorXd> reference;
  for (const auto& method : methods) {
    const std::string stage = "derivation (" + method + ")";
    Stage deriving(stage.c_str());
    auto r = run_method_limited(o, method, states);
    if (c.reference.empty() && r.evaluated()) c.reference = r.name, reference = r.accelerations;
    if (r.evaluated()) r.difference = relative_difference(r.accelerations, reference);
    c.methods.push_back(std::move(r));
    finished(c.methods.back(), c);
  }
  return c;
}

std::string verdict(const MethodResult& m, const Comparison& c, double tolerance, double time_limit) {
  if (m.not_applicable) return "n/a: " + *m.not_applicable;
  if (m.failure) return "FAILED: " + *m.failure;
  if (m.timed_out) return fmt::format("timed out: no result within {:g} s", time_limit);
  if (m.name == c.reference) return "reference";
  return fmt::format("{:.1e} {}", *m.difference, m.agrees(tolerance) ? "agrees" : "DISAGREES");
}

void write_header(const std::string& system, const CompareOptions& o, std::ostream& out) {
  out << "System: " << system << "\n"
      << fmt::format("q'' of every formulation at {} random consistent states near the initial configuration, against "
                     "the first method evaluated (relative tolerance {:g}; time limit {:g} s per method)\n\n",
                     o.states, o.tolerance, o.time_limit)
      << fmt::format("{:<22}{:>12}{:>10}  {}\n", "method", "derive (ms)", "ops", "max rel. difference");
}

void write_row(const MethodResult& m, const Comparison& c, const CompareOptions& o, std::ostream& out) {
  if (m.not_applicable || !m.derive_seconds) out << fmt::format("{:<22}{:>22}  {}\n", m.name, "", verdict(m, c, o.tolerance, o.time_limit));
  else
    out << fmt::format("{:<22}{:>12.1f}{:>10}  {}\n", m.name, 1e3 * m.derive_seconds, m.operations,
                       verdict(m, c, o.tolerance, o.time_limit));
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
  const auto applicable = c.count([](const MethodResult& m) { return !m.not_applicable; });
  const auto failed = c.count([](const MethodResult& m) { return m.failure.has_value(); });
  const auto timed_out = c.timed_out(), finished = c.finished();
  out << "\n";
  if (failed) out << fmt::format("{} of the {} applicable methods FAILED.\n", failed, applicable);
  if (timed_out)
    out << fmt::format("{} of the {} applicable methods timed out ({}; time limit {:g} s).\n", timed_out, applicable,
                       timed_out_names(c), o.time_limit);
  if (c.reference.empty()) out << "No method could be evaluated on this model.\n";
  else if (applicable == 1) out << "Only " << c.reference << " applies: nothing to compare.\n";
  else if (finished == 1) out << "Only " << c.reference << " finished: nothing to compare.\n";
  else if (c.agree(o.tolerance) && timed_out) out << fmt::format("The {} methods that finished agree.\n", finished);
  else if (c.agree(o.tolerance)) out << fmt::format("All {} applicable methods agree.\n", applicable);
  else if (!failed) out << "The methods do NOT all agree.\n";
}

// A method's status in the JSON: "not applicable", "failed", "timed out", "reference", "agrees"
// or "disagrees".
std::string status(const MethodResult& m, const Comparison& c, double tolerance) {
  if (m.not_applicable) return "not applicable";
  if (m.failure) return "failed";
  if (m.timed_out) return "timed out";
  if (m.name == c.reference) return "reference";
  return m.agrees(tolerance) ? "agrees" : "disagrees";
}

nlohmann::json to_json(const Comparison& c, const CompareOptions& o) {
  nlohmann::json j = {{"system", c.system},         {"states", o.states},           {"tolerance", o.tolerance},
                      {"seed", o.seed},             {"time_limit", o.time_limit},   {"agree", c.agree(o.tolerance)},
                      {"timed_out", nlohmann::json::array()}, {"methods", nlohmann::json::array()}};
  j["reference"] = c.reference.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.reference);
  for (const auto& m : c.methods) {
    nlohmann::json r = {{"name", m.name}, {"applicable", !m.not_applicable}, {"status", status(m, c, o.tolerance)}};
    if (m.timed_out) j["timed_out"].push_back(m.name);
    if (m.not_applicable) r["reason"] = *m.not_applicable;
    else {
      r["derive_seconds"] = m.derive_seconds;
      r["operations"] = m.operations;
      r["failure"] = m.failure ? nlohmann::json(*m.failure) : nlohmann::json(nullptr);
      r["max_relative_difference"] = m.difference ? nlohmann::json(*m.difference) : nlohmann::json(nullptr);
      r["agrees"] = m.agrees(o.tolerance);
    }
    j["methods"].push_back(r);
  }
  return j;
}

int compare_command(const CompareOptions& o, std::ostream& out) {
  if (o.json) {
    const auto c = compare(o, [](const MethodResult&, const Comparison&) {});
    out << to_json(c, o).dump(2) << "\n";
    return c.agree(o.tolerance) ? 0 : 1;
  }
  bool header = false;
  const auto c = compare(o, [&](const MethodResult& m, const Comparison& so_far) {
    if (!header) write_header(so_far.system, o, out), header = true;
    write_row(m, so_far, o, out);
  });
  write_summary(c, o, out);
  return c.agree(o.tolerance) ? 0 : 1;
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
