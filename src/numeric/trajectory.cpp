// Writing a trajectory as CSV or JSON (simulation.hpp).
#include <nlohmann/json.hpp>

#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "adyn/numeric/simulation.hpp"

namespace adyn::numeric {

void Trajectory::write_csv(std::ostream& os) const {
  os << "t";
  for (const auto& n : coordinate_names) os << "," << n;
  for (const auto& n : speed_names) os << "," << n;
  for (const auto& n : multiplier_names) os << ",lambda[" << n << "]";
  os << ",energy,violation\n" << std::setprecision(17);
  for (std::size_t k = 0; k < t.size(); ++k) {
    os << t[k];
    for (Eigen::Index i = 0; i < q[k].size(); ++i) os << "," << q[k](i);
    for (Eigen::Index i = 0; i < u[k].size(); ++i) os << "," << u[k](i);
    for (std::size_t i = 0; i < multiplier_names.size(); ++i)
      os << "," << (static_cast<Eigen::Index>(i) < lambda[k].size() ? lambda[k](static_cast<Eigen::Index>(i)) : std::nan(""));
    os << "," << energy[k] << "," << violation[k] << "\n";
  }
}

void Trajectory::write_json(std::ostream& os) const {
  auto list = [](const std::vector<std::string>& v) { return nlohmann::json(v).dump(); };
  auto number = [](double x) {
    std::ostringstream s;
    s << std::setprecision(17);
    if (std::isfinite(x)) s << x;
    else s << "null";
    return s.str();
  };
  os << "{\n  \"coordinates\": " << list(coordinate_names) << ",\n  \"speeds\": " << list(speed_names)
     << ",\n  \"multipliers\": " << list(multiplier_names) << ",\n  \"summary\": {\"completed\": "
     << (summary.completed ? "true" : "false") << ", \"interrupted\": " << (summary.interrupted ? "true" : "false")
     << ", \"stop_reason\": " << nlohmann::json(summary.stop_reason).dump()
     << ", \"warnings\": " << list(summary.warnings)
     << ", \"steps\": " << summary.steps << ", \"rhs_evaluations\": " << summary.rhs_evaluations
     << ", \"max_violation\": " << number(summary.max_violation) << ", \"energy_drift\": " << number(summary.energy_drift)
     << "},\n  \"samples\": [\n";
  for (std::size_t k = 0; k < t.size(); ++k) {
    auto vec = [&](const Eigen::VectorXd& v) {
      std::string s = "[";
      for (Eigen::Index i = 0; i < v.size(); ++i) s += (i ? ", " : "") + number(v(i));
      return s + "]";
    };
    os << "    {\"t\": " << number(t[k]) << ", \"q\": " << vec(q[k]) << ", \"u\": " << vec(u[k])
       << ", \"lambda\": " << vec(lambda[k]) << ", \"energy\": " << number(energy[k])
       << ", \"violation\": " << number(violation[k]) << "}" << (k + 1 < t.size() ? "," : "") << "\n";
  }
  os << "  ]\n}\n";
}

}  // namespace adyn::numeric
