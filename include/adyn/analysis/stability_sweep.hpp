#pragma once
// Eigenvalues of a linearization as a function of one parameter (a speed, a stiffness, ...) and
// the stability boundaries: the parameter values at which the verdict changes, bracketed on a grid
// and located by bisection on the verdict (which copes with the marginal, Re λ = 0, side of a
// conservative system's boundary as well as with a smooth crossing of a damped one).
#include <ginac/ginac.h>

#include <vector>

#include "adyn/analysis/linearization.hpp"

namespace adyn::analysis {

struct SweepPoint {
  double value;
  Eigenanalysis analysis;
};

/// The eigenanalysis at each value of `parameter` (the other symbols from `parameters`).
std::vector<SweepPoint> eigenvalue_sweep(const LinearizedEquations& lin, const GiNaC::exmap& parameters,
                                         const GiNaC::symbol& parameter, const std::vector<double>& values);

struct StabilityBoundary {
  double value;           // where the verdict changes, to `tol`
  bool stable_above;      // the verdict just above it
};

/// The boundaries in [lo, hi], bracketed on `samples` equally spaced values.
std::vector<StabilityBoundary> stability_boundaries(const LinearizedEquations& lin, const GiNaC::exmap& parameters,
                                                    const GiNaC::symbol& parameter, double lo, double hi,
                                                    int samples = 200, double tol = 1e-10);

/// `count` equally spaced values from lo to hi.
std::vector<double> linspace(double lo, double hi, int count);

}  // namespace adyn::analysis
