"""Model.linearize, eigen, sweep and equilibria: the command line's results as NumPy arrays."""
import json

import numpy as np
import pytest

import adyn

UPRIGHT = {"theta": "Pi/2", "u3": "Omega"}


def test_eigen_equals_the_command_line(example, tool):
    path = example("double_pendulum.yaml")
    at = {"q1": 0, "q2": 0, "q1_d": 0, "q2_d": 0}
    a = adyn.load(path).eigen(at=at)
    status, out, _ = tool("eigen", path, *[f"--at={k}={v}" for k, v in at.items()], "--json")
    assert status == 0
    cli = json.loads(out)
    np.testing.assert_allclose(a.eigenvalues.real, [e["re"] for e in cli["eigenvalues"]], atol=1e-12)
    np.testing.assert_allclose(a.eigenvalues.imag, [e["im"] for e in cli["eigenvalues"]], rtol=1e-12)
    assert a.verdict == cli["verdict"] == "stable (marginally)"


# The upright rolling disk is stable above Omega^2 = g/(3 r) (Kane's notes E18); with r = 0.3:
# Omega = sqrt(9.81/0.9), as `adyn eigen --sweep` locates it (docs/analysis.md).
def test_Kane_E18_RollingDisk_critical_speed(example):
    m = adyn.load(example("rolling_disk_stability.yaml"))
    r, g = m.parameters["r"], m.parameters["g"]
    sweep = m.sweep("Omega", np.linspace(0.5, 6, 111), at=UPRIGHT)
    assert sweep.eigenvalues.shape[0] == 111 and sweep.stable.dtype == bool
    assert len(sweep.boundaries) == 1
    value, stable_above = sweep.boundaries[0]
    assert stable_above and value == pytest.approx(np.sqrt(g / (3 * r)), rel=1e-8)
    assert not sweep.stable[0] and sweep.stable[-1]


def test_numbers_and_their_text_give_the_same_operating_point(example):
    """A number in `at` is exact, as its decimal text is (0.1 is 1/10): the same linearization."""
    m = adyn.load(example("double_pendulum.yaml"))
    with pytest.warns(RuntimeWarning, match="not an equilibrium"):
        number = m.linearize(at={"q1": 0.1, "q2": 0, "q1_d": 0, "q2_d": 0})
    with pytest.warns(RuntimeWarning, match="not an equilibrium"):
        text = m.linearize(at={"q1": "0.1", "q2": "0", "q1_d": "0", "q2_d": "0"})
    np.testing.assert_array_equal(number.A, text.A)
    assert number.latex() == text.latex() and number.warnings == text.warnings and len(number.warnings) == 1
    with pytest.raises(adyn.ModelError, match=r"^operating point 'q1=nan': expected a finite number$"):
        m.linearize(at={"q1": float("nan")})


def test_linearization_matrices(example):
    lin = adyn.load(example("double_pendulum.yaml")).linearize(at={"q1": 0, "q2": 0, "q1_d": 0, "q2_d": 0})
    assert lin.has_second_order_form and lin.state_names == ["q1", "q2", "q1_d", "q2_d"]
    mats = lin.matrices()
    np.testing.assert_allclose(mats["M"], [[2.0, 0.5], [0.5, 0.25]], atol=1e-15)
    np.testing.assert_allclose(mats["K"], np.diag([2 * 9.81, 0.5 * 9.81]), atol=1e-12)
    assert lin.A.shape == (4, 4) and "M = " in lin.latex()
    with pytest.warns(RuntimeWarning, match="not an equilibrium"):
        adyn.load(example("double_pendulum.yaml")).linearize()


def test_equilibria(example):
    m = adyn.load(example("double_pendulum.yaml"))
    found = m.equilibria(guesses=[{"q1": 3.0, "q2": 3.0}, {"q1": 0.1, "q2": 3.0}])
    tops = sorted(tuple(np.round(np.abs(e["q"]), 9)) for e in found)
    assert tops == [(0.0, 0.0), (0.0, np.round(np.pi, 9)), (np.round(np.pi, 9), np.round(np.pi, 9))]
    assert all(e["residual"] < 1e-9 for e in found)


def test_numeric_linearization_equals_the_command_line(example, tool):
    # numeric=True is `adyn linearize --numeric`: the bicycle leaning, where the symbolic form is
    # megabytes, in numbers; its A has the eigenvalues `adyn eigen` gives there.
    path = example("whipple_bicycle.yaml")
    with pytest.warns(RuntimeWarning, match="not an equilibrium"):
        lin = adyn.load(path).linearize(at={"phi": 0.1}, numeric=True)
    status, out, _ = tool("linearize", path, "--at", "phi=0.1", "--numeric", "--format", "json")
    assert status == 0
    np.testing.assert_array_equal(np.asarray(lin.A), np.array(json.loads(out)["state_matrix"]))
    status, out, _ = tool("eigen", path, "--at", "phi=0.1", "--json")
    assert status == 0
    by_parts = lambda z: (z.real, z.imag)  # noqa: E731
    expected = sorted((complex(e["re"], e["im"]) for e in json.loads(out)["eigenvalues"]), key=by_parts)
    np.testing.assert_allclose(sorted(np.linalg.eigvals(np.asarray(lin.A)), key=by_parts), expected, atol=1e-9)
