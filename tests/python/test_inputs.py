"""Inputs from Python (issue 31): System.add_input, Model.inputs, Equations.simulate(inputs=...) and
Linearization.A/B/C/D with state_names, input_names, output_names."""
import numpy as np
import pytest

import adyn
from conftest import pendulum_with_torque

M_BICYCLE = np.array([[80.81722, 2.31941332208709], [2.31941332208709, 0.29784188199686]])


def test_pendulum_input_matrix():
    model = pendulum_with_torque().model()
    assert model.inputs == {"T": 0.0}
    lin = model.linearize(method="lagrange")
    m, l, g = 1.5, 0.4, 9.81
    assert lin.state_names == ["theta", "theta_d"] and lin.input_names == ["T"]
    assert lin.output_names == lin.state_names
    np.testing.assert_allclose(lin.B, [[0.0], [1 / (m * l * l)]], rtol=1e-14, atol=0)
    np.testing.assert_allclose(lin.A, [[0, 1], [-g / l, 0]], rtol=1e-14, atol=0)
    np.testing.assert_array_equal(lin.C, np.eye(2))
    np.testing.assert_array_equal(lin.D, np.zeros((2, 1)))
    assert lin.matrices()["Fw"].shape == (1, 1)


def test_linearize_at_an_input_value():
    """at={"T": ...} sets the input's value at the operating point: held at theta0 by
    T = m g l sin(theta0), the pendulum is in equilibrium there (no warning) with
    A = [[0, 1], [-g cos(theta0) / l, 0]]."""
    m, l, g, theta0 = 1.5, 0.4, 9.81, 0.3
    model = pendulum_with_torque().model()
    lin = model.linearize(method="lagrange", at={"theta": theta0, "T": m * g * l * np.sin(theta0)})
    assert not lin.warnings and lin.stationarity_residual() < 1e-12
    np.testing.assert_allclose(lin.A, [[0, 1], [-g * np.cos(theta0) / l, 0]], rtol=1e-13, atol=0)
    np.testing.assert_allclose(lin.B, [[0.0], [1 / (m * l * l)]], rtol=1e-14, atol=0)
    assert model.inputs == {"T": 0.0}, "the model keeps its own value"


def test_simulate_with_constant_input():
    """Held by T = m g l sin(theta0) at theta0 the pendulum stays there; without it, it swings."""
    m, l, g, theta0 = 1.5, 0.4, 9.81, 0.3
    equations = pendulum_with_torque().model().derive("lagrange")
    held = equations.simulate(1.0, 0.5, initial={"theta": theta0}, inputs={"T": m * g * l * np.sin(theta0)})
    assert held.q[-1, 0] == pytest.approx(theta0, abs=1e-9)
    free = equations.simulate(1.0, 0.5, initial={"theta": theta0})
    assert abs(free.q[-1, 0] - theta0) > 0.1


def test_bad_inputs():
    equations = pendulum_with_torque().model().derive("lagrange")
    with pytest.raises(adyn.ModelError, match=r"input 'Tx': no such input in system 'pendulum with a motor' \(its inputs: T\)"):
        equations.simulate(0.1, inputs={"Tx": 1.0})
    with pytest.raises(adyn.ModelError, match="input 'T': expected a finite number, got inf"):
        equations.simulate(0.1, inputs={"T": float("inf")})
    s = pendulum_with_torque()
    with pytest.raises(adyn.ModelError, match="the name 'm' is already used by parameter 'm'"):
        s.add_input("m")
    with pytest.raises(adyn.ModelError, match="the name 'theta' is already used by input 'theta'"):
        adyn.System().add_coordinate("theta").add_input("theta")  # the inputs are read first


def test_Meijaard2007_A2_WhippleBicycle_input_matrix(example):
    """The lean and steer rows of B are the inverse of the paper's mass matrix (eq. (A 2))."""
    lin = adyn.load(example("whipple_bicycle.yaml")).linearize()
    assert lin.input_names == ["T_phi", "T_delta"]
    assert lin.state_names == ["phi", "delta", "phi_d", "delta_d", "thetaR_d"]
    B = lin.B
    np.testing.assert_allclose(B[2:4], np.linalg.inv(M_BICYCLE), rtol=1e-12, atol=0)
    np.testing.assert_allclose(B[[0, 1, 4]], 0, atol=1e-12)
