"""adyn.Model: reading model files, their parameters, settings, classification and copies."""
import pickle

import pytest

import adyn


def test_load_reads_the_model_and_its_settings(example):
    m = adyn.load(example("double_pendulum.yaml"))
    assert m.name == "Double pendulum"
    assert m.coordinates == ["q1", "q2"]
    assert m.speeds == ["q1_d", "q2_d"]
    assert m.parameters == {"m1": 1.0, "m2": 1.0, "l1": 1.0, "l2": 0.5, "g": 9.81}
    assert m.initial == {"q1": 0.8, "q2": -0.4}
    assert m.settings["method"] == "lagrange" and m.settings["rtol"] == 1e-10


def test_classification_matches_the_command_line(example, tool):
    path = example("angeles_e7_two_wheel_axle.yaml")
    c = adyn.load(path).classify()
    status, out, _ = tool("classify", path)
    assert status == 0
    assert str(c) in out
    assert c.velocity_dof == 2 and not c.holonomic_system
    assert [r.name for r in c.constraints] and all(not r.holonomic or r.level for r in c.constraints)


def test_parameters_set_and_copies_are_independent(example):
    m = adyn.load(example("double_pendulum.yaml"))
    c = m.copy()
    c.set_parameter("l2", 2.0)
    assert m.parameters["l2"] == 0.5 and c.parameters["l2"] == 2.0
    with pytest.raises(adyn.ModelError, match="parameter 'nope'"):
        m.set_parameter("nope", 1.0)
    with pytest.raises(adyn.ModelError, match="initial condition 'z'"):
        m.set_initial("z", 1.0)


def test_model_pickles_with_its_parameters_and_initial_conditions(example):
    m = adyn.load(example("double_pendulum.yaml"))
    m.set_parameter("g", 1.62)
    m.set_initial("q2", 0.1)
    r = pickle.loads(pickle.dumps(m))
    assert r.parameters["g"] == 1.62 and r.initial["q2"] == 0.1 and r.text == m.text


def test_random_states_satisfy_the_constraints(example):
    m = adyn.load(example("four_bar_joint.yaml"))
    eom = m.derive("lagrange")
    t, q, u = m.random_state(seed=3)
    values = eom.evaluate(*eom.state_of(q, u, t)[1:], t)
    assert abs(values["G"] @ u).max() < 1e-9


def test_parameter_values_are_checked_as_the_model_file_checks_them(example):
    """Issue 29: set_parameter took NaN and negative masses; a refused value leaves the model as it was."""
    m = adyn.load(example("double_pendulum.yaml"))
    with pytest.raises(adyn.ModelError, match="parameter 'm2': expected a finite number, got nan"):
        m.set_parameter("m2", float("nan"))
    with pytest.raises(adyn.ModelError, match="parameter 'm2' = -1: particle 'bob2': its mass must be positive"):
        m.set_parameter("m2", -1.0)
    with pytest.raises(adyn.ModelError, match="parameter 'm1' = 0: particle 'bob1'"):
        m.eigen(at={"m1": 0})
    with pytest.raises(adyn.ModelError, match="at m2 = -1, particle 'bob2'"):
        m.sweep("m2", [-1.0, 1.0], rest=True)
    assert m.parameters["m2"] == 1.0
    with pytest.raises(adyn.ModelError, match="particle 'bob1'"):
        m.set_parameters({"l2": 2.0, "m1": -3.0})
    assert m.parameters["l2"] == 0.5  # all or none
    m.set_parameters({"l2": 2.0, "m1": 3.0})
    assert m.parameters["l2"] == 2.0 and m.parameters["m1"] == 3.0
