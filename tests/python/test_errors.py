"""Bad input raises Python exceptions with the command line's messages and never crashes the
interpreter (a crash would end this process and fail the whole suite)."""
import pathlib
import pickle

import numpy as np
import pytest

import adyn
from conftest import SOURCE

MALFORMED = sorted((SOURCE / "tests" / "io" / "malformed").glob("*.yaml"))


def test_the_malformed_models_are_all_here():
    assert len(MALFORMED) >= 90


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.stem)
def test_malformed_model_raises_the_command_line_message(path, tool):
    with pytest.raises(adyn.ModelError) as error:
        adyn.load(path)
    status, _, err = tool("check", path)
    assert status == 2
    assert err.strip() == "adyn: error: " + str(error.value)
    assert isinstance(error.value, ValueError) and error.value.object


def test_model_file_errors_carry_their_position(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ncoordinates: [q]\nframes:\n  - {name: B, parent: N, axis: w, angle: q}\n")
    with pytest.raises(adyn.ModelFileError) as error:
        adyn.load(bad)
    e = error.value
    assert (e.file, e.line) == (str(bad), 4) and e.object == "frame 'B'"
    with pytest.raises(adyn.ModelFileError, match="does not exist"):
        adyn.load(tmp_path / "missing.yaml")
    with pytest.raises(adyn.ModelFileError, match="is a directory"):
        adyn.load(tmp_path)


@pytest.mark.parametrize("text", ["", "[1, 2", "name: [", "a: &x [*x]", "\x00", "coordinates: 5",
                                  "parameters: {m: 1e999}"])
def test_garbage_text_is_an_error(text):
    with pytest.raises(adyn.ModelError):
        adyn.from_text(text)


def test_bad_pickles_and_states_are_errors(example):
    m = adyn.load(example("double_pendulum.yaml"))
    eom = m.derive("kane")
    pickled = pickle.dumps(eom)
    with pytest.raises(adyn.Error, match="equations archive: not adyn equations"):
        pickle.loads(pickled.replace(b"adyn-equations 4", b"adyn-equations 9"))
    model, archive = eom.__getstate__()
    for broken in (archive[:len(archive) // 2], archive.replace(b"q1", b"w1"), archive.replace(b"sin(", b"sin((")):
        with pytest.raises(adyn.Error, match="equations archive"):
            adyn.Equations.__new__(adyn.Equations).__setstate__((model, broken))
    with pytest.raises(adyn.ModelError):
        eom.accelerations(np.zeros(1), np.zeros(1))
    with pytest.raises(adyn.ModelError):
        m.eigen(at={"q9": 0})
    with pytest.warns(RuntimeWarning, match="not an equilibrium"), pytest.raises(adyn.ModelError):   # the file's state is no equilibrium
        m.sweep("nope", [0, 1])
    q, u = np.array([np.nan, 0.0]), np.zeros(2)
    with pytest.raises(adyn.ModelError, match="state: q1 is nan, not a finite number"):
        eom.accelerations(q, u)


def test_not_applicable_is_its_own_error(example):
    m = adyn.load(example("udwadia_kalaba_ex3_nonideal_drag.yaml"))
    with pytest.raises(adyn.ModelError, match="nonideal"):
        m.derive("lagrange")
    assert issubclass(adyn.NotApplicableError, adyn.ModelError)


def test_invisible_characters_in_messages_are_escaped(example):
    # a right-to-left override would show the name reversed: the message shows it as \u202e
    m = adyn.load(example("double_pendulum.yaml"))
    with pytest.raises(adyn.ModelError) as error:
        m.set_initial("q1\u202e", 1.0)
    assert "\u202e" not in str(error.value) and "q1\\u202e" in str(error.value)
    with pytest.raises(adyn.ModelFileError, match=r"a name holds U\+200B, an invisible character"):
        adyn.from_text("name: x\ncoordinates: [q]\npoints:\n  - {name: \"P\u200b\", from: O}\n")


def test_values_that_are_not_finite_are_named(example):
    m = adyn.load(example("double_pendulum.yaml"))
    eom = m.derive("kane")
    with pytest.raises(adyn.ModelError, match="state: q1 is nan, not a finite number"):
        eom.state_of(np.array([np.nan, 0.0]), np.zeros(2))
    with pytest.warns(RuntimeWarning, match="not an equilibrium"), \
            pytest.raises(adyn.ModelError, match=r"sweep of 'g': at g = nan, parameter 'g': expected a finite number, got nan"):
        m.sweep("g", [1.0, np.nan])
    with pytest.warns(RuntimeWarning, match="not an equilibrium"):   # the file's state is no equilibrium
        lin = m.linearize("kane")
    with pytest.raises(adyn.ModelError, match=r"^parameter 'g': expected a finite number, got inf$"):
        lin.eigen({"g": np.inf})
    with pytest.raises(adyn.EvaluationError, match=r"its value, about -1.81e\+399, is beyond the range of "
                                                   r"floating-point numbers \(operating point: q1 = 0.8, q2 = -0.4, "
                                                   r"q1_d = 1e\+200, q2_d = 0\)"):
        m.eigen("kane", at={"q1_d": 1e200})
