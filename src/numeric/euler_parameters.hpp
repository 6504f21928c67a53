#pragma once
// Euler parameters among the coordinates: frames oriented by four coordinates (e0, e1, e2, e3), as
// a free joint's (io/urdf_reader.hpp). Their kinematic equations ė = ½ G(e) ω keep Σe² constant
// (d/dt Σe² = eᵀ G ω = 0), the integration only to its error; the simulation scales them back to
// unit norm at the samples where they drifted beyond its constraint tolerance and reports the
// largest drift it saw (TrajectorySummary::euler_parameters).
#include <array>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::numeric {

struct EulerParameterSets {
  std::vector<std::string> frames;
  std::vector<std::array<std::size_t, 4>> coordinates;  // positions in q
};

/// The frames among `moving` (a system's moving frames) oriented by Euler parameters that are four of
/// `coordinates`.
EulerParameterSets euler_parameter_sets(const std::vector<kin::ReferenceFrame>& moving,
                                        const std::vector<GiNaC::symbol>& coordinates);

/// Scales each set of q whose |‖e‖ − 1| exceeds `above` to unit norm, and records the largest
/// |‖e‖ − 1| and the scaling in `drift`. Returns whether q changed.
bool keep_unit_norm(const EulerParameterSets& sets, double* q, double above, EulerParameterDrift& drift);

}  // namespace adyn::numeric
