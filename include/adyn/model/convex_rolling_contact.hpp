#pragma once
// Rolling without slipping of a smooth convex body on a plane — a rattleback, an egg, a ball on
// an ellipsoidal shell — stated as a person thinks of it: which frame carries the body's surface,
// where the surface is and its shape, and which plane it rolls on. adyn finds the contact point
// from the geometry and adds the same constraints as for a wheel (rolling_contact.hpp).
//
// Geometry, in the axes of the body frame B (b̂1, b̂2, b̂3), with n_B the components in B of the
// plane's unit normal n̂ (on the body's side); the contact point P is the point of the surface
// whose outward normal is −n̂:
//   - ellipsoid x²/a² + y²/b² + z²/c² = 1 about its centre C:   (its outward normal ∝ A⁻¹ r)
//       r^{P/C} = −A n_B / √(n_Bᵀ A n_B),   A = diag(a², b², c²);
//   - elliptic paraboloid cap z = x²/(2ρ1) + y²/(2ρ2) about its vertex V, opening along +b̂3 (the
//     body above its vertex; ρ1, ρ2 the radii of curvature at the vertex):
//       r^{P/V} = (−ρ1 n1/n3, −ρ2 n2/n3, (ρ1 n1² + ρ2 n2²) / (2 n3²)),
//     defined while n3 = n̂·b̂3 > 0 (the cap faces the plane).
// Constraints (as for a wheel): no slip along two ground-fixed tangents, (v^C + ω^B × r^{P/C})·t̂_k
// = 0 (velocity level, nonholonomic in general), and the contact height (r^{C/plane point} +
// r^{P/C})·n̂ = 0 (holonomic; for the ellipsoid r^{C/plane point}·n̂ − √(n_Bᵀ A n_B)), left out
// when the coordinates keep the body on the plane identically.
#include <ginac/ginac.h>

#include <array>
#include <string>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/model/rolling_contact.hpp"

namespace adyn::model {

class System;

enum class ConvexSurface { Ellipsoid, Paraboloid };

/// "ellipsoid", "paraboloid".
const char* convex_surface_name(ConvexSurface surface);

struct ConvexRollingContact {
  std::string name;
  kin::ReferenceFrame body;     ///< fixed in the rolling body; the surface's axes are its x, y, z
  kin::Point center;            ///< the ellipsoid's centre, or the paraboloid's vertex (fixed in the body)
  ConvexSurface surface = ConvexSurface::Ellipsoid;
  /// Ellipsoid: the semi-axes a, b, c along the body frame's x, y, z; paraboloid: the radii of
  /// curvature ρ1, ρ2 at the vertex along x, y, and 0.
  std::array<GiNaC::ex, 3> size{0, 0, 0};
  kin::ReferenceFrame ground;   ///< the frame the plane is fixed in
  kin::Vector normal;           ///< unit normal of the plane, fixed in `ground`, on the body's side
  kin::Point plane_point;       ///< a point of the plane, fixed in `ground`
};

/// r^{P/C}, the contact point from the surface's centre (vertex), by the formulas above. Throws
/// ModelError naming the contact for a missing size or one whose value is not positive.
kin::Vector convex_contact_point(const ConvexRollingContact& c, const GiNaC::exmap& parameter_values = {});

/// The contact geometry of `c` (the plane's normal checked as for a wheel).
ContactKinematics contact_kinematics(const ConvexRollingContact& c, const GiNaC::exmap& parameter_values = {});

/// Adds the constraints of the contact to `system` ("NAME no-slip 1", "NAME no-slip 2" and, unless
/// it holds identically, "NAME height") and returns their names.
std::vector<std::string> add_rolling_contact(System& system, const ConvexRollingContact& c);

}  // namespace adyn::model
