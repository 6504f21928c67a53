#include "adyn/model/convex_rolling_contact.hpp"

#include <sstream>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"

namespace adyn::model {
namespace {

using GiNaC::ex;

// A size of the surface: given, and positive where it has a value.
void check_size(const ex& size, const char* what, const std::string& object, const GiNaC::exmap& values) {
  if (size.is_zero()) throw ModelError(object, std::string("needs the ") + what);
  const ex v = size.subs(values).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || GiNaC::ex_to<GiNaC::numeric>(v) > 0) return;
  std::ostringstream value;
  value << GiNaC::ex_to<GiNaC::numeric>(v).to_double();
  throw ModelError(object, std::string("the ") + what + " must be positive, got " + value.str());
}

// The contact point r^{P/C} and its depth below the centre along the normal, −r^{P/C}·n̂.
struct Contact {
  kin::Vector point;
  ex depth;
};

// r^{P/C} = −A n / √(nᵀ A n), A = diag(a², b², c²): the point of x²/a² + y²/b² + z²/c² = 1
// whose outward normal A⁻¹ r is along −n; its depth √(nᵀ A n).
Contact ellipsoid_contact(const kin::ReferenceFrame& B, const GiNaC::matrix& n, const std::array<ex, 3>& s) {
  ex nAn = 0;
  for (unsigned i = 0; i < 3; ++i) nAn += s[i] * s[i] * n(i, 0) * n(i, 0);
  const ex e = GiNaC::sqrt(nAn);
  return {kin::Vector(B, -s[0] * s[0] * n(0, 0) / e, -s[1] * s[1] * n(1, 0) / e, -s[2] * s[2] * n(2, 0) / e), e};
}

// z = x²/(2ρ1) + y²/(2ρ2): its outward normal (x/ρ1, y/ρ2, −1) along −n gives x = −ρ1 n1/n3,
// y = −ρ2 n2/n3, and z from the surface; the depth (ρ1 n1² + ρ2 n2²)/(2 n3).
Contact paraboloid_contact(const kin::ReferenceFrame& B, const GiNaC::matrix& n, const std::array<ex, 3>& s) {
  const ex x = -s[0] * n(0, 0) / n(2, 0), y = -s[1] * n(1, 0) / n(2, 0);
  return {kin::Vector(B, x, y, x * x / (2 * s[0]) + y * y / (2 * s[1])),
          (s[0] * n(0, 0) * n(0, 0) + s[1] * n(1, 0) * n(1, 0)) / (2 * n(2, 0))};
}

Contact contact_of(const ConvexRollingContact& c, const GiNaC::exmap& parameter_values) {
  const std::string object = "rolling contact '" + c.name + "'";
  const bool ellipsoid = c.surface == ConvexSurface::Ellipsoid;
  const char* names[3] = {"semi-axis a", "semi-axis b", "semi-axis c"};
  const char* radii[2] = {"radius of curvature rho1", "radius of curvature rho2"};
  for (unsigned i = 0; i < (ellipsoid ? 3u : 2u); ++i)
    check_size(c.size[i], ellipsoid ? names[i] : radii[i], object, parameter_values);
  const GiNaC::matrix n = c.normal.components_in(c.body);
  return ellipsoid ? ellipsoid_contact(c.body, n, c.size) : paraboloid_contact(c.body, n, c.size);
}

}  // namespace

const char* convex_surface_name(ConvexSurface surface) {
  return surface == ConvexSurface::Ellipsoid ? "ellipsoid" : "paraboloid";
}

kin::Vector convex_contact_point(const ConvexRollingContact& c, const GiNaC::exmap& parameter_values) {
  return contact_of(c, parameter_values).point;
}

// The height row written with the depth, (r^{C/plane point})·n̂ − depth: the same as the wheel's
// (r^{C/plane point} + r^{P/C})·n̂, in one square root for the ellipsoid instead of three.
ContactKinematics contact_kinematics(const ConvexRollingContact& c, const GiNaC::exmap& parameter_values) {
  const Contact contact = contact_of(c, parameter_values);
  auto k = plane_contact("rolling contact '" + c.name + "'", c.body, c.center, contact.point, c.ground, c.normal,
                         c.plane_point);
  k.height = c.center.position_from(c.plane_point).dot(c.normal) - contact.depth;
  return k;
}

std::vector<std::string> add_rolling_contact(System& system, const ConvexRollingContact& c) {
  auto names = add_contact_rows(system, c.name, contact_kinematics(c, system.parameter_values()));
  system.changed();
  system.convex_rolling_contacts_.push_back(c);
  return names;
}

}  // namespace adyn::model
