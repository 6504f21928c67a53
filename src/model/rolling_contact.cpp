#include "adyn/model/rolling_contact.hpp"

#include <cmath>
#include <array>

#include "adyn/error.hpp"
#include "adyn/model/joint_constraints.hpp"
#include "adyn/model/system.hpp"

namespace adyn::model {
namespace {

using GiNaC::ex;

// The components of a constant vector in `frame`, as numbers.
std::array<double, 3> numeric_components(const kin::Vector& v, const kin::ReferenceFrame& frame,
                                         const std::string& object) {
  const auto c = v.components_in(frame);
  std::array<double, 3> out{};
  for (unsigned i = 0; i < 3; ++i) {
    const ex value = c(i, 0).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(value))
      throw ModelError(object, "the plane's normal must have constant numeric components in frame '" + frame.name() + "'");
    out[i] = GiNaC::ex_to<GiNaC::numeric>(value).to_double();
  }
  return out;
}

// Ground-fixed unit tangents t̂_1, t̂_2 with (t̂_1, t̂_2, n̂) right-handed: t̂_1 from the ground
// axis least aligned with n̂, t̂_2 = n̂ × t̂_1.
std::array<kin::Vector, 2> tangents(const RollingContact& c) {
  const std::string object = "rolling contact '" + c.name + "'";
  const auto n = numeric_components(c.normal, c.ground, object);
  if (std::abs(n[0] * n[0] + n[1] * n[1] + n[2] * n[2] - 1) > 1e-12)
    throw ModelError(object, "the plane's normal must be a unit vector");
  const unsigned k = std::abs(n[0]) <= std::abs(n[1]) && std::abs(n[0]) <= std::abs(n[2]) ? 0
                     : std::abs(n[1]) <= std::abs(n[2])                                    ? 1
                                                                                           : 2;
  const ex nk = c.normal.components_in(c.ground)(k, 0);
  const kin::Vector t1 = (c.ground.basis(static_cast<int>(k)) - nk * c.normal) / GiNaC::sqrt(1 - nk * nk);
  return {t1, c.normal.cross(t1)};
}

}  // namespace

ContactKinematics contact_kinematics(const RollingContact& c) {
  const std::string object = "rolling contact '" + c.name + "'";
  if (c.radius.is_zero()) throw ModelError(object, "needs a wheel radius");
  if (c.axle.is_zero()) throw ModelError(object, "needs the wheel's axle direction");
  ContactKinematics k;
  k.tangents = tangents(c);
  const ex cos_tilt = c.normal.dot(c.axle);  // n̂·â
  const kin::Vector g = (c.normal - cos_tilt * c.axle) / GiNaC::sqrt(1 - cos_tilt * cos_tilt);
  k.contact_from_center = -c.radius * g - c.tube_radius * c.normal;
  k.slip_velocity = c.center.velocity_in(c.ground) + c.wheel.angular_velocity_in(c.ground).cross(k.contact_from_center);
  k.height = (c.center.position_from(c.plane_point) + k.contact_from_center).dot(c.normal);
  return k;
}

std::vector<std::string> add_rolling_contact(System& system, const RollingContact& c) {
  const ContactKinematics k = contact_kinematics(c);
  std::vector<std::string> names;
  for (int i = 0; i < 2; ++i) {
    names.push_back(c.name + " no-slip " + std::to_string(i + 1));
    system.add_constraint({names.back(), ConstraintLevel::Velocity, k.slip_velocity.dot(k.tangents[i]), {}});
  }
  if (!vanishes_identically(k.height, system)) {
    names.push_back(c.name + " height");
    system.add_constraint({names.back(), ConstraintLevel::Configuration, k.height, {}});
  }
  system.rolling_contacts_.push_back(c);
  return names;
}

}  // namespace adyn::model
