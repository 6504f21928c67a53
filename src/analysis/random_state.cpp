#include "adyn/analysis/random_state.hpp"

namespace adyn::analysis {

SystemState random_consistent_state(const model::System& system, std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> value(-spread, spread), time(0, 1);
  auto random_vector = [&](std::size_t size) {
    return Eigen::VectorXd::NullaryExpr(static_cast<Eigen::Index>(size), [&] { return value(rng); });
  };
  SystemState x;
  x.t = time(rng);
  x.q = random_vector(system.coordinates().size());
  x.u = random_vector(system.speeds().size());
  x.q = consistent_configuration(system, x.q, x.t);
  x.u = consistent_speeds(system, x.q, x.u, x.t);
  return x;
}

}  // namespace adyn::analysis
