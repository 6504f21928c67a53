"""Equations.to_sympy: the SymPy matrices evaluate to adyn's at random states."""
import json

import numpy as np
import pytest

import adyn
from conftest import relative_difference, robot

sympy = pytest.importorskip("sympy")


@pytest.mark.parametrize("name, method", [("double_pendulum.yaml", "kane"), ("four_bar_joint.yaml", "lagrange"),
                                          ("rolling_disk_stability.yaml", "kane"), ("heavy_symmetric_top.yaml", "lagrange"),
                                          ("whipple_bicycle.yaml", "kane")])
def test_sympy_round_trip_at_random_states(example, name, method):
    m = adyn.load(example(name))
    eom = m.derive(method)
    s = eom.to_sympy()
    assert s.M.shape == (len(eom.speeds), len(eom.speeds)) and s.G.shape[1] == len(eom.speeds)
    for seed in range(3):
        t, q, u = eom.state_of(*m.random_state(seed)[1:], m.random_state(seed)[0])
        values = {**m.parameters, **m.inputs, **dict(zip(eom.coordinates, q)), **dict(zip(eom.speeds, u)), "t": t}
        values = {s.symbols[k]: v for k, v in values.items() if k in s.symbols}
        udot, lam = s.accelerations(values)
        ref_udot, ref_lam = eom.accelerations(q, u, t)
        assert relative_difference(np.array(udot, dtype=float).ravel(), ref_udot) < 1e-10
        assert relative_difference(np.array(lam, dtype=float).ravel(), ref_lam) < 1e-10


def test_sympy_symbols_are_the_model_names(example):
    s = adyn.load(example("double_pendulum.yaml")).derive("lagrange").to_sympy()
    assert [str(x) for x in s.coordinates] == ["q1", "q2"]
    assert [str(x) for x in s.speeds] == ["q1_d", "q2_d"]
    l1, m1, m2 = (s.symbols[n] for n in ("l1", "m1", "m2"))
    assert sympy.simplify(s.M[0, 0] - l1**2 * (m1 + m2)) == 0


def test_a_robots_printed_equations_are_its_compiled_ones():
    """derive's equations of a robot are its tree's recursions over named intermediates (M by composite
    rigid bodies, F = Q - tau(q, u, 0) by recursive Newton-Euler), not Kane's written out: the UR5's,
    parsed by SymPy from the JSON and evaluated at random states with nonzero joint torques, give the
    M of Kane's own derivation and the u' of the compiled articulated-body algorithm."""
    m = adyn.load(robot("ur5_robot.urdf"))
    eom = m.derive("kane")
    s = eom.to_sympy()
    assert "M by composite rigid bodies" in json.loads(eom.json())["form"]
    assert len(s.intermediates) > 100
    inputs = {name: 0.5 - 0.25 * k for k, name in enumerate(m.inputs)}
    compiled = eom.compile()
    compiled.set_parameters(inputs)
    rng = np.random.default_rng(32)
    for _ in range(3):
        q, u = rng.uniform(-2, 2, len(eom.coordinates)), rng.uniform(-2, 2, len(eom.speeds))
        values = {**m.parameters, **inputs, **dict(zip(eom.coordinates, q)), **dict(zip(eom.speeds, u))}
        values = {s.symbols[k]: v for k, v in values.items() if k in s.symbols}
        udot, _ = s.accelerations(values)
        assert relative_difference(np.array(udot, dtype=float).ravel(), compiled.rates(q, u)) < 1e-10
        subs = dict(values)
        for z, expression in s.intermediates:
            subs[z] = expression.xreplace(subs).evalf()
        kane = eom.evaluate(q, u)["M"]
        assert relative_difference(np.array(s.M.xreplace(subs).evalf(), dtype=float), kane) < 1e-10
