"""Outputs and inputs that vary in time from Python (issue 31 items 3-4): System.add_output,
Model.outputs, Trajectory.outputs and trajectory["name"], Linearization.C/D/output_names, inputs as
functions of time (callables) and a feedback law w = -K (x - x_ref)."""
import numpy as np
import pytest
import scipy.linalg

import adyn
from conftest import pendulum_with_torque


def pendulum(T=None):
    """The pendulum with a motor, its outputs the bob's height and the motor's power, from 0.3 rad."""
    s = pendulum_with_torque(T)
    s.add_output("height", position="P", component=["N", "y"], unit="m")
    s.add_output("power", "T*theta_d")
    s.set_initial(theta=0.3, theta_d=0)
    return s


def test_outputs_in_the_trajectory():
    model = pendulum().model()
    assert model.outputs == ["height", "power"]
    tr = model.derive("lagrange").simulate(1.0, 0.1, inputs={"T": 0.2})
    assert tr.output_names == ["height", "power"]
    assert tr.outputs.shape == (len(tr.t), 2)
    np.testing.assert_allclose(tr["height"], -0.4 * np.cos(tr["theta"]), rtol=0, atol=1e-15)
    np.testing.assert_allclose(tr["power"], 0.2 * tr["theta_d"], rtol=0, atol=1e-15)
    with pytest.raises(KeyError, match="no column 'nope' in the trajectory"):
        tr["nope"]


def test_constant_callable_equals_the_constant_bit_for_bit():
    equations = pendulum().model().derive("lagrange")
    constant = equations.simulate(2.0, 0.1, inputs={"T": 0.25})
    callable_ = equations.simulate(2.0, 0.1, inputs={"T": lambda t: 0.25})
    np.testing.assert_array_equal(constant.q, callable_.q)
    np.testing.assert_array_equal(constant.u, callable_.u)
    np.testing.assert_array_equal(constant.outputs, callable_.outputs)
    assert constant.summary["steps"] == callable_.summary["steps"]


def test_input_as_a_function_of_time_on_a_compiled_handle():
    """T(t) = m g l sin(theta(t)) for the motion theta = 0.3: the motor holds the pendulum still."""
    m, l, g = 1.5, 0.4, 9.81
    compiled = pendulum().model().derive("lagrange").compile()
    tr = compiled.simulate(1.0, 0.1, inputs={"T": lambda t: m * g * l * np.sin(0.3) * (1 + 0 * t)})
    np.testing.assert_allclose(tr.q[:, 0], 0.3, atol=1e-9)
    calls = []
    compiled.simulate(0.2, 0.1, inputs={"T": lambda t: calls.append(t) or 0.0})
    assert calls and min(calls) == 0.0


def test_input_law_errors_are_raised():
    equations = pendulum().model().derive("lagrange")

    def broken(t):
        raise ZeroDivisionError("no torque today")
    with pytest.raises(ZeroDivisionError, match="no torque today"):
        equations.simulate(0.5, inputs={"T": broken})
    with pytest.raises(adyn.SimulationError, match="input 'T' is nan at t = 0"):
        equations.simulate(0.5, inputs={"T": lambda t: float("nan")})
    with pytest.raises(adyn.ModelError, match="feedback: the gain K is 1 x 3"):
        equations.simulate(0.5, feedback=np.zeros((1, 3)))


def test_lqr_feedback_holds_the_inverted_pendulum():
    """Upright (theta = pi) the pendulum falls; the LQR gain of linearize's A and B (SciPy's CARE)
    applied as feedback=K brings it back from 0.2 rad off."""
    model = pendulum().model()
    lin = model.linearize(method="lagrange", at={"theta": np.pi})
    A, B = lin.A, lin.B
    assert np.max(np.linalg.eigvals(A).real) > 1, "unstable upright"
    P = scipy.linalg.solve_continuous_are(A, B, np.eye(2), np.eye(1))
    K = np.linalg.solve(np.eye(1), B.T @ P)
    assert np.max(np.linalg.eigvals(A - B @ K).real) < 0
    equations = model.derive("lagrange")
    start = {"theta": np.pi + 0.2, "theta_d": 0.0}
    held = equations.simulate(8.0, 0.1, initial=start, feedback=K, feedback_states=lin.state_names,
                              reference={"theta": np.pi})
    assert abs(held.q[-1, 0] - np.pi) < 1e-3 and abs(held.u[-1, 0]) < 1e-3
    assert np.all(np.abs(held.q[:, 0] - np.pi) <= 0.2 + 1e-9)
    fallen = equations.simulate(2.0, 0.1, initial=start)
    assert np.max(np.abs(fallen.q[:, 0] - np.pi)) > 1


def test_output_and_feedthrough_matrices():
    """At theta0 with theta'0 = 1.2 and T0 = 0.5: height = -l cos(theta), power = T theta' give
    C = [[l sin(theta0), 0], [0, T0]] and D = [[0], [theta'0]]."""
    l, theta0 = 0.4, 0.3
    with pytest.warns(RuntimeWarning, match="not an equilibrium"):   # it swings through theta0
        lin = pendulum(T=0.5).model().linearize(method="lagrange", at={"theta": theta0, "theta_d": 1.2})
    assert lin.output_names == ["height", "power"]
    np.testing.assert_allclose(lin.C, [[l * np.sin(theta0), 0], [0, 0.5]], rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(lin.D, [[0], [1.2]], rtol=1e-14, atol=1e-15)
    parts = lin.matrices()                 # C = [Cq Cu], D = Dw
    np.testing.assert_array_equal(np.hstack([parts["Cq"], parts["Cu"]]), lin.C)
    np.testing.assert_array_equal(parts["Dw"], lin.D)


def test_Meijaard2007_WhippleBicycle_lqr_below_the_weave_speed(example):
    """At 3 m/s, below the weave speed (4.29 m/s), the uncontrolled bicycle's weave grows; the LQR
    gain of the lean and steer states (linearize's A and B, SciPy's CARE) on the lean and steer
    torques holds it upright from a lean of 0.05 rad."""
    model = adyn.load(example("whipple_bicycle.yaml"))
    model.set_parameter("v", 3.0)
    lin = model.linearize()
    states = lin.state_names[:4]
    assert states == ["phi", "delta", "phi_d", "delta_d"] and lin.input_names == ["T_phi", "T_delta"]
    A, B = lin.A[:4, :4], lin.B[:4]
    assert np.max(np.linalg.eigvals(A).real) > 0.1, "the weave is unstable at 3 m/s"
    K = B.T @ scipy.linalg.solve_continuous_are(A, B, np.eye(4), np.eye(2))
    assert np.max(np.linalg.eigvals(A - B @ K).real) < 0
    equations = model.derive("kane")
    free = equations.simulate(1.5, 0.1)                 # falls over by t = 1.9
    assert np.max(np.abs(free["phi"])) > 0.1
    held = equations.simulate(5.0, 0.1, feedback=K, feedback_states=states)
    assert abs(held["phi"][-1]) < 1e-3 and abs(held["delta"][-1]) < 1e-3
    assert np.max(np.abs(held["phi"])) < 0.1
