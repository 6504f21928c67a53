#pragma once
// Events (model data): a scalar function of the configuration whose zero crossing, downward, is an
// event — a contact closing. With a coefficient of restitution the event is an impact, resolved by
// the impulsive Lagrange equations M (u⁺ − u⁻) = Jᵀ Λ with J u⁺ = −e J u⁻ (Géradin (1.76), A14);
// without one, the simulation stops there.
#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace adyn::model {

struct Event {
  std::string name;
  GiNaC::ex gap;                          // g(q, t): the event happens when g decreases through 0
  std::optional<GiNaC::ex> restitution;   // e in [0, 1]: an impact; none: stop the run
};

}  // namespace adyn::model
