#include "adyn/application/equations_report.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/formulations/printing.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::application {
namespace {

void entry(std::ostream& out, const std::string& name, const GiNaC::ex& e) {
  out << "  " << name << " = " << sym::to_text(e) << "\n";
}

std::string at(const char* base, std::size_t i) { return std::string(base) + "[" + std::to_string(i + 1) + "]"; }
std::string at(const char* base, std::size_t i, std::size_t j) {
  return std::string(base) + "[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
}

void write_text(const formulations::EquationsOfMotion& equations, std::ostream& out) {
  const auto [intermediates, eom] = formulations::with_intermediates(equations);
  if (!intermediates.empty()) out << "  intermediates (common subexpressions, in order of evaluation):\n";
  for (const auto& [z, value] : intermediates) entry(out, z.get_name(), value);
  if (!eom.hamiltonian.is_zero()) entry(out, "Hamiltonian H", eom.hamiltonian);
  for (std::size_t i = 0; i < eom.p(); ++i)
    for (std::size_t j = i; j < eom.p(); ++j)
      if (!eom.mass_matrix(i, j).is_zero()) entry(out, at("M", i, j), eom.mass_matrix(i, j));
  for (std::size_t i = 0; i < eom.p(); ++i) entry(out, at("F", i), eom.forcing(i, 0));
  for (std::size_t k = 0; k < eom.constraint_matrix.rows(); ++k) {
    for (std::size_t j = 0; j < eom.p(); ++j)
      if (!eom.constraint_matrix(k, j).is_zero()) entry(out, at("G", k, j), eom.constraint_matrix(k, j));
    entry(out, at("g", k), eom.constraint_rhs(k, 0));
  }
  for (std::size_t i = 0; i < eom.nonideal_force.rows(); ++i)
    if (!eom.nonideal_force(i, 0).is_zero()) entry(out, at("C", i), eom.nonideal_force(i, 0));
  if (!eom.friction_coefficient.is_zero())
    out << "  Coulomb friction mu = " << sym::to_text(eom.friction_coefficient) << ": C = -mu |Q^c_i| q'/|q'| (stick-slip at rest)\n";
  for (std::size_t d = 0; d < eom.dependent_speeds.size(); ++d)
    entry(out, eom.dependent_speeds[d].get_name(), eom.dependent_speed_values(d, 0));
  for (std::size_t i = 0; i < eom.n(); ++i)
    if (formulations::rate_is_informative(eom, i))
      entry(out, eom.coordinates[i].get_name() + "_d", eom.coordinate_rates(i, 0));
}

nlohmann::json column_json(const GiNaC::matrix& m) {
  auto rows = nlohmann::json::array();
  for (unsigned i = 0; i < m.rows(); ++i) rows.push_back(expression_string(m(i, 0)));
  return rows;
}

nlohmann::json matrix_json(const GiNaC::matrix& m) {
  auto rows = nlohmann::json::array();
  for (unsigned i = 0; i < m.rows(); ++i) {
    auto row = nlohmann::json::array();
    for (unsigned j = 0; j < m.cols(); ++j) row.push_back(expression_string(m(i, j)));
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json names_json(const std::vector<GiNaC::symbol>& symbols) {
  auto names = nlohmann::json::array();
  for (const auto& s : symbols) names.push_back(s.get_name());
  return names;
}

}  // namespace

std::string expression_string(const GiNaC::ex& e) { return sym::to_text(e); }

nlohmann::json equations_json(const formulations::EquationsOfMotion& equations) {
  const auto [intermediates, eom] = formulations::with_intermediates(equations);
  nlohmann::json j;
  j["method"] = eom.method;
  j["form"] = formulations::equation_form(eom);
  j["coordinates"] = names_json(eom.coordinates);
  j["speeds"] = names_json(eom.speeds);
  j["parameters"] = names_json(formulations::parameters_of(eom));
  j["intermediates"] = nlohmann::json::array();
  for (const auto& [z, value] : intermediates) j["intermediates"].push_back({{"name", z.get_name()}, {"value", expression_string(value)}});
  j["mass_matrix"] = matrix_json(eom.mass_matrix);
  j["forcing"] = column_json(eom.forcing);
  j["constraint_matrix"] = matrix_json(eom.constraint_matrix);
  j["constraint_rhs"] = column_json(eom.constraint_rhs);
  j["constraint_names"] = eom.constraint_names;
  j["dropped_constraints"] = eom.dropped_constraints;
  j["multipliers"] = nlohmann::json::array();
  for (std::size_t k = 0; k < eom.m(); ++k)
    j["multipliers"].push_back({{"name", eom.multipliers[k].get_name()}, {"constraint", eom.multiplier_names[k]}});
  j["coordinate_rates"] = column_json(eom.coordinate_rates);
  j["dependent_speeds"] = nlohmann::json::array();
  for (std::size_t d = 0; d < eom.dependent_speeds.size(); ++d)
    j["dependent_speeds"].push_back(
        {{"name", eom.dependent_speeds[d].get_name()}, {"value", expression_string(eom.dependent_speed_values(d, 0))}});
  if (eom.enforcement == formulations::ConstraintEnforcement::NumericElimination)
    j["numeric_elimination"] = {{"dependent_speeds", names_json(eom.numeric_dependent_speeds)},
                                {"rows", eom.constraint_matrix.rows()},
                                {"symbolic_limit", sym::largest_graph_determinant},
                                {"note", formulations::numeric_elimination_note(eom)}};
  j["nonideal_force"] = column_json(eom.nonideal_force);
  j["friction_coefficient"] = expression_string(eom.friction_coefficient);
  if (!eom.hamiltonian.is_zero()) j["hamiltonian"] = expression_string(eom.hamiltonian);
  return j;
}

void write_equations(const formulations::EquationsOfMotion& eom, EquationsFormat format, std::ostream& out) {
  if (format == EquationsFormat::C) {
    out << formulations::to_c(eom);
    return;
  }
  out << "Equations of motion (" << eom.method << "): " << formulations::equation_form(eom) << "\n  speeds u: ";
  for (std::size_t i = 0; i < eom.p(); ++i) out << (i ? ", " : "") << eom.speeds[i].get_name();
  out << "\n";
  if (format == EquationsFormat::Latex) out << formulations::to_latex(eom);
  else write_text(eom, out);
  for (std::size_t k = 0; k < eom.m(); ++k)
    out << "  " << eom.multipliers[k].get_name() << ": multiplier of constraint '" << eom.multiplier_names[k] << "'\n";
  if (!eom.dropped_constraints.empty()) out << "  " << formulations::dropped_note(eom) << "\n";
  if (const auto note = formulations::numeric_elimination_note(eom); !note.empty()) {
    out << "  " << note << "\n  dependent speeds chosen at the initial state: ";
    for (std::size_t d = 0; d < eom.numeric_dependent_speeds.size(); ++d)
      out << (d ? ", " : "") << eom.numeric_dependent_speeds[d].get_name();
    out << "\n";
  }
}

}  // namespace adyn::application
