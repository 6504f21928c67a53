// Euler parameters among the coordinates (euler_parameters.hpp).
#include "euler_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "adyn/number_text.hpp"

namespace adyn::numeric {

EulerParameterSets euler_parameter_sets(const std::vector<kin::ReferenceFrame>& moving,
                                        const std::vector<GiNaC::symbol>& coordinates) {
  EulerParameterSets sets;
  auto position = [&](const GiNaC::ex& e) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < coordinates.size(); ++i)
      if (GiNaC::ex(coordinates[i]).is_equal(e)) return i;
    return std::nullopt;
  };
  for (const auto& frame : moving) {
    const auto& orientation = frame.orientation();
    if (orientation.kind() != kin::Orientation::Kind::Quaternion) continue;
    std::array<std::size_t, 4> at{};
    bool all = true;
    for (std::size_t k = 0; k < 4 && all; ++k) {
      const auto i = position(orientation.coordinates()[k]);
      all = i.has_value();
      if (all) at[k] = *i;
    }
    if (!all) continue;  // a formula in the coordinates: only watched (rotation_defect)
    sets.frames.push_back(frame.name());
    sets.coordinates.push_back(at);
  }
  return sets;
}

bool keep_unit_norm(const EulerParameterSets& sets, double* q, double above, EulerParameterDrift& drift) {
  drift.frames = sets.frames;
  drift.beyond = above;
  bool changed = false;
  for (const auto& at : sets.coordinates) {
    double sum = 0;
    for (auto i : at) sum += q[i] * q[i];
    const double norm = std::sqrt(sum), error = std::abs(norm - 1);
    drift.largest = std::max(drift.largest, error);
    if (!(error > above) || !(norm > 0)) continue;
    for (auto i : at) q[i] /= norm;
    ++drift.scalings;
    changed = true;
  }
  return changed;
}

std::string describe_euler_parameters(const EulerParameterDrift& drift) {
  if (drift.frames.empty()) return "";
  std::string frames;
  for (const auto& f : drift.frames) frames += (frames.empty() ? "'" : ", '") + f + "'";
  return "Euler parameters of " + frames + ": |norm - 1| at most " + number_text(drift.largest) +
         " at the samples, scaled back to 1 at " + std::to_string(drift.scalings) + " of them" +
         (std::isfinite(drift.beyond) ? " (beyond " + number_text(drift.beyond) + ")" : " (no projection: never)");
}

}  // namespace adyn::numeric
