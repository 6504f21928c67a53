// Joint limits along a trajectory (joint_limits.hpp): the model's joints' (System::joints).
#include "adyn/io/joint_limits.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "adyn/number_text.hpp"

namespace adyn::io {
namespace {

// Where a sampled value first leaves [lower, upper] and where it is furthest outside.
struct Excursion {
  std::size_t first, furthest;
};

std::optional<Excursion> excursion(const std::vector<Eigen::VectorXd>& samples, Eigen::Index column, double lower,
                                   double upper) {
  std::optional<Excursion> found;
  double worst = 0;
  for (std::size_t k = 0; k < samples.size(); ++k) {
    const double x = samples[k](column);
    const double beyond = std::max(lower - x, x - upper);
    if (!(beyond > 0)) continue;
    if (!found) found = Excursion{k, k};
    if (beyond > worst) worst = beyond, found->furthest = k;
  }
  return found;
}

std::optional<Eigen::Index> column_named(const std::vector<std::string>& names, const std::string& name) {
  const auto at = std::find(names.begin(), names.end(), name);
  if (at == names.end()) return std::nullopt;
  return static_cast<Eigen::Index>(at - names.begin());
}

std::optional<GiNaC::symbol> coordinate_named(const model::System& system, const std::string& name) {
  const auto& q = system.coordinates();
  const auto at = std::find_if(q.begin(), q.end(), [&](const GiNaC::symbol& s) { return s.get_name() == name; });
  if (at == q.end()) return std::nullopt;
  return *at;
}

std::string sample_text(const numeric::Trajectory& tr, const std::vector<Eigen::VectorXd>& samples, Eigen::Index column,
                        std::size_t k, const std::string& symbol) {
  return "t = " + number_text(tr.t[k]) + " (" + symbol + " = " + number_text(samples[k](column)) + ")";
}

// The name a message gives a joint: a robot description's own (doc.joints: finger-left, whose
// coordinate is finger_left), else the model's.
std::string shown_name(const ModelDocument& doc, const model::JointRecord& joint) {
  for (const auto& r : doc.joints)
    if (r.coordinate == joint.coordinates.front()) return r.name;
  return joint.name;
}

std::string message(const std::string& joint, const std::string& what, const numeric::Trajectory& tr,
                    const std::vector<Eigen::VectorXd>& samples, Eigen::Index column, const Excursion& e,
                    const std::string& symbol) {
  return "joint '" + joint + "' " + what + " at " + sample_text(tr, samples, column, e.first, symbol) +
         ", furthest at " + sample_text(tr, samples, column, e.furthest, symbol) +
         ": the equations do not enforce a description's limits";
}

}  // namespace

std::vector<std::string> joint_limit_excursions(const ModelDocument& doc, const numeric::Trajectory& trajectory) {
  std::vector<std::string> out;
  for (const auto& joint : doc.system.joints()) {
    if (joint.coordinates.size() != 1) continue;  // limits are a revolute or prismatic joint's
    const auto& name = joint.coordinates.front();
    const auto q = coordinate_named(doc.system, name);
    if (!q) continue;
    const std::string unit = doc.system.unit_of(*q), shown = shown_name(doc, joint);
    const auto& [lower, upper, velocity] = joint.limits;
    if (lower && upper)
      if (const auto c = column_named(trajectory.coordinate_names, name))
        if (const auto e = excursion(trajectory.q, *c, *lower, *upper))
          out.push_back(message(shown, "left its range [" + number_text(*lower) + ", " + number_text(*upper) + "] " + unit,
                                trajectory, trajectory.q, *c, *e, "q"));
    if (velocity)
      if (const auto c = column_named(trajectory.speed_names, joint.speeds.front()))
        if (const auto e = excursion(trajectory.u, *c, -*velocity, *velocity))
          out.push_back(message(shown, "exceeded its speed bound " + number_text(*velocity) + " " + unit + "/s",
                                trajectory, trajectory.u, *c, *e, "q'"));
  }
  return out;
}

}  // namespace adyn::io
