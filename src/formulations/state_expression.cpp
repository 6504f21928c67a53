#include "adyn/formulations/state_expression.hpp"

#include <algorithm>

#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::formulations {

InEquationsState::InEquationsState(const model::System& system, const EquationsOfMotion& eom) : system_(system) {
  for (std::size_t i = 0; i < eom.n(); ++i) rates_[sym::derivative_of(eom.coordinates[i])] = eom.coordinate_rates(i, 0);
  for (std::size_t d = 0; d < eom.dependent_speeds.size(); ++d) dependent_[eom.dependent_speeds[d]] = eom.dependent_speed_values(d, 0);
  for (const auto& u : system.speeds())
    if (std::none_of(eom.speeds.begin(), eom.speeds.end(), [&](const auto& s) { return s.is_equal(u); })) foreign_.push_back(u);
  foreign_speed_.emplace(foreign_);
}

GiNaC::ex InEquationsState::operator()(const GiNaC::ex& e) {
  GiNaC::ex x = dependent_.empty() ? e : sym::substitute(e, dependent_);
  if (!system_.coordinate_rates().empty() && !foreign_.empty() && foreign_speed_->in(x)) {
    if (!speeds_in_rates_) speeds_in_rates_ = system_.speeds_in_rates();
    x = sym::substitute(x, *speeds_in_rates_);
  }
  return sym::substitute(x, rates_);
}

}  // namespace adyn::formulations
