#include "adyn/model/parameter_values.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::model {
namespace {

// The value of a coefficient at `values`, when it is a real number there.
std::optional<double> value_at(const GiNaC::ex& e, const GiNaC::exmap& values) {
  const GiNaC::ex v = e.subs(values, GiNaC::subs_options::no_pattern).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real()) return std::nullopt;
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

// Frames oriented by a given DCM or Euler parameters that the state does not move (those are
// checked at the states: analysis::check_rotations, and along a simulation).
void check_given_orientations(const System& system, const GiNaC::exmap& values) {
  const auto moving = system.moving_frames();
  for (const auto& frame : system.frames()) {
    if (!frame.parent() || std::any_of(moving.begin(), moving.end(), [&](const auto& f) { return f.name() == frame.name(); }))
      continue;
    if (auto defect = frame.orientation().rotation_defect(values); !defect.empty())
      throw ModelError("frame '" + frame.name() + "'", defect.text());
  }
}

}  // namespace

namespace {

void check_finite(const std::string& kind, const std::string& name, double value) {
  if (std::isfinite(value)) return;
  std::ostringstream text;
  text << value;
  throw ModelError(kind + " '" + name + "'", "expected a finite number, got " + text.str());
}

}  // namespace

void check_finite_parameter(const std::string& name, double value) { check_finite("parameter", name, value); }

void check_finite_input(const std::string& name, double value) { check_finite("input", name, value); }

void check_parameter_values(const System& system, const GiNaC::exmap& values) {
  for (const auto& p : system.particles()) check_mass("particle '" + p.name() + "'", p.mass().subs(values));
  for (const auto& b : system.bodies()) {
    check_mass("body '" + b.name() + "'", b.mass().subs(values));
    check_inertia(b.name(), b.central_inertia(), b.frame(), values);
  }
  for (const auto& e : system.events())
    if (auto r = e.restitution ? value_at(*e.restitution, values) : std::nullopt; r && (*r < 0 || *r > 1))
      throw ModelError("event '" + e.name + "'", "the coefficient of restitution must be in [0, 1]");
  for (const auto& c : system.constraints())
    if (auto mu = value_at(c.friction_coefficient, values); mu && *mu < 0)
      throw ModelError("constraint '" + c.name + "'", "the friction coefficient must be 0 or positive");
  check_given_orientations(system, values);
}

}  // namespace adyn::model
