"""Equations.compile: the equations compiled once, evaluated and simulated many times at run-time
parameter values — nothing compiled again, the same numbers as freshly derived equations."""
import pickle

import numpy as np
import pytest

import adyn


def test_rates_and_matrices_equal_the_symbolic_evaluation(example):
    equations = adyn.load(example("four_bar_linkage.yaml")).derive("lagrange")
    compiled = equations.compile()
    q, u = np.array([1.0, 0.4, 1.9]), np.array([5.0, -1.2, 2.0])
    symbolic = equations.evaluate(q, u)
    numeric = compiled.matrices(q, u)
    for key in ("M", "F", "qdot", "G", "g"):
        np.testing.assert_allclose(numeric[key], symbolic[key], rtol=1e-12, atol=1e-12)
    udot, _ = equations.accelerations(q, u)
    np.testing.assert_allclose(compiled.rates(q, u), udot, rtol=1e-9, atol=1e-9)


def test_set_parameters_and_simulate_never_compile_again(example):
    model = adyn.load(example("four_bar_linkage.yaml"))
    equations = model.derive("lagrange")
    compiled = equations.compile()
    before = adyn.compilations()
    runs = []
    for m3 in (1.2, 1.5, 2.0):
        compiled.set_parameters({"m3": m3})
        runs.append(compiled.simulate(t_end=0.5))
    assert adyn.compilations() == before
    assert compiled.parameters["m3"] == 2.0
    fresh_model = model.copy()
    fresh_model.set_parameters({"m3": 2.0})
    fresh = fresh_model.derive("lagrange").simulate(t_end=0.5)
    np.testing.assert_array_equal(runs[-1].q, fresh.q)  # the same code at the same values
    assert np.max(np.abs(runs[0].q[-1] - runs[-1].q[-1])) > 1e-6


def test_equations_simulate_keeps_its_compiled_code(example):
    equations = adyn.load(example("double_pendulum.yaml")).derive("lagrange")
    equations.simulate(t_end=0.1)
    before = adyn.compilations()
    copy = equations.copy()
    copy.model.set_parameters({"l2": 0.7})
    moved = copy.simulate(t_end=0.1)
    assert adyn.compilations() == before  # copies share the compiled code
    assert not np.array_equal(moved.q, equations.simulate(t_end=0.1).q)
    equations.simulate(t_end=0.1, mass_matrix=True)
    assert adyn.compilations() == before + 1  # another evaluator: compiled once, then kept


def test_the_handle_refuses_what_was_decided_at_compile_time(example):
    compiled = adyn.load(example("double_pendulum.yaml")).derive("lagrange").compile()
    assert compiled.backend == "tape" and compiled.articulated_body
    with pytest.raises(adyn.ModelError, match="backend"):
        compiled.simulate(t_end=0.1, backend="native")
    with pytest.raises(adyn.ModelError, match="mass_matrix"):
        compiled.simulate(t_end=0.1, mass_matrix=True)
    with pytest.raises(adyn.ModelError, match="l3"):
        compiled.set_parameters({"l3": 1.0})
    with pytest.raises(adyn.ModelError, match="m1"):
        compiled.set_parameters({"l2": 0.3, "m1": -1.0})  # all or none
    assert compiled.parameters["l2"] == 0.5
    with pytest.raises(adyn.ModelError, match="expected 2 coordinates"):
        compiled.rates(np.zeros(3), np.zeros(2))


def test_initial_conditions_written_in_the_parameters_follow_them(example):
    bicycle = adyn.load(example("whipple_bicycle.yaml"))  # x_d: v, thetaR_d: -v/rR, thetaF_d: -v/rF
    assert bicycle.initial["x_d"] == 5.0
    bicycle.set_parameters({"v": 3.0})
    assert bicycle.initial["x_d"] == 3.0
    assert bicycle.initial_state()["u"]["thetaR_d"] == pytest.approx(-3.0 / 0.3, rel=1e-15)
    restored = pickle.loads(pickle.dumps(bicycle))
    assert restored.initial["x_d"] == 3.0
    bicycle.set_initial("x_d", 4.0)  # a value in place of the expression
    bicycle.set_parameters({"v": 6.0})
    assert bicycle.initial["x_d"] == 4.0 and bicycle.initial["thetaR_d"] == pytest.approx(-20.0, rel=1e-15)
    assert pickle.loads(pickle.dumps(bicycle)).initial["x_d"] == 4.0


def test_jacobians_agree_with_central_differences_of_the_rates(example):
    compiled = adyn.load(example("four_bar_linkage.yaml")).derive("lagrange").compile()
    q, u = np.array([1.0, 0.4, 1.9]), np.array([5.0, -1.2, 2.0])
    udot, dq, du, dp = compiled.jacobians(q, u)
    np.testing.assert_array_equal(udot, compiled.rates(q, u))
    assert dq.shape == (3, 3) and du.shape == (3, 3) and dp.shape == (3, len(compiled.parameters))
    h = 1e-6
    for j in range(3):
        e = np.eye(3)[j] * h
        np.testing.assert_allclose(dq[:, j], (compiled.rates(q + e, u) - compiled.rates(q - e, u)) / (2 * h),
                                   rtol=1e-6, atol=1e-5)
        np.testing.assert_allclose(du[:, j], (compiled.rates(q, u + e) - compiled.rates(q, u - e)) / (2 * h),
                                   rtol=1e-6, atol=1e-5)
    names = list(compiled.parameters)
    m3 = compiled.parameters["m3"]
    rates_at = []
    for value in (m3 + h, m3 - h):
        compiled.set_parameters({"m3": value})
        rates_at.append(compiled.rates(q, u))
    np.testing.assert_allclose(dp[:, names.index("m3")], (rates_at[0] - rates_at[1]) / (2 * h), rtol=1e-6, atol=1e-5)


def test_jacobians_of_a_tree_go_through_the_tree_and_agree_with_the_mass_matrix_form(example):
    equations = adyn.load(example("double_pendulum.yaml")).derive("kane")
    tree, dense = equations.compile(), equations.compile(mass_matrix=True)
    assert tree.articulated_body and "through the tree" in tree.derivatives_path
    assert "residuals" in dense.derivatives_path
    q, u = np.array([0.8, -0.4]), np.array([1.3, -0.7])
    for a, b in zip(tree.jacobians(q, u), dense.jacobians(q, u)):
        assert a.shape == b.shape
        np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-9)


def test_inputs_are_set_like_parameters_and_compile_nothing(example):
    compiled = adyn.load(example("whipple_bicycle.yaml")).derive("kane").compile()
    q, u = np.zeros(8), np.array([0.0, 0.0, -5.0 / 0.3])
    before = adyn.compilations()
    at_rest = compiled.rates(q, u)
    compiled.set_parameters({"T_delta": 1.0, "v": 5.0})
    steered = compiled.rates(q, u)
    _, _, _, dp = compiled.jacobians(q, u)
    np.testing.assert_allclose(steered - at_rest, dp[:, list(compiled.parameters).index("T_delta")], rtol=1e-9, atol=1e-12)
    assert compiled.parameters["T_delta"] == 1.0 and adyn.compilations() == before
    with pytest.raises(adyn.ModelError, match="T_nope"):
        compiled.set_parameters({"T_delta": 2.0, "T_nope": 1.0})
    assert compiled.parameters["T_delta"] == 1.0  # all or none
