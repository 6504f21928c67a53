#pragma once
// Rolling without slipping of a wheel on a plane, stated as a person thinks of it: which body is
// the wheel, where its centre and axle are, how big it is, and which plane it rolls on. adyn finds
// the contact point from the geometry and adds the constraints.
//
// Geometry (a thin disk of radius r, or a torus whose tube of radius r_t is centred on that circle):
// with â the unit axle and n̂ the unit normal of the plane on the wheel's side, the direction in the
// wheel's plane from the contact towards the centre is
//     ĝ = (n̂ − (n̂·â) â) / √(1 − (n̂·â)²),                                  (the contact is the
// lowest point of the rim), and the contact point P of the wheel is   r^{P/C} = −r ĝ − r_t n̂.
// Constraints:
//   - no slip: the wheel's material point at P has no velocity along the plane,
//       (v^C + ω^wheel × r^{P/C}) · t̂_k = 0 for two unit tangents of the plane (velocity level;
//     nonholonomic in general, which adyn's classifier then says): ground-fixed t̂_1, t̂_2 by
//     default ("NAME no-slip 1", "NAME no-slip 2"), or the wheel's own (ContactTangents::Wheel):
//     forward f̂ = (â × n̂)/√(1 − (n̂·â)²), the direction the centre moves when the wheel turns
//     positively about â, and lateral l̂ = n̂ × f̂ ("NAME no-slip forward", "NAME no-slip lateral"),
//     so that a model can keep the one it needs (two wheels on one axle both say that the axle
//     does not slide sideways: their lateral rows repeat each other);
//   - contact height: (r^{C/plane point} + r^{P/C}) · n̂ = 0 (holonomic), left out when it holds
//     identically, i.e. when the coordinates already keep the wheel on the plane.
// The normal component of the no-slip condition is the time derivative of the height row.
#include <ginac/ginac.h>

#include <array>
#include <string>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"

namespace adyn::model {

class System;

/// The two tangents a rolling contact's no-slip rows are written along.
enum class ContactTangents {
  Ground,  ///< ground-fixed t̂_1, t̂_2 with (t̂_1, t̂_2, n̂) right-handed
  Wheel,   ///< the wheel's forward and lateral directions in the plane
};

struct RollingContact {
  std::string name;
  kin::ReferenceFrame wheel;    ///< the wheel's frame (it spins with the wheel)
  kin::Point center;            ///< the wheel centre
  kin::Vector axle;             ///< unit vector along the axle, fixed in the wheel
  GiNaC::ex radius;             ///< of the disk (of the torus' centre circle)
  GiNaC::ex tube_radius = 0;    ///< of the torus' tube; 0 for a thin disk
  kin::ReferenceFrame ground;   ///< the frame the plane is fixed in
  kin::Vector normal;           ///< unit normal of the plane, fixed in `ground`, on the wheel's side
  kin::Point plane_point;       ///< a point of the plane, fixed in `ground`
  ContactTangents tangents = ContactTangents::Ground;
};

/// The contact geometry of a rolling wheel.
struct ContactKinematics {
  kin::Vector contact_from_center;   ///< r^{P/C}
  kin::Vector slip_velocity;         ///< ^ground v of the wheel's material point at P
  std::array<kin::Vector, 2> tangents;  ///< t̂_1, t̂_2: with n̂ a right-handed triad
  std::array<std::string, 2> tangent_names = {"1", "2"};  ///< their rows: "NAME no-slip <tangent name>"
  GiNaC::ex height;                  ///< (r^{P/plane point}) · n̂
};

/// The geometry of `c`. Throws ModelError naming the contact if the normal is not a constant unit
/// vector of the ground frame, or the radius is missing.
ContactKinematics contact_kinematics(const RollingContact& c);

/// The plane's part of a contact whose point is `contact_from_center` (r^{P/C}) from the point
/// `center` of the body with frame `body`, on the plane through `plane_point` with unit `normal`
/// fixed in `ground` — shared by wheels and convex bodies (convex_rolling_contact.hpp). `object`
/// names the contact in errors (the normal not a constant unit vector of `ground`).
ContactKinematics plane_contact(const std::string& object, const kin::ReferenceFrame& body, const kin::Point& center,
                                const kin::Vector& contact_from_center, const kin::ReferenceFrame& ground,
                                const kin::Vector& normal, const kin::Point& plane_point);

/// Adds the rows of contact `name`: "NAME no-slip T" for the two tangents' names T and, unless it
/// holds identically, "NAME height"; returns their names.
std::vector<std::string> add_contact_rows(System& system, const std::string& name, const ContactKinematics& k);

/// Adds the constraints of a rolling contact to `system` ("NAME no-slip 1", "NAME no-slip 2", or
/// "NAME no-slip forward", "NAME no-slip lateral" along the wheel's tangents, and, unless it holds
/// identically, "NAME height") and returns their names.
std::vector<std::string> add_rolling_contact(System& system, const RollingContact& c);

}  // namespace adyn::model
