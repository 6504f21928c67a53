"""adyn: analytical dynamics of constrained mechanical systems.

Read a model file (or build a model in Python), classify its constraints, derive its equations of
motion by any of the classical principles, print them as LaTeX, C or SymPy, simulate them into
NumPy arrays, linearize them, and map simulations or eigenanalyses over parameters on a Dask
cluster. docs/python.md is the guide; help(adyn.Model) and help(adyn.Equations) the reference.

    >>> import adyn
    >>> model = adyn.load("examples/knife_edge.yaml")
    >>> eom = model.derive("kane")
    >>> trajectory = eom.simulate(t_end=2.0)
"""
from ._adyn import (  # noqa: F401  (the compiled core)
    Classification,
    Compiled,
    ConstraintReport,
    Eigenanalysis,
    Equations,
    EvaluationError,
    Error,
    Linearization,
    Model,
    ModelError,
    ModelFileError,
    NotApplicableError,
    SingularityError,
    Trajectory,
    DEFAULT_METHOD,
    DEFAULT_METHOD_IN_SPEEDS,
    backend_names,
    compilations,
    integrator_names,
    method_names,
)
from ._simulation import SimulationError  # noqa: F401
from ._analysis import Sweep  # noqa: F401
from ._compare import Comparison, compare  # noqa: F401
from ._animation import Animation, animate  # noqa: F401
from ._builder import System  # noqa: F401
from ._sympy import SymPyEquations  # noqa: F401
from ._ensemble import Ensemble, ensemble, grid  # noqa: F401

__version__ = "0.1.0"


def load(path, floating_base=False):
    """Reads a model file (docs/model-format.md) or a robot description (.urdf, docs/urdf.md) into an
    adyn.Model; floating_base=True puts a robot's root link on a free joint 'root' (a .urdf only)."""
    return Model.load(str(path), floating_base)


def from_text(text, source="<model>", floating_base=False):
    """Reads a model from YAML (or JSON) text, or URDF when `source` ends in .urdf; `source` names it
    in error messages."""
    return Model.from_text(text, source, floating_base)
