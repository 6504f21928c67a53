"""adyn.compare: every formulation on one model, agreement of q'' at random consistent states
(`adyn compare`'s comparison, computed by the library, in this process)."""
from . import _adyn

Comparison = _adyn.Comparison
MethodResult = _adyn.MethodResult


def compare(model, methods=None, states=5, seed=20240607, tolerance=1e-8, skip=None):
    """Derives the model by each method (default: all, adyn.method_names(); `methods` in the order
    given, or all but those of `skip` — not both; an unknown or repeated name is an
    adyn.ModelError listing the methods) and compares the
    coordinate accelerations q'' with the first method evaluated, at `states` random states near the
    initial configuration, consistent with the constraints (those of `adyn compare --seed`). Returns
    an adyn.Comparison (str() a table of the methods); methods outside their scope are n/a, other
    errors FAILED."""
    if isinstance(methods, str) or isinstance(skip, str):
        raise TypeError("methods and skip are lists of method names, e.g. ['lagrange', 'kane']")
    return _adyn.compare(model, list(methods or []), list(skip or []), states, seed, tolerance)
