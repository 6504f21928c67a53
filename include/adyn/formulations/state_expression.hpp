#pragma once
// An expression of a system — in its coordinates q, their rates q̇, its declared speeds, its
// dependent speeds and t — written in the state of equations of motion (q, the equations' speeds
// u, t): the dependent speeds by their values u_d = A_r u + b_r, declared speeds that are not the
// equations' (all of them for Lagrange's or Hamilton's equations, the embedded ones for
// Boltzmann–Hamel's) through u = Y q̇ + z, then q̇ by the kinematic equations q̇ = N u + n. What the
// simulation's monitors and the outputs are evaluated in.
#include <ginac/ginac.h>

#include <optional>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::formulations {

class InEquationsState {
 public:
  InEquationsState(const model::System& system, const EquationsOfMotion& eom);
  /// `e` in (q, u, t) of the equations. Over the expression graph (sym::substitute): the energy of a
  /// tree is a graph of named intermediates, which GiNaC's subs would walk as a tree.
  GiNaC::ex operator()(const GiNaC::ex& e);

 private:
  const model::System& system_;
  GiNaC::exmap rates_, dependent_;
  std::vector<GiNaC::symbol> foreign_;       // declared speeds that are not the equations'
  std::optional<sym::Occurrence> foreign_speed_;  // whether an expression has one (memoized)
  std::optional<GiNaC::exmap> speeds_in_rates_;  // u = Y q̇ + z, made when first needed
};

}  // namespace adyn::formulations
