#include "adyn/model/joint_constraints.hpp"

#include <cmath>
#include <random>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::model {
namespace {

using GiNaC::ex;

// Adds the rows that do not vanish identically, named NAME + suffix.
std::vector<std::string> add_rows(System& system, const std::string& name, const std::vector<std::pair<std::string, ex>>& rows) {
  std::vector<std::string> names;
  for (const auto& [suffix, row] : rows) {
    if (vanishes_identically(row, system)) continue;
    names.push_back(name + suffix);
    system.add_constraint({names.back(), ConstraintLevel::Configuration, row, {}});
  }
  if (names.empty())
    throw ModelError("constraint '" + name + "'", "holds identically: the coordinates already satisfy it");
  return names;
}

// The axis index of a vector that is one basis vector of one frame (B.z → (B, 2)).
std::pair<kin::ReferenceFrame, int> frame_axis(const kin::Vector& b, const std::string& name) {
  if (b.parts().size() == 1) {
    const auto& p = b.parts().front();
    for (int i = 0; i < 3; ++i)
      if (p.components(i, 0).is_equal(1) && p.components((i + 1) % 3, 0).is_zero() && p.components((i + 2) % 3, 0).is_zero())
        return {p.frame, i};
  }
  throw ModelError("constraint '" + name + "'", "the direction must be an axis of a frame, such as B.z");
}

}  // namespace

bool vanishes_identically(const ex& row, const System& system) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> draw(0.2, 1.3);
  for (int trial = 0; trial < 4; ++trial) {
    GiNaC::exmap at = system.parameter_values();
    for (const auto& s : sym::free_symbols(row))
      if (!at.count(s)) at[s] = draw(rng);
    if (std::abs(sym::evaluate(row, at, "constraint row")) > 1e-11) return false;
  }
  return true;
}

std::vector<std::string> add_coincident_points(System& system, const std::string& name, const kin::Point& P,
                                               const kin::Point& Q, const kin::ReferenceFrame& F) {
  const kin::Vector r = P.position_from(Q);
  return add_rows(system, name, {{" x", r.dot(F.x())}, {" y", r.dot(F.y())}, {" z", r.dot(F.z())}});
}

std::vector<std::string> add_point_on_plane(System& system, const std::string& name, const kin::Point& P,
                                            const kin::Point& Q, const kin::Vector& normal) {
  return add_rows(system, name, {{"", P.position_from(Q).dot(normal)}});
}

std::vector<std::string> add_point_on_line(System& system, const std::string& name, const kin::Point& P,
                                           const kin::Point& Q, const kin::Vector& direction) {
  const auto [frame, i] = frame_axis(direction, name);
  const kin::Vector r = P.position_from(Q);
  return add_rows(system, name, {{" 1", r.dot(frame.basis((i + 1) % 3))}, {" 2", r.dot(frame.basis((i + 2) % 3))}});
}

std::vector<std::string> add_aligned_axes(System& system, const std::string& name, const kin::Vector& a,
                                          const kin::Vector& b) {
  const auto [frame, i] = frame_axis(b, name);
  return add_rows(system, name, {{" 1", a.dot(frame.basis((i + 1) % 3))}, {" 2", a.dot(frame.basis((i + 2) % 3))}});
}

}  // namespace adyn::model
