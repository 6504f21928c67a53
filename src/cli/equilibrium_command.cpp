// `adyn equilibrium MODEL [--guess "NAME=V,..."]... [--scan N] [--free NAME,...]`: equilibria and
// steady motions found by Gauss–Newton from the model's initial conditions and the given or random
// guesses, each with its stability from the linearization (docs/analysis.md).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <random>
#include <sstream>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/analysis/equilibrium.hpp"
#include "adyn/analysis/linearization.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/cli/operating_point.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"

namespace adyn::cli {

namespace {

struct EquilibriumArguments {
  std::string model, method = formulations::default_method_in_speeds;
  std::vector<std::string> guesses, free;
  int scan = 0;
  bool json = false;
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> parts;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) parts.push_back(item);
  return parts;
}

// The model's initial state, each --guess over it, and `scan` random perturbations of the unknowns
// (uniform in ±π around the initial values, seeded: the same guesses every run).
std::vector<formulations::State> guesses(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                                         const EquilibriumArguments& a, const std::vector<GiNaC::symbol>& unknowns) {
  std::vector<formulations::State> out{application::operating_point(doc, eom, {}).state};
  for (const auto& g : a.guesses) out.push_back(application::operating_point(doc, eom, assignments(split(g))).state);
  std::mt19937 rng(20261123);
  std::uniform_real_distribution<double> offset(-M_PI, M_PI);
  for (int k = 0; k < a.scan; ++k) {
    auto x = out.front();
    for (const auto& s : unknowns) {
      for (std::size_t j = 0; j < eom.n(); ++j)
        if (eom.coordinates[j].is_equal(s)) x.q(static_cast<Eigen::Index>(j)) += offset(rng);
      for (std::size_t j = 0; j < eom.p(); ++j)
        if (eom.speeds[j].is_equal(s)) x.u(static_cast<Eigen::Index>(j)) += offset(rng);
    }
    out.push_back(x);
  }
  return out;
}

std::string stability_of(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom, const analysis::Equilibrium& e) {
  if (eom.m()) return "not assessed (multiplier form: use -m kane)";
  const auto lin = analysis::linearize(doc.system, eom, formulations::state_values(eom, e.state, {}));
  return analysis::stability_verdict(analysis::eigenanalysis(lin, doc.system.parameter_values()));
}

void write_text(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                const std::vector<analysis::Equilibrium>& found, const std::vector<std::string>& verdicts, std::ostream& out) {
  out << "System: " << doc.system.name() << " (" << eom.method << " equations): " << found.size()
      << (found.size() == 1 ? " equilibrium\n" : " equilibria\n") << std::setprecision(12);
  for (std::size_t k = 0; k < found.size(); ++k) {
    const auto& e = found[k];
    out << "  " << k + 1 << ":";
    const char* separator = " ";
    auto item = [&](const GiNaC::symbol& s, double v) {
      out << separator << s.get_name() << " = " << (std::abs(v) < 1e-12 ? 0.0 : v);  // roundoff shown as 0
      separator = ", ";
    };
    for (std::size_t j = 0; j < eom.n(); ++j) item(eom.coordinates[j], e.state.q(static_cast<Eigen::Index>(j)));
    for (std::size_t j = 0; j < eom.p(); ++j) item(eom.speeds[j], e.state.u(static_cast<Eigen::Index>(j)));
    for (std::size_t j = 0; j < eom.m(); ++j) item(eom.multipliers[j], e.multipliers(static_cast<Eigen::Index>(j)));
    out << "\n     residual " << std::setprecision(3) << e.residual << std::setprecision(12) << ", " << verdicts[k] << "\n";
  }
}

void write_json(const io::ModelDocument& doc, const formulations::EquationsOfMotion& eom,
                const std::vector<analysis::Equilibrium>& found, const std::vector<std::string>& verdicts, std::ostream& out) {
  nlohmann::json j{{"system", doc.system.name()}, {"method", eom.method}, {"equilibria", nlohmann::json::array()}};
  for (std::size_t k = 0; k < found.size(); ++k) {
    nlohmann::json e{{"residual", found[k].residual}, {"stability", verdicts[k]}};
    for (std::size_t i = 0; i < eom.n(); ++i) e["coordinates"][eom.coordinates[i].get_name()] = found[k].state.q(static_cast<Eigen::Index>(i));
    for (std::size_t i = 0; i < eom.p(); ++i) e["speeds"][eom.speeds[i].get_name()] = found[k].state.u(static_cast<Eigen::Index>(i));
    for (std::size_t i = 0; i < eom.m(); ++i) e["multipliers"][eom.multipliers[i].get_name()] = found[k].multipliers(static_cast<Eigen::Index>(i));
    j["equilibria"].push_back(e);
  }
  out << j.dump(2) << "\n";
}

}  // namespace

Action declare_equilibrium(CLI::App& command) {
  auto a = std::make_shared<EquilibriumArguments>();
  command.description("Find equilibria and steady motions (u' = 0, the non-cyclic coordinates at rest) from the "
                      "model's initial conditions and further guesses, with their stability");
  add_model_argument(command, a->model);
  add_method_option(command, a->method, std::string("default: ") + formulations::default_method_in_speeds);
  command.add_option("--guess", a->guesses, "\"NAME=EXPR,...\": a starting point over the initial conditions; repeatable")
      ->type_name("ASSIGNMENTS");
  command.add_option("--scan", a->scan, "Also start from N random points (the unknowns within +-pi of the initial values; N up to 10000)")
      ->check(CLI::Range(0, 10000));
  command.add_option("--free", a->free, "Unknowns to solve for, comma-separated coordinates and speeds (default: the "
                                        "coordinates the equations contain and the speeds in their rates; the rest stays at the guess)")
      ->delimiter(',');
  add_json_flag(command, a->json);
  return [a](std::ostream& out, std::ostream&) {
    const auto doc = read_model_document(a->model);
    const auto eom = analysis::derive_without_redundant_rows(doc.system, a->method);
    analysis::EquilibriumOptions options;
    options.unknowns = application::unknowns_named(eom, a->free, "--free");
    auto scanned = options.unknowns;  // default: the coordinates that are not ignorable
    const auto ignorable = analysis::ignorable_coordinates(eom);
    for (const auto& q : eom.coordinates)
      if (options.unknowns.empty() && std::none_of(ignorable.begin(), ignorable.end(), [&](const auto& c) { return c.is_equal(q); }))
        scanned.push_back(q);
    const auto found = analysis::find_equilibria(doc.system, eom, guesses(doc, eom, *a, scanned),
                                                 doc.system.parameter_values(), options);
    std::vector<std::string> verdicts;
    for (const auto& e : found) verdicts.push_back(stability_of(doc, eom, e));
    if (a->json) write_json(doc, eom, found, verdicts, out);
    else write_text(doc, eom, found, verdicts, out);
    return 0;
  };
}

}  // namespace adyn::cli
