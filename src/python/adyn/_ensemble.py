"""adyn.ensemble: simulations or eigenanalyses mapped over parameters and initial conditions on a
Dask cluster (dask.distributed).

The equations are derived once, here, and shipped to the workers (pickled as a GiNaC archive with
the model's text, scattered once to each worker); each worker evaluates them at its share of the
sample — compiled once per worker (the tape, or generated C compiled once per machine with
backend="native": the code cache), each member only setting its parameters and initial state — and
the results come back as NumPy arrays, in the order of the sample.

adyn holds Python's GIL in every call (GiNaC is not thread-safe): parallelism comes from worker
processes. The default cluster is a LocalCluster with one single-threaded worker process per core;
any other Client — a multi-machine cluster (dask-scheduler and dask-worker, dask-jobqueue,
dask-kubernetes) — is used the same way: ensemble(..., client=Client("tcp://scheduler:8786")).
"""
import dataclasses
import itertools
import math
import warnings

import numpy as np

from . import _adyn

TASKS = ("simulate", "eigen")


def grid(**axes):
    """The Cartesian product of the given values: {name: flat array}, every combination once (the
    last name varying fastest), for ensemble's parameters or initial."""
    names = list(axes)
    combos = list(itertools.product(*(np.atleast_1d(np.asarray(axes[n], dtype=float)) for n in names)))
    return {n: np.array([c[i] for c in combos]) for i, n in enumerate(names)}


@dataclasses.dataclass
class Ensemble:
    """The results of adyn.ensemble, index k of every array for the k-th member of the sample."""
    task: str
    parameters: dict            # name -> (k,) values
    initial: dict               # name -> (k,) values
    completed: np.ndarray = None  # (k,) bool: the run reached t_end, or the eigenanalysis was done
    stop_reason: list = None    # (k,) "" when completed, else why the member failed or stopped
    failed: dict = None         # {k: stop_reason[k]} for every member not completed
    # simulate: samples padded with NaN to the longest run (runs that stop early or meet events differ)
    t: np.ndarray = None        # (k, T)
    q: np.ndarray = None        # (k, T, n)
    u: np.ndarray = None        # (k, T, p)
    energy: np.ndarray = None   # (k, T)
    violation: np.ndarray = None  # (k, T)
    coordinate_names: list = None
    speed_names: list = None
    # eigen: a failed member's row is NaN (stable False)
    eigenvalues: np.ndarray = None  # (k, states) complex, each row sorted by imaginary part
    stable: np.ndarray = None       # (k,) bool
    spectral_abscissa: np.ndarray = None  # (k,)

    def __len__(self):
        return len(self.completed)


def _columns(values, count, what):
    """{name: (k,) float array} from {name: scalar or sequence}, scalars broadcast; k is `count` when
    given (the parameters' members), else the lists' length (None when there are no lists)."""
    out = {name: np.atleast_1d(np.asarray(v, dtype=float)) for name, v in (values or {}).items()}
    lengths = sorted({len(a) for a in out.values() if len(a) != 1})
    if len(lengths) > 1:
        raise _adyn.ModelError(f"ensemble {what}: the value lists have different lengths {lengths}")
    if lengths and count is not None and lengths[0] != count:
        raise _adyn.ModelError(f"ensemble {what}: {lengths[0]} values, but the parameters give {count} members")
    count = count if count is not None else (lengths[0] if lengths else (1 if out else None))
    return {k: np.broadcast_to(a, (count,)).copy() for k, a in out.items()}, count


def _members(parameters, initial, rows):
    for k in rows:
        yield ({n: float(v[k]) for n, v in parameters.items()}, {n: float(v[k]) for n, v in initial.items()})


def _simulate_chunk(equations, parameters, initial, rows, options):
    out = []
    # Compiled at the worker's first task and kept by the scattered equations for its later ones; the
    # handle has parameters of its own, and each member only sets them and integrates.
    handle = equations.compile(options.get("backend"), options.get("mass_matrix", False))
    for p, x0 in _members(parameters, initial, rows):
        try:  # a member's values refused, or its run failed: that member only
            handle.set_parameters(p)
            tr, reason = handle.simulate(initial=x0, **options), ""
        except _adyn.Error as error:
            tr = getattr(error, "trajectory", None)
            reason = str(error)
        out.append((tr.t, tr.q, tr.u, tr.energy, tr.violation, reason) if tr is not None else
                   (np.zeros(0), None, None, np.zeros(0), np.zeros(0), reason))
    return out


def _eigen_chunk(equations, parameters, initial, rows, at):
    e = equations.copy()
    lin = _adyn.linearize_equations(e, dict(at or {}), False, None)  # symbolic in the parameters: once per chunk
    out = []
    for p, _ in _members(parameters, initial, rows):
        try:
            a = lin.eigen(p)
            out.append((a.eigenvalues, a.stable, a.spectral_abscissa, ""))
        except _adyn.Error as error:
            out.append((np.zeros(0, dtype=complex), False, np.nan, str(error)))
    return out


def _pad(arrays, shape_tail):
    length = max((len(a) for a in arrays if a is not None), default=0)
    out = np.full((len(arrays), length) + shape_tail, np.nan)
    for k, a in enumerate(arrays):
        if a is not None and len(a):
            out[k, :len(a)] = a
    return out


def _gather_simulations(result, results, equations):
    # A trajectory records the speeds the equations eliminate after the others (Trajectory.speed_names).
    speeds = list(equations.speeds) + list(equations.dependent_speeds)
    n, p = len(equations.coordinates), len(speeds)
    result.t = _pad([r[0] for r in results], ())
    result.q = _pad([r[1] for r in results], (n,))
    result.u = _pad([r[2] for r in results], (p,))
    result.energy = _pad([r[3] for r in results], ())
    result.violation = _pad([r[4] for r in results], ())
    _gather_outcomes(result, [r[5] for r in results])
    result.coordinate_names, result.speed_names = equations.coordinates, speeds


def _gather_outcomes(result, reasons):
    result.stop_reason = list(reasons)
    result.completed = np.array([not reason for reason in reasons], dtype=bool)
    result.failed = {k: reason for k, reason in enumerate(reasons) if reason}


def _gather_eigen(result, results):
    _gather_outcomes(result, [r[3] for r in results])
    sizes = {len(r[0]) for r in results}
    width = max(sizes) if sizes else 0
    result.eigenvalues = np.full((len(results), width), complex(np.nan, np.nan))
    for k, r in enumerate(results):
        result.eigenvalues[k, :len(r[0])] = r[0]
    result.stable = np.array([r[1] for r in results], dtype=bool)
    result.spectral_abscissa = np.array([r[2] for r in results])


def ensemble(model, parameters=None, initial=None, task="simulate", *, method=None, client=None, chunks=None,
             at=None, **options):
    """Maps a task over a sample of parameter values and initial conditions on a Dask cluster.

    model       an adyn.Model (or an adyn.System, read at once)
    parameters  {name: value or sequence}: the k members of the sample (adyn.grid for a grid)
    initial     {coordinate or speed: value or sequence}: initial conditions over the model's
    task        "simulate" (options as Equations.simulate: t_end, dt, rtol, atol, integrator,
                projection, baumgarte, backend) or "eigen" (the linearization about the operating
                point — the model's, over `at` — at each member's parameters; initial is ignored)
    method      the formulation (default: the model's, else lagrange for simulate, kane for eigen)
    client      a dask.distributed Client; None: a LocalCluster of single-threaded worker processes,
                one per core, closed afterwards
    chunks      members per Dask task (default: about four tasks per worker for simulations, one for
                eigenanalyses, whose tasks each linearize the equations first)

    Returns an adyn.Ensemble of NumPy arrays in the order of the sample. A member that fails — its
    parameter values refused (a mass that is not positive, a value that is not finite), its initial
    conditions refused, its run stopped early, its eigenanalysis impossible — is kept: completed[k]
    False, the reason in stop_reason[k] and failed {k: reason}, its samples so far (NaN beyond
    them; NaN eigenvalues); the others are unaffected, and a RuntimeWarning names the failed members.
    """
    if task not in TASKS:
        raise _adyn.ModelError(f"ensemble: unknown task '{task}' (one of {', '.join(TASKS)})")
    if task == "eigen" and options:
        raise _adyn.ModelError(f"ensemble: options {sorted(options)} are for task 'simulate'")
    if hasattr(model, "model") and not isinstance(model, _adyn.Model):
        model = model.model()
    parameters, count = _columns(parameters, None, "parameters")
    initial, count = _columns(initial, count, "initial conditions")
    count = 1 if count is None else count  # neither: one member, the model as it is
    for name in parameters:
        if name not in model.parameters:
            raise _adyn.ModelError(f"parameter '{name}': no such parameter in system '{model.name}'")
    for name in initial:
        model.copy().set_initial(name, 0.0)  # checks the name
    default = _adyn.DEFAULT_METHOD_IN_SPEEDS if task == "eigen" else _adyn.DEFAULT_METHOD
    method = method or model.settings.get("method") or default
    equations = model.derive(method)
    own_cluster = client is None
    if own_cluster:
        from dask.distributed import Client, LocalCluster
        client = Client(LocalCluster(threads_per_worker=1, processes=True, dashboard_address=":0"))
    try:
        workers = max(1, len(client.scheduler_info()["workers"]))
        # Simulations: about four tasks per worker, to balance runs of unequal length. Eigenanalyses:
        # one per worker, as each task first linearizes the equations (symbolically, once).
        size = chunks or max(1, math.ceil(count / ((4 if task == "simulate" else 1) * workers)))
        shipped = client.scatter(equations, broadcast=True)
        function, extra = (_simulate_chunk, options) if task == "simulate" else (_eigen_chunk, at)
        futures = [client.submit(function, shipped, parameters, initial, range(start, min(start + size, count)), extra,
                                 pure=False)
                   for start in range(0, count, size)]
        results = [r for chunk in client.gather(futures) for r in chunk]
    finally:
        if own_cluster:
            cluster = client.cluster
            client.close()
            cluster.close()
    result = Ensemble(task, parameters, initial)
    if task == "simulate":
        _gather_simulations(result, results, equations)
    else:
        _gather_eigen(result, results)
    if result.failed:
        listed = "; ".join(f"member {k}: {reason}" for k, reason in itertools.islice(result.failed.items(), 3))
        more = f"; and {len(result.failed) - 3} more" if len(result.failed) > 3 else ""
        warnings.warn(f"adyn.ensemble: {len(result.failed)} of {count} members failed ({listed}{more})",
                      RuntimeWarning, stacklevel=2)
    return result
