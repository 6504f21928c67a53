"""adyn.Equations: published results of the seeds through the Python module, agreement of the
formulations, the printers and pickling."""
import json
import pickle

import numpy as np
import pytest

import adyn
from conftest import relative_difference


# Greenwood (4.287)-(4.290): M = diag(2m, m l^2), F = (m l w^2, -m l v w); golden m = 1.5, l = 0.8,
# phi = 0.3, v = 2, w = 0.5: v' = 0.1, w' = -1.25, q'' = (-0.199986557748779, 0.984888509791740, -1.25)
# (research seed-001 G-4.10), as tests/formulations/test_gibbs_appell.cpp asserts in C++.
def test_Greenwood_4_10_DumbbellKnifeEdge(example):
    m = adyn.load(example("greenwood_4_10_dumbbell_knife_edge.yaml"))
    ga = m.derive("gibbs-appell")
    assert ga.speeds == ["v", "w"] and ga.dependent_speeds == ["u3"]
    q, u = np.array([0, 0, 0.3]), np.array([2, 0.5])
    values = ga.evaluate(q, u)
    np.testing.assert_allclose(values["M"], np.diag([2 * 1.5, 1.5 * 0.8**2]), rtol=1e-14)
    np.testing.assert_allclose(values["F"], [1.5 * 0.8 * 0.25, -1.5 * 0.8 * 2 * 0.5], rtol=1e-14)
    udot, lam = ga.accelerations(q, u)
    np.testing.assert_allclose(udot, [0.1, -1.25], rtol=1e-14)
    np.testing.assert_allclose(ga.coordinate_accelerations(q, u), [-0.199986557748779, 0.984888509791740, -1.25],
                               rtol=1e-13)


# Greenwood (4.317)-(4.319), M = m r^2 diag(5/4, 1/4, 3/2); golden (seed-001 G-4.11) at m = 1, r = 0.5,
# theta = 1.2, (theta', omega_d, Omega) = (0.3, 0.8, 5): u' = (-10.4378035293867, 2.90669290335163, 0.16).
def test_Greenwood_4_11_RollingDisk(example):
    m = adyn.load(example("greenwood_4_11_rolling_disk.yaml"))
    m.set_parameter("m", 1.0)
    m.set_parameter("r", 0.5)
    ga = m.derive("gibbs-appell")
    assert len(ga.speeds) == 3
    q = np.zeros(len(ga.coordinates))
    q[ga.coordinates.index("theta")] = 1.2
    values = ga.evaluate(q, np.array([0.3, 0.8, 5.0]))
    np.testing.assert_allclose(values["M"], 0.25 * np.diag([1.25, 0.25, 1.5]), atol=1e-14)
    udot, _ = ga.accelerations(q, np.array([0.3, 0.8, 5.0]))
    np.testing.assert_allclose(udot, [-10.4378035293867, 2.90669290335163, 0.16], rtol=1e-13)


@pytest.mark.parametrize("name", ["double_pendulum.yaml", "four_bar_joint.yaml", "greenwood_4_11_rolling_disk.yaml",
                                  "cart_pendulum.yaml"])
def test_every_formulation_agrees(example, name):
    c = adyn.compare(adyn.load(example(name)), states=3)
    assert c.agree, str(c)
    assert sum(r.failure is None and r.not_applicable is None for r in c.methods) >= 3
    assert str(c).startswith("System: ")


def test_compare_leaves_out_a_redundant_row_where_the_kkt_solve_needs_it(example):
    """Bricard's five closure rows have rank four: Lagrange's KKT solve leaves the redundant row out
    (as Kane's elimination does) and the comparison says so in each method's note."""
    c = adyn.compare(adyn.load(example("iftomm_a04_bricard.yaml")), methods=["lagrange", "kane", "udwadia-kalaba"],
                     states=2)
    assert c.agree, str(c)
    lagrange, kane, uk = c.methods
    assert "'J6 axis 2' left out" in lagrange.note and "'J6 axis 2' left out" in kane.note and uk.note == ""
    assert lagrange.note in str(c)


def test_compare_runs_the_methods_chosen(example):
    model = adyn.load(example("double_pendulum.yaml"))
    c = adyn.compare(model, methods=["kane", "lagrange"], states=2)
    assert [m.method for m in c.methods] == ["kane", "lagrange"] and c.reference == "kane" and c.agree
    skipped = adyn.compare(model, skip=["hamilton", "gauss"], states=2)
    assert [m.method for m in skipped.methods] == [n for n in adyn.method_names() if n not in ("hamilton", "gauss")]
    with pytest.raises(adyn.ModelError, match="^methods 'newton': not a method; the methods are lagrange, kane, "):
        adyn.compare(model, methods=["lagrange", "newton"])
    with pytest.raises(adyn.ModelError, match="^skip 'kane': is listed twice"):
        adyn.compare(model, skip=["kane", "kane"])
    with pytest.raises(adyn.ModelError, match="^methods and skip: give the methods to run or those to skip, not both"):
        adyn.compare(model, methods=["kane"], skip=["gauss"])
    with pytest.raises(TypeError, match="lists of method names"):
        adyn.compare(model, methods="kane")


def test_compare_is_the_command_lines(example, tool):
    """adyn.compare computes what `adyn compare` computes: the same states (the seed), the same
    reference, sizes and differences, the same verdicts."""
    path = example("double_pendulum.yaml")
    c = adyn.compare(adyn.load(path), methods=["lagrange", "kane", "hamilton"], states=2, seed=5)
    status, out, _ = tool("compare", path, "--methods", "lagrange,kane,hamilton", "--states", "2", "--seed", "5",
                          "--json")
    assert status == 0
    cli = json.loads(out)
    assert c.reference == cli["reference"] == "lagrange" and c.agree and cli["agree"]
    assert [m.method for m in c.methods] == [m["name"] for m in cli["methods"]]
    for m, row in zip(c.methods, cli["methods"]):
        assert m.operations == row["operations"] and m.failure is None
        assert m.difference == pytest.approx(row["max_relative_difference"], abs=1e-15)
    assert c.verdict(c.methods[0]) == "reference" and c.verdict(c.methods[1]).endswith(" agrees")
    assert str(c).splitlines()[1] == f"{'method':<22}{'derive (ms)':>12}  max rel. difference"


def test_printers(example):
    eom = adyn.load(example("double_pendulum.yaml")).derive("kane")
    assert eom.latex().startswith("\\begin{aligned}") and "M_{11}" in eom.latex()
    assert eom._repr_latex_() == "$$" + eom.latex() + "$$"
    assert "void eom(" in eom.c() and "void pendulum(" in eom.c("pendulum")
    assert eom.text().startswith("Equations of motion (Kane)")
    assert eom.form == "M u' = F" and eom.parameters == ["g", "l1", "l2", "m1", "m2"]


def test_equations_pickle_and_evaluate_alike(example):
    m = adyn.load(example("four_bar_joint.yaml"))
    eom = m.derive("lagrange")
    back = pickle.loads(pickle.dumps(eom))
    assert back.multipliers == eom.multipliers and back.method == eom.method
    for seed in range(3):
        t, q, u = m.random_state(seed)
        a, b = eom.accelerations(q, u, t), back.accelerations(q, u, t)
        assert relative_difference(a[0], b[0]) == 0 and relative_difference(a[1], b[1]) == 0


def test_state_size_and_unknown_method_are_errors(example):
    m = adyn.load(example("double_pendulum.yaml"))
    with pytest.raises(adyn.ModelError, match="method 'newton': unknown"):
        m.derive("newton")
    with pytest.raises(adyn.ModelError, match="expected 2 coordinates and 2 speeds"):
        m.derive("kane").accelerations(np.zeros(3), np.zeros(2))


def test_IFToMM_A04_Bricard_redundant_row_left_out(example):
    # One of Bricard's five closure rows depends on the others wherever the loop is closed: derive
    # leaves it out where the method needs independent rows: Kane's equations then choose four dependent speeds.
    m = adyn.load(example("iftomm_a04_bricard.yaml"))
    kane = m.derive("kane")
    assert kane.dropped_constraints == ["J6 axis 2"]
    assert len(kane.dependent_speeds) == 4
    assert "constraint 'J6 axis 2' left out" in kane.text()
    assert m.derive("lagrange").dropped_constraints == []  # the multiplier form keeps every row
