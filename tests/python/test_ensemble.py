"""adyn.ensemble on a LocalCluster of two worker processes: the same results as in this process,
within a bounded time."""
import time

import numpy as np
import pytest

import adyn

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_simulations_equal_local_runs(example, client):
    m = adyn.load(example("double_pendulum.yaml"))
    start = time.monotonic()
    r = adyn.ensemble(m, parameters={"l2": np.linspace(0.3, 1.0, 6)}, initial={"q1": [0.2, 0.4, 0.6, 0.8, 1.0, 1.2]},
                      t_end=1.0, client=client)
    assert time.monotonic() - start < 60
    assert r.q.shape == (6, 101, 2) and r.completed.all() and len(r) == 6
    assert set(r.t.ravel()) == set(np.round(np.arange(101) * 0.01, 12)) or np.allclose(r.t[0], np.arange(101) * 0.01)
    for k in (0, 5):
        local = m.copy()
        local.set_parameter("l2", r.parameters["l2"][k])
        tr = local.derive(m.settings["method"]).simulate(t_end=1.0, initial={"q1": r.initial["q1"][k]})
        np.testing.assert_array_equal(tr.q, r.q[k])
        np.testing.assert_array_equal(tr.energy, r.energy[k])


def test_eigenvalues_on_a_grid_equal_local_ones(example, client):
    m = adyn.load(example("rolling_disk_stability.yaml"))
    at = {"theta": "Pi/2", "u3": "Omega"}
    sample = adyn.grid(Omega=[1.0, 3.0, 5.0], r=[0.3, 0.4])
    e = adyn.ensemble(m, parameters=sample, task="eigen", at=at, client=client)
    assert e.eigenvalues.shape[0] == 6 and list(e.parameters["r"]) == [0.3, 0.4] * 3
    for k in range(6):
        local = m.copy()
        for name, values in sample.items():
            local.set_parameter(name, values[k])
        a = local.eigen(at=at)
        np.testing.assert_allclose(e.eigenvalues[k], a.eigenvalues, rtol=1e-9, atol=1e-12)
        assert e.stable[k] == a.stable


def test_a_failed_member_is_kept(client):
    s = adyn.System("collapse")
    s.add_parameter("k", 1.0).add_coordinate("x").add_point("P", from_="O", position={"N": ["x", 0, 0]})
    s.add_particle("p", point="P", mass=1).add_potential("attraction", energy="-k/x").set_initial(x=1.0)
    with pytest.warns(RuntimeWarning, match="1 of 2 members failed"):
        r = adyn.ensemble(s, parameters={"k": [0.0, 1.0]}, t_end=2.0, client=client)
    assert list(r.completed) == [True, False] and r.stop_reason[0] == "" and r.stop_reason[1]
    assert np.isnan(r.q[1, -1, 0]) and np.isfinite(r.q[0, -1, 0])


def test_bad_ensembles_are_errors(example, client):
    m = adyn.load(example("double_pendulum.yaml"))
    with pytest.raises(adyn.ModelError, match="no such parameter"):
        adyn.ensemble(m, parameters={"nope": [1, 2]}, client=client)
    with pytest.raises(adyn.ModelError, match="different lengths"):
        adyn.ensemble(m, parameters={"l1": [1, 2], "l2": [1, 2, 3]}, client=client)
    with pytest.raises(adyn.ModelError, match="unknown task"):
        adyn.ensemble(m, task="optimize", client=client)


def test_failing_members_are_named_by_index_and_the_rest_kept(example, client):
    """Issue 29: one member with a negative mass aborted the whole ensemble without naming it."""
    m = adyn.load(example("double_pendulum.yaml"))
    with pytest.warns(RuntimeWarning, match=r"2 of 4 members failed \(member 1: parameter 'm2' = -1: particle 'bob2'"):
        r = adyn.ensemble(m, parameters={"m2": [1.0, -1.0, 2.0, float("nan")]}, t_end=0.2, client=client)
    assert list(r.completed) == [True, False, True, False] and len(r) == 4
    assert sorted(r.failed) == [1, 3] and r.stop_reason[1] == r.failed[1]
    assert "its mass must be positive" in r.failed[1] and "expected a finite number" in r.failed[3]
    assert np.isnan(r.q[1]).all() and np.isfinite(r.q[[0, 2]]).all()
    local = m.copy()
    local.set_parameter("m2", 2.0)
    np.testing.assert_array_equal(local.derive(m.settings["method"]).simulate(t_end=0.2).q, r.q[2])
    with pytest.warns(RuntimeWarning, match="member 0: parameter 'm2' = 0"):
        e = adyn.ensemble(m, parameters={"m2": [0.0, 1.0]}, task="eigen", client=client)
    assert list(e.completed) == [False, True] and np.isnan(e.eigenvalues[0]).all() and not e.stable[0]
    assert np.isfinite(e.eigenvalues[1]).all() and e.failed == {0: e.stop_reason[0]}


def test_members_of_a_method_with_dependent_speeds_follow_their_parameters(example, client):
    bicycle = adyn.load(example("whipple_bicycle.yaml"))  # Kane's equations: 3 speeds, 5 eliminated
    sample = adyn.grid(v=[3.0, 6.0], mB=[70.0, 100.0])
    r = adyn.ensemble(bicycle, parameters=sample, t_end=0.2, client=client)
    assert r.completed.all() and r.u.shape == (4, 21, 8)
    assert r.speed_names[:3] == ["phi_d", "delta_d", "thetaR_d"] and "x_d" in r.speed_names
    np.testing.assert_allclose(r.u[:, 0, r.speed_names.index("x_d")], sample["v"], rtol=1e-12)  # x_d: v
    local = bicycle.derive("kane").compile()
    local.set_parameters({"v": 6.0, "mB": 100.0})
    np.testing.assert_array_equal(local.simulate(t_end=0.2).q, r.q[3])
