// `adyn integrals MODEL [--json]`: the generalized momenta, the cyclic coordinates with their
// conserved momenta and Routh's function, and the Jacobi integral with Greenwood's conditions for
// its conservation (docs/analysis.md).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <memory>
#include <sstream>

#include "adyn/analysis/integrals.hpp"
#include "adyn/cli/commands.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::cli {

namespace {

std::string text(const GiNaC::ex& e) { return sym::to_text(e); }

}  // namespace

Action declare_integrals(CLI::App& command) {
  struct Options {
    std::string model;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  command.description("Integrals of motion: generalized momenta, cyclic coordinates and Routh's function, the "
                      "Jacobi (energy) integral");
  add_model_argument(command, o->model);
  add_json_flag(command, o->json);
  return [o](std::ostream& out, std::ostream&) {
    const auto system = read_model_document(o->model).system;
    const auto integrals = analysis::integrals_of_motion(system);
    std::vector<GiNaC::symbol> cyclic;
    for (const auto& c : integrals.cyclic) cyclic.push_back(c.coordinate);
    const auto routh = cyclic.empty() ? analysis::RouthReduction{} : analysis::routh_reduction(system, cyclic);
    if (o->json) {
      nlohmann::json j{{"system", system.name()}, {"energy_function", text(integrals.energy_function)},
                       {"energy_conserved", integrals.jacobi.conservative()}, {"cyclic", nlohmann::json::array()}};
      for (std::size_t k = 0; k < integrals.coordinates.size(); ++k)
        j["momenta"][integrals.coordinates[k].get_name()] = text(integrals.momenta(k, 0));
      for (const auto& c : integrals.cyclic) j["cyclic"].push_back({{"coordinate", c.coordinate.get_name()}, {"momentum", text(c.momentum)}});
      if (!cyclic.empty()) j["routhian"] = text(routh.routhian);
      out << j.dump(2) << "\n";
      return 0;
    }
    out << "System: " << system.name() << "\n" << analysis::to_string(integrals);
    if (!cyclic.empty()) out << "Routh's function R = L - sum beta q_c' (q_c' eliminated): " << text(routh.routhian) << "\n";
    return 0;
  };
}

}  // namespace adyn::cli
