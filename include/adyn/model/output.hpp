#pragma once
// A named output of a system (issue 31 item 3): a quantity that a simulation records beside the
// state and whose partials are the rows of linearize's C and D. Either an expression of the
// coordinates, their rates (or the speeds), time, parameters and inputs — a point's position or
// velocity component is one (`dot(pos(P), N.x)`) — or the force of a named constraint: its
// multiplier λ in M u̇ = F + Gᵀλ, which only the equations that keep the constraint's row have.
#include <ginac/ginac.h>

#include <string>

namespace adyn::model {

struct Output {
  std::string name{};
  GiNaC::ex expression = 0;  // y(q, q̇ or u, t, parameters, inputs); unused for a constraint force
  std::string constraint{};  // non-empty: the output is this constraint's multiplier λ
  std::string unit{};

  bool is_constraint_force() const { return !constraint.empty(); }
};

}  // namespace adyn::model
