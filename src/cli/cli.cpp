#include "adyn/cli/cli.hpp"

#include <CLI/CLI.hpp>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/cli/equations_report.hpp"
#include "adyn/cli/kinematics_report.hpp"
#include "adyn/cli/simulate_command.hpp"
#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::cli {
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
                     "gauss, udwadia-kalaba, fundamental-equation or hamilton")
      ->check(CLI::IsMember(formulations::method_names()));
  std::string format = "text";
  derive->add_option("-f,--format", format, "Output: text, latex or c (a C function, after CSE)")
      ->check(CLI::IsMember({"text", "latex", "c"}));
  auto* classify = app.add_subcommand("classify", "Classify the constraints (holonomic or not, integrals, "
                                                  "catastatic, conservative, redundant) and count DOF");
  classify->add_option("model", model_path, "Model file (YAML)")->required();
  SimulateArguments sim;
  auto* simulate = app.add_subcommand("simulate", "Integrate the equations of motion from the model's initial "
                                                  "conditions and write the trajectory");
  simulate->add_option("model", model_path, "Model file (YAML)")->required();
  simulate->add_option("-m,--method", sim.method, "Formulation (default: the model's, else lagrange)")
      ->check(CLI::IsMember(formulations::method_names()));
  simulate->add_option("-o,--output", sim.output, "Trajectory file: .csv or .json (default: CSV on standard output)");
  simulate->add_option("--t-end", sim.t_end, "End time");
  simulate->add_option("--dt", sim.output_step, "Output interval");
  simulate->add_option("--rtol", sim.rtol, "Relative tolerance");
  simulate->add_option("--atol", sim.atol, "Absolute tolerance");
  simulate->add_option("--integrator", sim.integrator,
                       "dopri (explicit Dormand-Prince), bdf (CVODE), ida (DAE with the multipliers) or midpoint "
                       "(symplectic implicit midpoint, fixed step --dt/10; use with -m hamilton)")
      ->check(CLI::IsMember({"dopri", "bdf", "ida", "midpoint"}));
  simulate->add_flag("--no-projection", sim.no_projection, "Do not project onto the constraints");
  simulate->add_option("--baumgarte", sim.baumgarte, "Baumgarte stabilization rate alpha (1/s); default off");
  simulate->add_option("--backend", sim.backend, "tape (default) or native (generated C compiled at run time)")
      ->check(CLI::IsMember({"tape", "native"}));

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
    auto doc = io::read_model_document(model_path);
    const auto& system = doc.system;
    if (*simulate) return simulate_command(doc, sim, out, err);
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
      auto eom = formulations::derive(system, method);
      if (format != "c") out << "System: " << system.name() << "\n";
      if (method == "hamilton" && format != "c") {
        auto H = formulations::hamiltonian_form(formulations::lagrangian_form(system)).hamiltonian;
        out << "Hamiltonian H = ";
        if (format == "latex") out << sym::to_latex(H) << "\n";
        else out << H << "\n";
      }
      write_equations(eom, format == "c" ? EquationsFormat::C : format == "latex" ? EquationsFormat::Latex : EquationsFormat::Text,
                      out);
    } else if (*classify) {
      out << "System: " << system.name() << "\n" << analysis::to_string(analysis::classify_constraints(system));
    } else if (*kinematics) {
      write_kinematics_report(system, latex ? Format::Latex : Format::Text, out);
    }
  } catch (const SingularityError& e) {  // the model is read, but the run fails at a singular state
    err << "adyn: error: " << e.what() << "\n";
    return 1;
  } catch (const ModelError& e) {  // bad input: the model file or the model it describes
    err << "adyn: error: " << e.what() << "\n";
    return 2;
  } catch (const Error& e) {
    err << "adyn: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace adyn::cli
