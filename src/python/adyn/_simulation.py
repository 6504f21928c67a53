"""Equations.simulate: adyn simulate's options and initial state, a Trajectory of NumPy arrays."""
import numbers
import warnings

import numpy as np

from . import _adyn


class SimulationError(_adyn.Error):
    """A run that stopped before t_end; `trajectory` holds the samples so far."""

    def __init__(self, message, trajectory=None):
        super().__init__(message)
        self.trajectory = trajectory


def _input_law(self, inputs, feedback, feedback_states, reference):
    """The constant inputs {name: value}, and the law (t, q, u) -> values of the varying ones with
    their names (None, [] when every input is constant)."""
    constants, signals = {}, {}
    for name, value in dict(inputs or {}).items():
        (signals if callable(value) else constants)[str(name)] = value if callable(value) else float(value)
    if feedback is None:
        if not signals:
            return constants, None, []
        names = list(signals)
        return constants, (lambda t, q, u: [float(signals[n](t)) for n in names]), names
    names = list(self.model.inputs)
    gain = np.atleast_2d(np.asarray(feedback, dtype=float))
    state = list(self.coordinates) + list(self.speeds)
    columns = list(feedback_states) if feedback_states is not None else state
    if gain.shape != (len(names), len(columns)):
        raise _adyn.ModelError(f"feedback: the gain K is {gain.shape[0]} x {gain.shape[1]}; expected {len(names)} x "
                               f"{len(columns)} (the model's inputs {names} x the states {columns})")
    unknown = [c for c in columns if c not in state]
    if unknown:
        raise _adyn.ModelError(f"feedback: no state {unknown[0]!r} in the {self.method} equations (their states: "
                               f"{state})")
    at = np.array([state.index(c) for c in columns], dtype=int)
    x_ref = np.array([float(dict(reference or {}).get(c, 0.0)) for c in columns])
    base = [signals.get(n, constants.get(n, self.model.inputs[n])) for n in names]

    def law(t, q, u):
        w = np.array([b(t) if callable(b) else b for b in base], dtype=float)
        return w - gain @ (np.concatenate([q, u])[at] - x_ref)
    return constants, law, names


def simulate(self, t_end=None, dt=None, *, initial=None, inputs=None, feedback=None, feedback_states=None,
             reference=None, rtol=None, atol=None, integrator=None, projection=None, baumgarte=None, backend=None,
             constraint_solver=None, mass_matrix=False, max_steps=None, max_time=None, progress=None, step=None):
    """Integrates the equations from the model's initial conditions (overridden by `initial`, a
    mapping of coordinate and speed names to values): the values given are kept and those not given
    completed to satisfy the constraints (summary["initial_state"] says which; Model.initial_state).

    `inputs`, a mapping of the model's input names to numbers, gives those inputs constant values
    for this run over the model's own (Model.inputs; 0 unless the model gives one), as adyn simulate
    --input: the compiled equations take them as run-time values. An unknown name or a value that
    is not finite raises adyn.ModelError naming it. A callable value f(t) makes that input a
    function of time, called before every evaluation of the equations.

    `feedback`, a gain matrix K (the model's inputs x the states), closes the loop
    w = w0 - K (x - x_ref): x the states `feedback_states` (default: the equations' coordinates then
    speeds; e.g. Linearization.state_names, whose A and B gave K), x_ref their values in
    `reference` ({name: value}, default 0), w0 the inputs' values (constants or functions of time).

    Options left at None come from the model file's `simulation:` settings, then from adyn's
    defaults (t_end 10, dt 0.01, rtol 1e-8, atol 1e-10, integrator 'dopri' — or 'bdf', 'ida',
    'midpoint', 'ali3p' (the index-3 augmented Lagrangian of constrained systems) —, `step` the
    fixed step of 'midpoint' and 'ali3p' (default dt/10), projection on, no Baumgarte stabilization, backend 'tape' — or 'native',
    constraint_solver 'augmented-lagrangian' — or 'kkt': how the multiplier forms' accelerations are
    solved, through singular configurations and redundant rows or stopping where they lose rank).
    Unconstrained trees are integrated with u̇ from the O(n) articulated-body algorithm (the same
    u̇ to rounding); `mass_matrix=True` evaluates the derived M u̇ = F instead.

    `max_steps`, a whole number ≥ 1, is the run's step budget (adyn simulate --max-steps): beyond it
    the run stops (adyn.SimulationError with the trajectory so far). With or without it, a run whose
    step size collapses so that t no longer advances stops as stalled. `max_time`, a positive number
    of seconds, is the integration's wall-clock budget (adyn simulate --max-time): when it is spent
    the run stops the same way.

    The equations are compiled at the first run for each backend (and mass_matrix) and kept, shared
    by Equations.copy(): later runs, at other parameter values or initial conditions, only integrate.
    Equations.compile() gives the compiled handle itself.

    `progress`, a callable, is called with the time of each recorded sample as the run goes (the
    initial state first, once the equations are compiled), e.g. to drive a progress bar; what it
    raises stops the run and is raised when it has stopped.

    Returns an adyn.Trajectory (t, q, u, lam, outputs, energy, energy_rate_integral, violation as
    NumPy arrays; trajectory["name"] for a coordinate, speed or output by name; summary). A run that stops early raises adyn.SimulationError carrying the trajectory so
    far; Ctrl-C raises KeyboardInterrupt carrying it too (`.trajectory`).
    """
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, numbers.Integral)):
        raise TypeError(f"max_steps must be a whole number of steps, got {max_steps!r}")
    constants, law, law_names = _input_law(self, inputs, feedback, feedback_states, reference)
    trajectory = _adyn.simulate(self, dict(initial or {}), t_end, dt, rtol, atol, integrator, projection,
                                baumgarte, backend, constraint_solver, mass_matrix, max_steps, max_time, progress,
                                constants, law, law_names, step)
    summary = trajectory.summary
    for warning in summary["warnings"]:
        warnings.warn(warning, RuntimeWarning, stacklevel=2)
    if summary["interrupted"]:
        interrupt = KeyboardInterrupt(summary["stop_reason"])
        interrupt.trajectory = trajectory
        raise interrupt
    if not summary["completed"]:
        raise SimulationError(summary["stop_reason"], trajectory)
    return trajectory


def compile(self, backend=None, mass_matrix=False):
    """The equations compiled once — the forward dynamics, the constraint rows, the monitors — for
    many evaluations and runs: an adyn.Compiled with rates(q, u, t=0.0) -> u', matrices(q, u, t=0.0)
    -> {'M', 'F', 'qdot' (and 'G', 'g')}, parameters, set_parameters({...}) and simulate(...) (the
    options of Equations.simulate; its backend and mass_matrix are the handle's). Parameters are
    run-time values of the compiled code: set_parameters never compiles again
    (adyn.compilations() counts the compilations of the process).

    `backend` is 'tape' (the default, or the model's setting) or 'native' (generated C, compiled
    once per machine); `mass_matrix=True` evaluates the derived M u' = F where an unconstrained tree
    would use the articulated-body algorithm. The handle has a model of its own (`model`: its
    parameter values and initial conditions), copied from the equations' model now.
    """
    return _adyn.compile(self, backend, mass_matrix)


_adyn.Equations.simulate = simulate
_adyn.Equations.compile = compile
_adyn.Compiled.simulate = simulate
