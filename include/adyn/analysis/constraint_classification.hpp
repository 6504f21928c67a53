#pragma once
// Classification of a system's constraints (Angeles §2.2, Greenwood §4.7, Géradin §1.2, Kane §1.4):
// holonomic or not, the integral when one exists, scleronomic/rheonomic, catastatic, conservative,
// redundant; and the degrees of freedom at configuration and at velocity level.
//
// Every constraint is first brought to velocity level, the 1-form
//     ω = a(q,t)·dq + a_t(q,t) dt      (A q̇ + a_t = 0; for φ(q,t) = 0, a = ∂φ/∂q, a_t = ∂φ/∂t)
// on the extended space x = (q, t). Then
//   * Angeles' exactness test (2.2.8–2.2.9): ∂a/∂q symmetric and ∂a_t/∂q = ∂a/∂t, i.e. dω = 0;
//   * Frobenius, one constraint: integrable (possibly after an integrating factor) iff ω ∧ dω = 0;
//   * Frobenius, all constraints together: the number h of independent integrals is the
//     codimension of the smallest involutive distribution containing ker ω_1 ∩ ... ∩ ker ω_m
//     (Lie brackets of its basis fields), which catches combinations such as a rolling wheel
//     whose heading is held fixed (Géradin E1.2).
// Identities and ranks are tested numerically at random points (parameters at their values or
// random) moved onto the configuration constraints, which is decisive for the analytic expressions
// that occur: ranks are those of consistent states, so a row dependent on the others wherever the
// constraints hold (one of Bricard's five closure rows, IFToMM A04) is redundant, though it is
// independent at a generic point.
#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::analysis {

struct ConstraintReport {
  std::string name;
  model::ConstraintLevel level;
  bool linear_in_velocities = true;  // Pfaffian form A q̇ + a_t = 0
  bool exact = false;                // Angeles' test: the 1-form is closed as written
  bool integrable = false;           // Frobenius: ω ∧ dω = 0 (holonomic, alone)
  bool holonomic = false;            // configuration level, or integrable
  std::optional<GiNaC::ex> integral;            // f(q,t) = const along every motion
  std::optional<GiNaC::ex> integrating_factor;  // μ with μ ω = df
  bool rheonomic = false;    // t appears explicitly
  bool catastatic = false;   // no velocity-free term a_t (Greenwood, after 4.352)
  std::optional<int> homogeneity_degree;  // degree k if Σ q̇ ∂f/∂q̇ = k f
  bool conservative = false; // ideal and Σ (∂f/∂q̇) q̇ = 0 on f = 0 (Greenwood 4.352)
  bool redundant = false;    // its velocity-level row depends on the earlier ones, consistently
  bool inconsistent = false; // its row depends on the earlier ones but its value contradicts them
};

struct ConstraintClassification {
  std::vector<ConstraintReport> constraints;
  int coordinates = 0;          // n
  int integrals = 0;            // h: independent holonomic relations (joint Frobenius test)
  int velocity_rank = 0;        // rank of the velocity-level constraint Jacobian
  int configuration_dof = 0;    // n − h
  int velocity_dof = 0;         // min(n, p) − velocity_rank (p speeds: fewer with Euler parameters)
  bool holonomic_system = true; // all constraints jointly integrable
};

struct ClassificationOptions {
  int samples = 3;          // random generic points per test
  double tolerance = 1e-8;  // relative, for zero tests and ranks
  unsigned seed = 20261122;
  int bracket_depth = 4;    // levels of Lie brackets in the joint test
};

ConstraintClassification classify_constraints(const model::System& system, const ClassificationOptions& options = {});

/// A one-paragraph-per-constraint text report.
std::string to_string(const ConstraintClassification& c);

}  // namespace adyn::analysis
