"""Equations.simulate: the same trajectory as adyn simulate's CSV, options, failures as exceptions."""
import io
import signal
import subprocess
import sys

import numpy as np
import pytest

import adyn


def read_csv(text):
    header = text.splitlines()[0].split(",")
    return header, np.loadtxt(io.StringIO(text), delimiter=",", skiprows=1, ndmin=2)


@pytest.mark.parametrize("name, method", [("double_pendulum.yaml", "lagrange"), ("four_bar_joint.yaml", "lagrange"),
                                          ("greenwood_4_10_dumbbell_knife_edge.yaml", "gibbs-appell")])
def test_arrays_equal_the_command_line_csv(example, tool, tmp_path, name, method):
    path = example(name)
    csv = tmp_path / "run.csv"
    status, _, err = tool("simulate", path, "-m", method, "--t-end", 1.0, "-o", csv)
    assert status == 0, err
    header, data = read_csv(csv.read_text())
    tr = adyn.load(path).derive(method).simulate(t_end=1.0)
    assert tr.csv() == csv.read_text()  # byte for byte
    n, p, m = tr.q.shape[1], tr.u.shape[1], tr.lam.shape[1]
    assert header[:1 + n + p] == ["t", *tr.coordinate_names, *tr.speed_names]
    np.testing.assert_array_equal(data[:, 0], tr.t)
    np.testing.assert_array_equal(data[:, 1:1 + n], tr.q)
    np.testing.assert_array_equal(data[:, 1 + n:1 + n + p], tr.u)
    np.testing.assert_array_equal(data[:, 1 + n + p:1 + n + p + m], tr.lam)
    np.testing.assert_array_equal(data[:, -2], tr.energy)
    np.testing.assert_array_equal(data[:, -1], tr.violation)


# Research seed-001 E1: the dumbbell from (phi, v, w) = (0.3, 2, 0.5) at t = 2.
def test_Greenwood_4_10_DumbbellKnifeEdge_Trajectory(example):
    tr = adyn.load(example("greenwood_4_10_dumbbell_knife_edge.yaml")).derive("gibbs-appell").simulate(t_end=2.0)
    np.testing.assert_allclose(tr.q[-1], [3.612638137782, 1.788383708151, 0.497406605251], rtol=1e-8)
    assert tr.speed_names == ["v", "w", "u3"]  # the knife edge's u3 = 0, eliminated, recorded too
    np.testing.assert_allclose(tr.u[-1], [2.019900165695, 0.003221328423, 0], rtol=1e-7, atol=1e-9)
    assert tr.summary["completed"] and tr.t[-1] == 2.0


def test_options_and_initial_conditions(example):
    eom = adyn.load(example("double_pendulum.yaml")).derive("kane")
    tr = eom.simulate(t_end=0.5, dt=0.1, initial={"q1": 0.2}, integrator="bdf", rtol=1e-9)
    np.testing.assert_allclose(tr.t, [0, 0.1, 0.2, 0.3, 0.4, 0.5], atol=1e-15)
    assert tr.q[0, 0] == 0.2 and tr.q[0, 1] == -0.4
    with pytest.raises(adyn.ModelError, match="initial condition 'z'"):
        eom.simulate(initial={"z": 1})
    with pytest.raises(adyn.ModelError, match="integrator 'rk4'"):
        eom.simulate(integrator="rk4")
    with pytest.raises(adyn.ModelError, match="simulation options"):
        eom.simulate(t_end=-1)


def test_IFToMM_A02_NFourBar_loose_tolerance_stays_on_the_branch_and_says_why(example):
    """At rtol 3e-7 steps across A02's singular positions jump off the pins; the guard integrates those
    intervals again and reports each re-step with its signs; the ideal pins' numerical work is reported,
    and the evaluations where the augmented Lagrangian's accelerations were its regularization."""
    tr = adyn.load(example("iftomm_a02_n_four_bar_2.yaml")).derive("lagrange").simulate(t_end=3.0, rtol=3e-7)
    assert tr.summary["completed"]
    resteps = tr.summary["resteps"]
    assert resteps and all(abs(r["energy_change"]) > 0.1 and r["velocity_jump"] > 0.1 for r in resteps)
    assert set(resteps[0]) == {"from", "to", "violation", "energy_change", "velocity_jump", "max_step"}
    assert 0 < tr.summary["constraint_work"] < 1e-4
    assert 0 < tr.summary["regularized_evaluations"] < tr.summary["rhs_evaluations"]
    # B0 follows the parallelogram: every crank at the same angle (within the tolerance's accuracy)
    assert np.abs(tr["c0"] - tr["c2"]).max() < 1e-5
    free = adyn.load(example("double_pendulum.yaml")).derive("lagrange").simulate(t_end=0.1)
    assert free.summary["constraint_work"] is None  # no constraints, nothing measured
    assert free.summary["regularized_evaluations"] == 0


def test_IFToMM_A02_NFourBar_index3_augmented_lagrangian_takes_the_fixed_step_it_is_given(example):
    """integrator='ali3p' with step=: the same library call as adyn simulate --integrator ali3p --step;
    A02's cranks stay parallel through its first singular positions."""
    eom = adyn.load(example("iftomm_a02_n_four_bar_2.yaml")).derive("lagrange")
    tr = eom.simulate(t_end=1.0, dt=0.05, integrator="ali3p", step=0.0025)
    assert tr.summary["completed"] and tr.summary["steps"] == 400
    assert np.abs(tr["c0"] - tr["c2"]).max() < 1e-3
    assert [round(c["t"], 2) for c in tr.summary["constraint_rank"]["changes"]] == [0.29, 0.85]
    with pytest.raises(adyn.NotApplicableError, match="integrator 'ali3p'.*no constraints"):
        adyn.load(example("simple_pendulum.yaml")).derive("lagrange").simulate(t_end=0.1, integrator="ali3p")


def falling_into_a_singular_potential():
    """A particle attracted by V = -1/x from rest at x = 1: it reaches x = 0 at t = pi/(2 sqrt 2)."""
    s = adyn.System("collapse")
    s.add_coordinate("x").add_point("P", from_="O", position={"N": ["x", 0, 0]})
    s.add_particle("p", point="P", mass=1).add_potential("attraction", energy="-1/x").set_initial(x=1.0)
    return s.model()


def test_a_run_that_stops_raises_with_the_trajectory_so_far():
    with pytest.raises(adyn.SimulationError) as failure:
        falling_into_a_singular_potential().derive("lagrange").simulate(t_end=5.0)
    tr = failure.value.trajectory
    assert not tr.completed and 1.0 < tr.t[-1] < np.pi / (2 * np.sqrt(2))
    assert np.all(np.isfinite(tr.q)) and np.all(np.isfinite(tr.energy))
    assert str(failure.value) == tr.summary["stop_reason"]


def test_step_budget_stops_the_run_with_the_trajectory_so_far(example):
    eom = adyn.load(example("double_pendulum.yaml")).derive("lagrange")
    with pytest.raises(adyn.SimulationError, match=r"^the step budget of 200 steps \(max steps\) is spent at t = ") as stop:
        eom.simulate(t_end=10.0, max_steps=200)
    tr = stop.value.trajectory
    assert not tr.completed and tr.summary["steps"] == 200 and 0 < tr.t[-1] < 10
    assert eom.simulate(t_end=0.1, max_steps=10**6).completed
    with pytest.raises(adyn.ModelError, match="max steps must be a whole number of at least 1, got 0"):
        eom.simulate(max_steps=0)
    for bad in (1.5, True, "100"):
        with pytest.raises(TypeError, match="max_steps must be a whole number of steps"):
            eom.simulate(max_steps=bad)


def test_time_budget_stops_the_run_with_the_trajectory_so_far(example):
    eom = adyn.load(example("double_pendulum.yaml")).derive("lagrange")
    with pytest.raises(adyn.SimulationError, match=r"^the time budget of 0.1 s \(max time\) is spent at t = ") as stop:
        eom.simulate(t_end=1e6, dt=1.0, max_time=0.1)
    tr = stop.value.trajectory
    assert not tr.completed and 0 < tr.t[-1] < 1e6
    with pytest.raises(adyn.ModelError, match="max time must be a positive number of seconds, got -1"):
        eom.simulate(max_time=-1.0)


def test_gimbal_lock_is_a_singularity_error(example):
    eom = adyn.load(example("heavy_symmetric_top.yaml")).derive("lagrange")
    with pytest.raises(adyn.SingularityError, match="gimbal lock"):
        eom.simulate(initial={"theta": 0.0})


def test_progress_is_told_each_sample_and_may_stop_the_run(example):
    eom = adyn.load(example("double_pendulum.yaml")).derive("lagrange")
    times = []
    trajectory = eom.simulate(t_end=0.5, dt=0.1, progress=times.append)
    assert times == list(trajectory.t)

    class Enough(Exception):
        pass

    def stop_at_a_quarter(t):
        if t >= 0.25:
            raise Enough(t)

    with pytest.raises(Enough):
        eom.simulate(t_end=10, dt=0.05, progress=stop_at_a_quarter)


def test_ctrl_c_stops_a_run_with_the_trajectory_so_far(example, tmp_path):
    # The run reports, through its progress callback, that it is integrating (past its first
    # samples): the signal is sent then, not after a guessed delay.
    script = tmp_path / "long_run.py"
    script.write_text(f"""
import sys, adyn
eom = adyn.load({example("double_pendulum.yaml")!r}).derive("lagrange")
said = []
def progress(t):
    if t > 1 and not said:
        said.append(t)
        print("integrating", flush=True)
try:
    eom.simulate(t_end=1e4, progress=progress)
except KeyboardInterrupt as interrupt:
    tr = interrupt.trajectory
    print(len(tr) > 1, tr.summary["interrupted"], 0 < tr.t[-1] < 1e4)
""")
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "integrating\n"
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0 and out == "True True True\n"


def particle_on_the_unit_circle(**initial):
    ring = adyn.System("circle")
    ring.add_parameter("g", 9.81).add_coordinate("x").add_coordinate("y")
    ring.add_point("P", from_="O", position={"N": ["x", "y", 0]}).add_particle("bob", point="P", mass=1)
    ring.set_gravity({"N": [0, "-g", 0]}).add_constraint("circle", holonomic="x^2 + y^2 - 1")
    return ring.set_initial(**initial).model()


def test_given_initial_values_are_kept_and_the_completion_recorded():
    """Issue 29: x = 0.6 on the unit circle started at (1, 0); x = 100 was accepted."""
    model = particle_on_the_unit_circle(x=0.6)
    state = model.initial_state()
    assert state["q"] == {"x": 0.6, "y": pytest.approx(0.8, abs=1e-12)}
    assert [c["name"] for c in state["completed"]] == ["y"] and not state["completed"][0]["given"]
    assert state["branches"][0]["other"] == [pytest.approx(-0.8, abs=1e-12)]
    tr = model.derive("lagrange").simulate(t_end=0.1, initial={"x_d": 0.4})
    assert tr.q[0, 0] == 0.6 and tr.u[0, 0] == 0.4 and tr.u[0, 1] == pytest.approx(-0.3, abs=1e-12)
    assert tr.summary["initial_state"][0] == "completed y = 0.8 (not given; 0 before) to satisfy constraint 'circle'"
    assert model.initial_state({"x_d": 0.4})["messages"][1].startswith("completed y_d = -0.3 (not given")
    with pytest.raises(adyn.ModelError, match="x = 100 given: constraint 'circle' cannot be satisfied by completing y"):
        model.derive("lagrange").simulate(t_end=0.1, initial={"x": 100})
    with pytest.raises(adyn.ModelError, match="x = 100 given"):
        model.initial_state({"x": 100})
