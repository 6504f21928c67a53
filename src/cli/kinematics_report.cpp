#include "adyn/cli/kinematics_report.hpp"

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::cli {
namespace {

std::string show(const kin::Vector& v, Format format) {
  kin::Vector s = v.map([](const GiNaC::ex& e) { return sym::trig_simplify(e); });
  return format == Format::Latex ? s.to_latex() : s.to_string();
}

std::string names(const std::vector<GiNaC::symbol>& xs) {
  std::string out;
  for (const auto& x : xs) out += (out.empty() ? "" : ", ") + x.get_name();
  return out.empty() ? "(none)" : out;
}

void write_frames(const model::System& system, Format format, std::ostream& out) {
  const auto N = system.inertial_frame();
  auto speeds = system.speeds();
  out << "\nFrames (angular velocity and acceleration in " << N.name() << "):\n";
  for (const auto& F : system.frames()) {
    if (F == N) continue;
    auto w = system.in_speeds(F.angular_velocity_in(N));
    out << "  " << F.name() << ": " << F.orientation().description() << " relative to " << F.parent()->name()
        << "\n    omega = " << show(w, format)
        << "\n    alpha = " << show(system.in_speeds(F.angular_acceleration_in(N)), format) << "\n";
    auto partials = kin::partial_velocities(w, speeds, "angular velocity of frame '" + F.name() + "'");
    for (std::size_t r = 0; r < speeds.size(); ++r)
      if (!partials[r].is_zero())
        out << "    partial angular velocity w.r.t. " << speeds[r].get_name() << ": " << show(partials[r], format)
            << "\n";
  }
}

void write_points(const model::System& system, Format format, std::ostream& out) {
  const auto N = system.inertial_frame();
  auto speeds = system.speeds();
  out << "\nPoints (velocity and acceleration in " << N.name() << "):\n";
  for (const auto& P : system.points()) {
    if (P == system.origin()) continue;
    auto v = system.in_speeds(P.velocity_in(N));
    out << "  " << P.name() << ":\n    v = " << show(v, format)
        << "\n    a = " << show(system.in_speeds(P.acceleration_in(N)), format) << "\n";
    auto partials = kin::partial_velocities(v, speeds, "velocity of point '" + P.name() + "'");
    for (std::size_t r = 0; r < speeds.size(); ++r)
      if (!partials[r].is_zero())
        out << "    partial velocity w.r.t. " << speeds[r].get_name() << ": " << show(partials[r], format) << "\n";
  }
}

}  // namespace

void write_kinematics_report(const model::System& system, Format format, std::ostream& out) {
  out << "System: " << system.name() << "\n"
      << "Coordinates: " << names(system.coordinates()) << "\n"
      << "Generalized speeds: " << names(system.speeds()) << "\n";
  write_frames(system, format, out);
  write_points(system, format, out);
}

}  // namespace adyn::cli
