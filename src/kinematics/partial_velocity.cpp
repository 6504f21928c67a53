#include "adyn/kinematics/partial_velocity.hpp"

#include "adyn/error.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::kin {

std::vector<Vector> partial_velocities(const Vector& v, const std::vector<GiNaC::symbol>& speeds,
                                       const std::string& what) {
  std::vector<Vector> out;
  out.reserve(speeds.size());
  std::vector<sym::Occurrence> occurrences;  // one per speed, shared by all partial velocities
  for (const auto& w : speeds) occurrences.emplace_back(w);
  for (const auto& u : speeds) {
    Vector vr = v.diff(u);
    // Linear in the speeds <=> no partial velocity contains a speed.
    for (const auto& part : vr.parts())
      for (std::size_t k = 0; k < speeds.size(); ++k)
        if (const auto& w = speeds[k]; occurrences[k].in(part.components))
          throw ModelError(what, "is not linear in the generalized speeds ('" + u.get_name() + "', '" +
                                     w.get_name() + "')");
    out.push_back(vr);
  }
  return out;
}

Vector velocity_remainder(const Vector& v, const std::vector<GiNaC::symbol>& speeds) {
  GiNaC::exmap zero;
  for (const auto& u : speeds) zero[u] = 0;
  return v.subs(zero);
}

}  // namespace adyn::kin
