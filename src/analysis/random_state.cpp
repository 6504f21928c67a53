#include "adyn/analysis/random_state.hpp"

#include "adyn/error.hpp"

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

SystemState random_consistent_state_near(const model::System& system, const Eigen::VectorXd& center,
                                         std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> unit(-1, 1), time(0, 1);
  auto random_vector = [&](Eigen::Index size) { return Eigen::VectorXd::NullaryExpr(size, [&] { return unit(rng); }); };
  SystemState x;
  x.t = time(rng);
  const Eigen::VectorXd delta = random_vector(center.size());
  const Eigen::VectorXd u = random_vector(static_cast<Eigen::Index>(system.speeds().size()));
  for (int halving = 0;; ++halving) {
    const double scale = halving < 6 ? spread / static_cast<double>(1 << halving) : 0.0;
    try {
      x.q = consistent_configuration(system, center + scale * delta, x.t);
      x.u = consistent_speeds(system, x.q, u, x.t);
      return x;
    } catch (const ModelError&) {
      if (scale == 0) throw;
    }
  }
}

}  // namespace adyn::analysis
