#include "adyn/analysis/stability_sweep.hpp"

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::analysis {

namespace {

// The verdict at p = value; `tol` bounds the real part still counted as zero.
bool stable_at(const LinearizedEquations& lin, GiNaC::exmap parameters, const GiNaC::symbol& p, double value,
               double tol = 1e-9) {
  parameters[p] = value;
  return eigenanalysis(lin, parameters, tol).stable;
}

// Within a bracket the boundary is refined with a verdict that counts as zero only real parts at
// the level of rounding (an eigenvalue crossing the axis with a slope of 0.1 per unit of the
// parameter is then located to 1e-11, not 1e-8 as with the sweep's 1e-9).
constexpr double refinement_tolerance = 1e-12;

// The linearization with every parameter but `p` given its value, once: each point of a sweep then
// evaluates expressions in p alone instead of the whole model's (the same state matrix).
LinearizedEquations fixed_except(const LinearizedEquations& lin, GiNaC::exmap parameters, const GiNaC::symbol& p) {
  parameters.erase(p);
  sym::Substitution values(parameters);
  LinearizedEquations out = lin;
  for (auto* m : {&out.Nq, &out.Nu, &out.M, &out.Fq, &out.Fu}) *m = values(*m);
  return out;
}

}  // namespace

std::vector<double> linspace(double lo, double hi, int count) {
  if (count < 2) throw Error("linspace: at least two values are needed");
  std::vector<double> v(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) v[static_cast<std::size_t>(i)] = lo + (hi - lo) * i / (count - 1);
  return v;
}

std::vector<SweepPoint> eigenvalue_sweep(const LinearizedEquations& linearized, const GiNaC::exmap& parameters,
                                         const GiNaC::symbol& parameter, const std::vector<double>& values) {
  const LinearizedEquations lin = fixed_except(linearized, parameters, parameter);
  std::vector<SweepPoint> out;
  GiNaC::exmap at = parameters;
  for (double v : values) {
    if (!std::isfinite(v))
      throw ModelError("sweep of '" + parameter.get_name() + "'", "the value " + std::to_string(v) + " is not a finite number");
    at[parameter] = v;
    out.push_back({v, eigenanalysis(lin, at)});
  }
  return out;
}

std::vector<StabilityBoundary> stability_boundaries(const LinearizedEquations& linearized, const GiNaC::exmap& parameters,
                                                    const GiNaC::symbol& parameter, double lo, double hi, int samples,
                                                    double tol) {
  const LinearizedEquations lin = fixed_except(linearized, parameters, parameter);
  const auto grid = linspace(lo, hi, samples);
  std::vector<StabilityBoundary> out;
  bool previous = stable_at(lin, parameters, parameter, grid.front());
  for (std::size_t i = 1; i < grid.size(); ++i) {
    const bool current = stable_at(lin, parameters, parameter, grid[i]);
    if (current == previous) continue;
    double a = grid[i - 1], b = grid[i];  // verdict `previous` at a, `current` at b
    while (b - a > tol * (1 + std::abs(a))) {
      const double mid = (a + b) / 2;
      (stable_at(lin, parameters, parameter, mid, refinement_tolerance) == previous ? a : b) = mid;
    }
    out.push_back({(a + b) / 2, current});
    previous = current;
  }
  return out;
}

}  // namespace adyn::analysis
