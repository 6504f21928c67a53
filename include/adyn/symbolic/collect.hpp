#pragma once
// Collecting the terms of sums that share their state-dependent part:
//
//     Σ_k c_k · s   →   (Σ_k c_k) · s        c_k constant (parameters, numbers), s of q, u, t,
//     c · s_1 + c · s_2   →   c · (s_1 + s_2).
//
// Kane's generalized inertia forces, F*_r = −Σ_k m_k a_k · ∂v_k/∂u_r (Kane (6.1.7)), and the
// kinetic energy T = ½ Σ_k m_k v_k · v_k carry one copy of a kinematic factor per particle. In a
// chain the factor is the same for every particle beyond a link (the partial velocity of link r
// does not depend on which particle further out it moves), so M_rs = Σ_{k ≥ max(r,s)} m_k X_rs
// becomes (m_max(r,s) + … + m_n) X_rs: the composite-body form of the mass matrix, O(n²) operations
// instead of O(n³), and the sums of masses are constants computed once per parameter set
// (sym::hoist_constants).
//
// Nothing is expanded: constant factors are distributed over the sums they multiply, so that the
// terms of nested sums meet, but products of sums and powers of sums stay as they are. The
// rewriting is an identity; "constant" (no dynamic variable, sym::is_dynamic, and not the time t)
// only decides what is gathered. One pass over the DAG (each distinct subexpression once).
#include <ginac/ginac.h>

#include <vector>

namespace adyn::sym {

/// e with the terms of its sums collected by their state-dependent part (see above).
GiNaC::ex collect_state_terms(const GiNaC::ex& e);

/// The same for several expressions, sharing what was learnt about common subexpressions.
std::vector<GiNaC::ex> collect_state_terms(const std::vector<GiNaC::ex>& exprs);

}  // namespace adyn::sym
