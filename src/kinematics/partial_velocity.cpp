#include "adyn/kinematics/partial_velocity.hpp"

#include "adyn/error.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::kin {

std::vector<Vector> partial_velocities(const Vector& v, const std::vector<GiNaC::symbol>& speeds,
                                       const std::string& what) {
  std::vector<Vector> out;
  out.reserve(speeds.size());
  for (const auto& u : speeds) {
    Vector vr = v.diff(u);
    // Linear in the speeds <=> no partial velocity contains a speed.
    for (const auto& part : vr.parts())
      for (const auto& w : speeds)
        if (sym::matrix_has(part.components, w))
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
