#include "adyn/application/linearization.hpp"

#include <algorithm>
#include <sstream>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/application/dependent_speeds.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::application {

namespace {

// The point's values with the parameters not named in `symbolic` replaced by their values, and
// those parameters added to the point. A value that is a number is made a floating-point one
// (phi = 0.1 is read as 1/10; pi/4): the linearization then computes with the rationals of
// doubles, which fold into single numbers. Kept exact, sin(1/10) and the square roots of the
// dependent coordinates' solution stay symbolic and grow into expressions of megabytes whose
// evaluation cancels catastrophically (the bicycle's eigenvalues at phi = 1/10 came out
// −0.28 ± 6.08i, −9.35, −0.26 instead of −0.80 ± 4.47i, −14.05, −0.31).
GiNaC::exmap with_parameter_values(const model::System& system, const GiNaC::exmap& values,
                                   const std::vector<std::string>& symbolic) {
  GiNaC::exmap parameters;
  for (const auto& p : system.parameters())
    if (std::find(symbolic.begin(), symbolic.end(), p.symbol.get_name()) == symbolic.end() && p.value)
      parameters[p.symbol] = *p.value;
  GiNaC::exmap out = parameters;
  for (const auto& [s, e] : values) {
    const GiNaC::ex value = sym::substitute(e, parameters), number = value.evalf();
    out[s] = GiNaC::is_a<GiNaC::numeric>(number) ? number : value;
  }
  return out;
}

}  // namespace

Linearization linearize_model(io::ModelDocument doc, const std::string& method, const Assignments& given,
                              bool from_rest, const std::vector<std::string>& dependent_speeds,
                              const std::optional<std::vector<std::string>>& symbolic_parameters) {
  set_dependent_speeds(doc.system, dependent_speeds);
  auto eom = analysis::derive_without_redundant_rows(doc.system, method);
  return linearize_equations(std::move(doc), std::move(eom), given, from_rest, symbolic_parameters);
}

Linearization linearize_equations(io::ModelDocument doc, formulations::EquationsOfMotion eom, const Assignments& given,
                                  bool from_rest, const std::optional<std::vector<std::string>>& symbolic_parameters) {
  const auto state_values = set_parameters(doc.system, given);
  auto point = operating_point(doc, eom, state_values, from_rest);
  const GiNaC::exmap at =
      symbolic_parameters ? with_parameter_values(doc.system, point.values, *symbolic_parameters) : point.values;
  auto lin = analysis::linearize(doc.system, eom, at);
  std::vector<std::string> notes;
  if (const double r = analysis::stationarity_residual(lin, doc.system.parameter_values()); r > 1e-8) {
    std::ostringstream note;
    note << "the operating point is not an equilibrium or steady motion (|du/dt|, |dq/dt| up to " << r
         << "): the linearization holds only at this instant";
    notes.push_back(note.str());
  }
  return {std::move(doc), std::move(eom), std::move(point), std::move(lin), std::move(notes)};
}

}  // namespace adyn::application
