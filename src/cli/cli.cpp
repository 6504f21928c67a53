#include "adyn/cli/cli.hpp"

#include <CLI/CLI.hpp>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/cli/equations_report.hpp"
#include "adyn/cli/kinematics_report.hpp"
#include "adyn/formulations/boltzmann_hamel.hpp"
#include "adyn/formulations/gauss.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/orthogonal_complement.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {
namespace {

formulations::EquationsOfMotion derive_equations(const model::System& system, const std::string& method) {
  if (method == "kane") return formulations::kane(system);
  if (method == "gibbs-appell") return formulations::gibbs_appell(system);
  if (method == "maggi") return formulations::orthogonal_complement(system);
  if (method == "boltzmann-hamel") return formulations::boltzmann_hamel(system);
  if (method == "gauss") return formulations::gauss(system);
  if (method == "udwadia-kalaba") return formulations::udwadia_kalaba(system);
  return formulations::lagrange(system);
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"adyn: analytical dynamics of constrained mechanical systems"};
  app.require_subcommand(1);

  std::string model_path;
  bool latex = false;
  auto* check = app.add_subcommand("check", "Read a model file and report what it contains");
  check->add_option("model", model_path, "Model file (YAML)")->required();
  auto* kinematics = app.add_subcommand("kinematics", "Angular velocities, velocities, accelerations and "
                                                      "partial velocities of a model");
  kinematics->add_option("model", model_path, "Model file (YAML)")->required();
  kinematics->add_flag("--latex", latex, "Print expressions as LaTeX");
  std::string method = "lagrange";
  auto* derive = app.add_subcommand("derive", "Derive the equations of motion");
  derive->add_option("model", model_path, "Model file (YAML)")->required();
  derive->add_option("-m,--method", method,
                     "Formulation: lagrange (multipliers for constraints), kane, gibbs-appell, maggi, boltzmann-hamel, "
                     "gauss or udwadia-kalaba")
      ->check(CLI::IsMember({"lagrange", "kane", "gibbs-appell", "maggi", "boltzmann-hamel", "gauss", "udwadia-kalaba"}));
  std::string format = "text";
  derive->add_option("-f,--format", format, "Output: text, latex or c (a C function, after CSE)")
      ->check(CLI::IsMember({"text", "latex", "c"}));
  auto* classify = app.add_subcommand("classify", "Classify the constraints (holonomic or not, integrals, "
                                                  "catastatic, conservative, redundant) and count DOF");
  classify->add_option("model", model_path, "Model file (YAML)")->required();

  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    err << "adyn: " << e.what() << "\n" << app.help();
    return 2;
  }

  try {
    auto system = io::read_model_file(model_path);
    if (*check) {
      out << "System: " << system.name() << "\n"
          << "  parameters: " << system.parameters().size() << ", coordinates: " << system.coordinates().size()
          << ", speeds: " << system.speeds().size() << ", frames: " << system.frames().size()
          << ", points: " << system.points().size() << ", constraints: " << system.constraints().size()
          << ", loads: " << system.forces().size() + system.torques().size() + system.springs().size() +
                                system.dampers().size() + system.potentials().size() +
                                system.dissipations().size() + system.generalized_forces().size()
          << "\n";
    } else if (*derive) {
      auto eom = derive_equations(system, method);
      if (format != "c") out << "System: " << system.name() << "\n";
      write_equations(eom, format == "c" ? EquationsFormat::C : format == "latex" ? EquationsFormat::Latex : EquationsFormat::Text,
                      out);
    } else if (*classify) {
      out << "System: " << system.name() << "\n" << analysis::to_string(analysis::classify_constraints(system));
    } else if (*kinematics) {
      write_kinematics_report(system, latex ? Format::Latex : Format::Text, out);
    }
  } catch (const Error& e) {
    err << "adyn: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace adyn::cli
