#pragma once
// Shared helpers for tests of formulations: random states consistent with a system's constraints
// and the cross-check that several formulations give the same coordinate accelerations q̈.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "adyn/analysis/consistency.hpp"
#include "adyn/analysis/random_state.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "test_support.hpp"

namespace adyn::test {

/// The state of the system as the formulation's own (t, q, u).
inline formulations::State state_for(const formulations::EquationsOfMotion& eom, const model::System& s,
                                     const analysis::SystemState& x) {
  return formulations::state_for(eom, s, x.t, x.q, x.u);
}

/// Every formulation gives the same q̈ as the first at each of `states` (consistent with the constraints).
inline void expect_same_accelerations_at(const model::System& s, const std::vector<formulations::EquationsOfMotion>& eoms,
                                         const std::vector<analysis::SystemState>& states, double tol = 1e-10) {
  auto params = s.parameter_values();
  for (std::size_t k = 0; k < states.size(); ++k) {
    const auto& x = states[k];
    auto reference = formulations::coordinate_accelerations(eoms.front(), state_for(eoms.front(), s, x), params);
    for (std::size_t e = 1; e < eoms.size(); ++e) {
      auto qdd = formulations::coordinate_accelerations(eoms[e], state_for(eoms[e], s, x), params);
      for (Eigen::Index i = 0; i < qdd.size(); ++i)
        EXPECT_TRUE(close(qdd(i), reference(i), tol))
            << eoms[e].method << " vs " << eoms.front().method << ", q̈ of " << s.coordinates()[static_cast<std::size_t>(i)]
            << " at sample " << k;
    }
  }
}

/// Every formulation gives the same q̈ at `samples` random consistent states.
inline void expect_same_accelerations(const model::System& s, const std::vector<formulations::EquationsOfMotion>& eoms,
                                      int samples = 20, double tol = 1e-10, unsigned seed = 2024) {
  std::mt19937 rng(seed);
  std::vector<analysis::SystemState> states;
  for (int k = 0; k < samples; ++k) states.push_back(analysis::random_consistent_state(s, rng));
  expect_same_accelerations_at(s, eoms, states, tol);
}

}  // namespace adyn::test
