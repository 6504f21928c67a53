#pragma once
// The energy at a state and Greenwood's conditions for its conservation (Greenwood §4.7, §1.8 of
// seed 001); E and Ė themselves are formulations/energy_function.hpp.
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/formulations/energy_function.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::analysis {

/// E and Ė at a state (u = q̇), with the multipliers from Lagrange's equations.
struct EnergyAtState {
  double energy;
  double rate;
};
EnergyAtState energy_at(const model::System& system, const formulations::State& state);

/// Greenwood's sufficient conditions for a conservative system, each with its verdict.
struct ConservationReport {
  bool no_nonconservative_forces = true;  // Q' = 0 and D = 0
  bool lagrangian_time_invariant = true;  // ∂L/∂t = 0
  bool catastatic_constraints = true;     // no a_t: the constraints do no work
  bool conservative() const {
    return no_nonconservative_forces && lagrangian_time_invariant && catastatic_constraints;
  }
};
ConservationReport conservation_report(const model::System& system);
std::string to_string(const ConservationReport& report);

}  // namespace adyn::analysis
