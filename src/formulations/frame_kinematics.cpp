// A named frame's pose and Jacobian in N (frame_kinematics.hpp).
#include "adyn/formulations/frame_kinematics.hpp"

#include "adyn/error.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::matrix;

// The frame and origin `name` stands for, or none.
std::optional<std::pair<kin::ReferenceFrame, kin::Point>> find(const model::System& system, const std::string& name) {
  const auto frame = system.find_frame(name);
  const auto point = system.find_point(name);
  if (frame && point) return std::pair{*frame, *point};
  for (const auto& body : system.bodies())
    if (body.name() == name) return std::pair{body.frame(), body.mass_center()};
  return std::nullopt;
}

std::string known_names(const model::System& system) {
  std::string names;
  int listed = 0;
  for (const auto& frame : system.frames()) {
    if (!system.find_point(frame.name())) continue;
    if (listed++ == 8) return names + ", ...";
    names += (names.empty() ? "" : ", ") + frame.name();
  }
  for (const auto& body : system.bodies()) {
    if (system.find_point(body.name()) && system.find_frame(body.name())) continue;
    if (listed++ == 8) return names + ", ...";
    names += (names.empty() ? "" : ", ") + body.name();
  }
  return names.empty() ? "none" : names;
}

void set_column(matrix& m, unsigned row, const matrix& v) {
  for (unsigned i = 0; i < 3; ++i) m(row + i, 0) = v(i, 0);
}

}  // namespace

FrameKinematics frame_kinematics(const model::System& system, const std::string& name) {
  const auto found = find(system, name);
  if (!found)
    throw ModelError("frame '" + name + "'",
                     "no frame with a point of that name at its origin, nor a rigid body (frames and bodies: " +
                         known_names(system) + ")");
  const auto& [F, P] = *found;
  const auto N = system.inertial_frame();
  FrameKinematics out{F.name(), P.name(), N.dcm(F), P.position_from(system.origin()).components_in(N), {}};
  matrix twist(6, 1);
  set_column(twist, 0, system.in_speeds(F.angular_velocity_in(N)).components_in(N));
  set_column(twist, 3, system.in_speeds(P.velocity_in(N)).components_in(N));
  const auto u = system.speeds();
  out.jacobian = matrix(6, static_cast<unsigned>(u.size()));
  for (unsigned i = 0; i < 6; ++i)  // linear in u: the coefficients are the derivatives
    for (unsigned j = 0; j < u.size(); ++j) out.jacobian(i, j) = twist(i, 0).diff(u[j]);
  return out;
}

}  // namespace adyn::formulations
