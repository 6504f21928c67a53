#pragma once
// Joints and loop closures as geometric statements instead of scalar expressions:
//   - coincident points: point P stays on point Q (a spherical joint; the closure of a kinematic
//     loop: a four-bar's coupler pin on its rocker), the rows (r^P − r^Q) · F.x, F.y, F.z = 0;
//   - a point on a plane: (r^P − r^Q) · n̂ = 0, the plane through Q with normal n̂ (a slider);
//   - a point on a line: (r^P − r^Q) × â = 0 read along two directions normal to â;
//   - aligned axes: â · b̂_⊥1 = â · b̂_⊥2 = 0 for â of one body along b̂ of another (the axis
//     of a revolute joint; with coincident points, a hinge).
// All rows are holonomic. A row that the coordinates satisfy identically (the out-of-plane row of
// a planar loop) is left out, so the count of constraints is the count of independent conditions.
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"

namespace adyn::model {

class System;

/// True if `row` vanishes at several random states (parameters at their values where given).
bool vanishes_identically(const GiNaC::ex& row, const System& system);

/// P stays on Q; rows along F's axes ("NAME x", "NAME y", "NAME z"). Returns the names added.
std::vector<std::string> add_coincident_points(System& system, const std::string& name, const kin::Point& P,
                                               const kin::Point& Q, const kin::ReferenceFrame& F);

/// P stays on the plane through Q with normal n̂ ("NAME").
std::vector<std::string> add_point_on_plane(System& system, const std::string& name, const kin::Point& P,
                                            const kin::Point& Q, const kin::Vector& normal);

/// P stays on the line through Q along â (two rows, "NAME 1", "NAME 2": the offset along two
/// directions normal to â).
std::vector<std::string> add_point_on_line(System& system, const std::string& name, const kin::Point& P,
                                           const kin::Point& Q, const kin::Vector& direction);

/// â (fixed in one body) stays along b̂ (fixed in another): â · b̂_⊥1 = â · b̂_⊥2 = 0 with b̂_⊥k
/// the two axes of b's frame part normal to b̂ ("NAME 1", "NAME 2"). b̂ must be an axis of a frame
/// (e.g. B.z()).
std::vector<std::string> add_aligned_axes(System& system, const std::string& name, const kin::Vector& a,
                                          const kin::Vector& b);

}  // namespace adyn::model
