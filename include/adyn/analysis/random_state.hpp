#pragma once
// Random states of a system that satisfy its constraints: for comparing formulations at generic
// states (`adyn compare`, the agreement tests) and for sampling.
#include <random>

#include "adyn/analysis/consistency.hpp"
#include "adyn/model/system.hpp"

namespace adyn::analysis {

/// A random state — q and u uniform in [−spread, spread], t uniform in [0, 1] — projected onto the
/// holonomic constraints (consistent_configuration) and then onto the velocity-level constraints
/// (consistent_speeds). Throws adyn::ModelError when the constraints cannot be satisfied near the
/// drawn state.
SystemState random_consistent_state(const model::System& system, std::mt19937& rng, double spread = 1.2);

/// A random state near the configuration `center` (e.g. the model's initial one): q = center + δ
/// with δ uniform in [−spread, spread], u uniform in [−1, 1], t uniform in [0, 1], projected onto
/// the constraints as above. Where the projection fails (a closed mechanism pulled apart too far),
/// the draw is repeated with δ halved, down to the center itself. Throws adyn::ModelError when
/// even the center cannot be made consistent.
SystemState random_consistent_state_near(const model::System& system, const Eigen::VectorXd& center,
                                         std::mt19937& rng, double spread = 0.2);

}  // namespace adyn::analysis
