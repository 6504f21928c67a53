"""adyn.compare: every formulation on one model, agreement of q'' at random consistent states
(as `adyn compare`, in this process)."""
import dataclasses
import time

import numpy as np

from . import _adyn


@dataclasses.dataclass
class MethodResult:
    method: str
    derive_seconds: float = 0.0
    not_applicable: str = None   # why the method does not treat this system
    failure: str = None          # why it failed
    difference: float = None     # max relative difference of q'' from the reference method


@dataclasses.dataclass
class Comparison:
    system: str
    reference: str
    tolerance: float
    methods: list

    @property
    def agree(self):
        """Every applicable method evaluated and within the tolerance of the reference."""
        return bool(self.reference) and all(
            m.not_applicable or (m.failure is None and m.difference <= self.tolerance) for m in self.methods)

    def __str__(self):
        lines = [f"System: {self.system}", f"{'method':<22}{'derive (ms)':>12}  max rel. difference"]
        for m in self.methods:
            if m.not_applicable:
                verdict = "n/a: " + m.not_applicable
            elif m.failure:
                verdict = "FAILED: " + m.failure
            elif m.method == self.reference:
                verdict = "reference"
            else:
                verdict = f"{m.difference:.1e} " + ("agrees" if m.difference <= self.tolerance else "DISAGREES")
            lines.append(f"{m.method:<22}{1e3 * m.derive_seconds:>12.1f}  {verdict}")
        return "\n".join(lines)


def _relative_difference(a, b):
    return max(float(np.max(np.abs(x - y) / np.maximum(1.0, np.maximum(np.abs(x), np.abs(y))))) for x, y in zip(a, b))


def compare(model, methods=None, states=5, seed=20240607, tolerance=1e-8, skip=None):
    """Derives the model by each method (default: all, adyn.method_names(); `methods` in the order
    given, or all but those of `skip` — not both; an unknown or repeated name is an
    adyn.ModelError listing the methods) and compares the
    coordinate accelerations q'' with the first method evaluated, at `states` random states near the
    initial configuration, consistent with the constraints. Returns an adyn.Comparison (str() is
    adyn compare's table); methods outside their scope are n/a, other errors FAILED."""
    if isinstance(methods, str) or isinstance(skip, str):
        raise TypeError("methods and skip are lists of method names, e.g. ['lagrange', 'kane']")
    selected = _adyn.select_methods(list(methods or []), list(skip or []))
    xs = [model.random_state(seed + k) for k in range(states)]
    results, reference, reference_values = [], "", None
    for method in selected:
        r = MethodResult(method)
        try:
            start = time.perf_counter()
            eom = model.derive(method)
            r.derive_seconds = time.perf_counter() - start
            values = [eom.coordinate_accelerations(*eom.state_of(q, u, t)[1:], t) for t, q, u in xs]
        except _adyn.NotApplicableError as e:
            r.not_applicable = str(e)
        except _adyn.Error as e:
            r.failure = str(e)
        else:
            if not reference:
                reference, reference_values = method, values
            r.difference = _relative_difference(values, reference_values)
        results.append(r)
    return Comparison(model.name, reference, tolerance, results)
