#include "adyn/cli/equations_report.hpp"

namespace adyn::cli {
namespace {

void entry(std::ostream& out, Format format, const std::string& name, const GiNaC::ex& e) {
  if (format == Format::Latex) out << "  " << name << " &= " << GiNaC::latex << e << GiNaC::dflt << " \\\\\n";
  else out << "  " << name << " = " << e << "\n";
}

std::string index(const char* base, std::size_t i, std::size_t j, Format format) {
  if (format == Format::Latex) return std::string(base) + "_{" + std::to_string(i + 1) + std::to_string(j + 1) + "}";
  return std::string(base) + "[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
}

std::string index(const char* base, std::size_t i, Format format) {
  if (format == Format::Latex) return std::string(base) + "_{" + std::to_string(i + 1) + "}";
  return std::string(base) + "[" + std::to_string(i + 1) + "]";
}

}  // namespace

void write_equations(const formulations::EquationsOfMotion& eom, Format format, std::ostream& out) {
  out << "Equations of motion (" << eom.method << "): M u' = F" << (eom.m() ? " + G^T lambda, G u' = g" : "") << "\n";
  out << "  speeds u: ";
  for (std::size_t i = 0; i < eom.p(); ++i) out << (i ? ", " : "") << eom.speeds[i].get_name();
  out << "\n";
  if (format == Format::Latex) out << "\\begin{aligned}\n";
  for (std::size_t i = 0; i < eom.p(); ++i)
    for (std::size_t j = i; j < eom.p(); ++j)
      if (!eom.mass_matrix(i, j).is_zero()) entry(out, format, index("M", i, j, format), eom.mass_matrix(i, j));
  for (std::size_t i = 0; i < eom.p(); ++i) entry(out, format, index("F", i, format), eom.forcing(i, 0));
  for (std::size_t k = 0; k < eom.m(); ++k) {
    for (std::size_t j = 0; j < eom.p(); ++j)
      if (!eom.constraint_matrix(k, j).is_zero()) entry(out, format, index("G", k, j, format), eom.constraint_matrix(k, j));
    entry(out, format, index("g", k, format), eom.constraint_rhs(k, 0));
  }
  for (std::size_t i = 0; i < eom.dependent_speeds.size(); ++i)
    entry(out, format, eom.dependent_speeds[i].get_name(), eom.dependent_speed_values(i, 0));
  bool trivial = true;
  for (std::size_t i = 0; i < eom.n(); ++i)
    trivial = trivial && i < eom.p() && eom.coordinate_rates(i, 0).is_equal(eom.speeds[i]);
  if (!trivial)
    for (std::size_t i = 0; i < eom.n(); ++i)
      entry(out, format, eom.coordinates[i].get_name() + "_d", eom.coordinate_rates(i, 0));
  if (format == Format::Latex) out << "\\end{aligned}\n";
  for (std::size_t k = 0; k < eom.m(); ++k)
    out << "  " << eom.multipliers[k].get_name() << ": multiplier of constraint '" << eom.multiplier_names[k] << "'\n";
}

}  // namespace adyn::cli
