"""Equations.to_sympy: the SymPy matrices evaluate to adyn's at random states."""
import numpy as np
import pytest

import adyn
from conftest import relative_difference

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
