"""Model.linearize, Model.eigen, Model.sweep and Model.equilibria: adyn linearize, eigen and
equilibrium with NumPy results. The operating point is the model's initial conditions, then its
`operating_point:` section, then `at` ({name: number or expression in the parameters}; a parameter
named there gets that value), as on the command line (`--at`, `--rest`)."""
import dataclasses
import warnings

import numpy as np

from . import _adyn


def _linearize(model, method, at, rest, dependent, symbolic_parameters):
    lin = _adyn.linearize(model, method, dict(at or {}), rest, list(dependent or []), symbolic_parameters)
    for note in lin.warnings:
        warnings.warn(note, RuntimeWarning, stacklevel=3)
    return lin


def linearize(self, method=_adyn.DEFAULT_METHOD_IN_SPEEDS, at=None, *, rest=False, dependent=None, numeric=False):
    """The linearized equations (adyn.Linearization) about the operating point, symbolic in the
    parameters: .A is the state matrix, .B the input matrix of the model's inputs (.input_names),
    .C and .D the output and feedthrough matrices of the model's outputs (.output_names; without
    outputs the states: C = I, D = 0), .matrices() the M, C, G, K, N (or Nq, Nu, M,
    Fq, Fu; Nw, Fw with inputs) matrices at the parameters' values, .latex() the symbolic ones.
    numeric=True puts the parameters' values and the point's numbers in as floating-point numbers
    first (as eigen does): numbers throughout, where the symbolic form away from simple points
    (a leaning bicycle) grows into megabytes (`adyn linearize --numeric`)."""
    return _linearize(self, method, at, rest, dependent, [] if numeric else None)


def eigen(self, method=_adyn.DEFAULT_METHOD_IN_SPEEDS, at=None, *, rest=False, dependent=None):
    """Eigenvalues, natural frequencies, damping ratios and the stability verdict
    (adyn.Eigenanalysis) of the linearization about the operating point, as `adyn eigen`."""
    return _linearize(self, method, at, rest, dependent, []).eigen()


@dataclasses.dataclass
class Sweep:
    """Eigenvalues against a parameter (`adyn eigen --sweep`)."""
    parameter: str
    values: np.ndarray          # (k,)
    eigenvalues: np.ndarray     # (k, states), complex, each row sorted by imaginary part
    stable: np.ndarray          # (k,) bool
    boundaries: list            # [(value, stable_above)], located by bisection to 1e-10
    analyses: list              # adyn.Eigenanalysis at each value


def sweep(self, parameter, values, method=_adyn.DEFAULT_METHOD_IN_SPEEDS, at=None, *, rest=False, dependent=None):
    """The eigenanalysis at each of `values` (ascending, equally spaced) of a model parameter, and
    the stability boundaries between them."""
    values = [float(v) for v in values]
    lin = _linearize(self, method, at, rest, dependent, [parameter])  # the others' values put in, as the CLI
    analyses, boundaries = lin.sweep(parameter, values)
    return Sweep(parameter, np.array(values), np.array([a.eigenvalues for a in analyses]),
                 np.array([a.stable for a in analyses]), boundaries, analyses)


def equilibria(self, method=_adyn.DEFAULT_METHOD_IN_SPEEDS, guesses=(), free=None):
    """Equilibria and steady motions found by Gauss–Newton from the initial conditions and each
    guess ({name: value} over them), as `adyn equilibrium`: a list of dicts with q, u, multipliers
    (NumPy), residual, iterations and the names of the coordinates and speeds."""
    return _adyn.equilibria(self, method, [dict(g) for g in guesses], list(free or []))


_adyn.Model.linearize = linearize
_adyn.Model.eigen = eigen
_adyn.Model.sweep = sweep
_adyn.Model.equilibria = equilibria
