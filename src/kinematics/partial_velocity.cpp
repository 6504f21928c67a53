#include "adyn/kinematics/partial_velocity.hpp"

#include "adyn/error.hpp"

namespace adyn::kin {

PartialVelocities::PartialVelocities(const std::vector<GiNaC::symbol>& speeds) : speeds_(speeds), any_speed_(speeds) {
  for (const auto& u : speeds) derivatives_.emplace_back(u);
}

void PartialVelocities::throw_nonlinear(const Mat& partial, std::size_t r, const std::string& what) const {
  std::string found;
  for (const auto& u : speeds_)
    if (found.empty() && sym::Occurrence(u).in(partial)) found = u.get_name();
  throw ModelError(what, "is not linear in the generalized speeds ('" + speeds_[r].get_name() + "', '" + found + "')");
}

std::vector<Vector> PartialVelocities::of(const Vector& v, const std::string& what) {
  std::vector<Vector> out;
  out.reserve(speeds_.size());
  for (std::size_t r = 0; r < speeds_.size(); ++r) {
    Vector vr = v.map([&](const GiNaC::ex& e) { return derivatives_[r](e); });
    // Linear in the speeds <=> no partial velocity contains a speed.
    for (const auto& part : vr.parts())
      if (any_speed_.in(part.components)) throw_nonlinear(part.components, r, what);
    out.push_back(vr);
  }
  return out;
}

std::vector<Vector> partial_velocities(const Vector& v, const std::vector<GiNaC::symbol>& speeds,
                                       const std::string& what) {
  return PartialVelocities(speeds).of(v, what);
}

Vector velocity_remainder(const Vector& v, const std::vector<GiNaC::symbol>& speeds) {
  GiNaC::exmap zero;
  for (const auto& u : speeds) zero[u] = 0;
  return v.subs(zero);
}

}  // namespace adyn::kin
