"""adyn animate: a self-contained page, drawn by a real browser (headless Chromium), in which the
bodies move; replaying a trajectory; bad input."""
import base64
import json
import re

import numpy as np
import pytest

from browser import chromium, report, screenshot


def page_of(tool, tmp_path, model, *args):
    page = tmp_path / "page.html"
    status, out, err = tool("animate", model, "-o", page, *args)
    assert status == 0, err
    return page, out


def scene_of(html):
    text = re.search(r'<script id="adyn-scene" type="application/json">(.*?)</script>', html, re.S).group(1)
    return json.loads(text.replace("<\\/", "</"))


def decoded(text):  # the page's base64 of little-endian float32
    return np.frombuffer(base64.b64decode(text), dtype="<f4")


def test_the_page_is_self_contained(example, tool, tmp_path):
    model = example("double_pendulum.yaml")
    page, out = page_of(tool, tmp_path, model, "--t-end", 1, "--trace", "P2")
    assert "animation of 101 samples (t = 0 to 1) written to" in out
    html = page.read_text()
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=", html)  # nothing fetched: it opens offline
    assert "__THREE__" in html  # three.js, inlined
    scene = scene_of(html)
    assert scene["points"] == ["O", "P1", "P2"] and scene["traces"] == [2]
    assert scene["rotations"] == [None, None, None]  # spheres and rods: no frame's orientation is needed
    # P2 = l1 (sin q1, −cos q1) + l2 (sin q2, −cos q2), to float32's precision
    csv = tmp_path / "run.csv"
    assert tool("simulate", model, "--t-end", 1, "-o", csv)[0] == 0
    run = np.genfromtxt(csv, delimiter=",", names=True)
    P2 = decoded(scene["positions"][2]).reshape(-1, 3)
    expected = np.stack([np.sin(run["q1"]) + 0.5 * np.sin(run["q2"]), -np.cos(run["q1"]) - 0.5 * np.cos(run["q2"]),
                         0 * run["q1"]], axis=1)
    assert np.abs(P2 - expected).max() < 1e-6


def test_the_bicycle_rolls_on_its_plane_and_its_page_stays_small(example, tool, tmp_path):
    page, _ = page_of(tool, tmp_path, example("whipple_bicycle.yaml"), "--t-end", 10)
    scene = scene_of(page.read_text())
    assert scene["planes"] == [{"name": "rear contact", "frame": 0, "point": 0, "normal": [0.0, 0.0, -1.0]}]
    assert [f for f, r in zip(scene["frames"], scene["rotations"]) if r is not None] == ["N", "R", "F"]
    assert page.stat().st_size < 1_000_000  # 10 s at 100 samples/s; 2.3 MB as decimals of every frame


@pytest.mark.skipif(chromium() is None, reason="needs chromium (scripts/setup.sh installs it)")
@pytest.mark.parametrize("name", ["double_pendulum.yaml", "heavy_symmetric_top.yaml", "greenwood_4_11_rolling_disk.yaml"])
def test_a_browser_draws_the_bodies_and_they_move(example, tool, tmp_path, name):
    import matplotlib.image
    page, _ = page_of(tool, tmp_path, example(name), "--t-end", 2)
    images = []
    for t in (0.0, 1.5):
        png = tmp_path / f"t{t}.png"
        screenshot(page, png, t)
        images.append(matplotlib.image.imread(png)[:-60, :, :3])  # the drawing, above the control bar
    for image in images:
        background = np.array([0xf4, 0xf4, 0xf4]) / 255
        drawn = np.abs(image - background).max(axis=2) > 0.1
        assert drawn.mean() > 0.002, "nothing drawn"
    moved = np.abs(images[0] - images[1]).max(axis=2) > 0.1
    assert moved.mean() > 0.001, "the bodies did not move between t = 0 and 1.5"


SHAPES = """name: shapes
coordinates: [x]
frames:
  - {name: A, parent: N, axis: z, angle: Pi/2}
points:
  - {name: P, from: O, position: {N: [x, 0, 0]}}
  - {name: Q, from: O, position: {N: [0, 3, 0]}}
particles:
  - {name: p, point: P, mass: 1}
geometry:
  - {name: plate, box: [0.3, 0.2, 0.1], center: P}
  - {name: turned plate, box: [0.3, 0.2, 0.1], frame: A, center: Q}
  - {name: rod, cylinder: {radius: 0.05, length: 0.4}, axis: x, center: Q}
  - {name: wheel, torus: {radius: 0.2, tube: 0.02}, axis: y}
  - {name: link, line: [P, Q]}
  - {name: shell, ellipsoid: [0.3, 0.1, 0.05], frame: A, center: Q}
"""


@pytest.mark.skipif(chromium() is None, reason="needs chromium (scripts/setup.sh installs it)")
def test_shapes_are_drawn_with_their_sizes_along_their_axes(tool, tmp_path):
    """A box's edges [x, y, z] along its frame's axes (three.js's BoxGeometry(width, height, depth)
    is in the same axes: no turn onto an `axis`, which swapped y and z); A is N turned by 90° about
    z; a cylinder and a torus lie about their axes; an ellipsoid's semi-axes [a, b, c] lie along
    its frame's x, y, z (A: 2b along N.x, 2a along N.y). Measured in the browser, along N's axes."""
    model = tmp_path / "shapes.yaml"
    model.write_text(SHAPES)
    page, _ = page_of(tool, tmp_path, model, "--t-end", 0.1)
    drawn, _ = report(page, tmp_path)
    expected = [[0.3, 0.2, 0.1], [0.2, 0.3, 0.1], [0.4, 0.1, 0.1], [0.44, 0.04, 0.44], [0, 3, 0], [0.2, 0.6, 0.1]]
    assert np.abs(np.array(drawn["extents"]) - expected).max() < 1e-6, drawn


@pytest.mark.skipif(chromium() is None, reason="needs chromium (scripts/setup.sh installs it)")
def test_without_webgl_the_page_says_so(example, tool, tmp_path):
    page, _ = page_of(tool, tmp_path, example("double_pendulum.yaml"), "--t-end", 0.5)
    state, dom = report(page, tmp_path, webgl=False)
    assert state["error"].startswith("This animation needs WebGL, which this browser has turned off or cannot use")
    assert '<p id="no-webgl"' in dom and "Turn WebGL on, or open the page in another browser." in dom
    assert re.search(r'<button id="play" disabled', dom)


def test_replaying_a_trajectory(example, tool, tmp_path):
    model = example("double_pendulum.yaml")
    csv = tmp_path / "run.csv"
    assert tool("simulate", model, "--t-end", 0.5, "-o", csv)[0] == 0
    page, out = page_of(tool, tmp_path, model, "--trajectory", csv)
    assert "animation of 51 samples (t = 0 to 0.5)" in out


def test_bad_input_is_refused(example, tool, tmp_path):
    model = example("double_pendulum.yaml")
    status, _, err = tool("animate", model, "-o", tmp_path / "p.html", "--t-end", 0.1, "--trace", "Q")
    assert status == 2 and "--trace 'Q': not a point located by a position (points: O, P1, P2)" in err
    bad = tmp_path / "bad.csv"
    bad.write_text("t,q1\n0,0.1\n")
    status, _, err = tool("animate", model, "-o", tmp_path / "p.html", "--trajectory", bad)
    assert status == 2 and f"{bad}:1:1: trajectory: has no column 'q2'" in err
    bad.write_text("t,q1,q2\n0,0.1,0.2\n0.1,x,0.2\n")
    status, _, err = tool("animate", model, "-o", tmp_path / "p.html", "--trajectory", bad)
    assert status == 2 and f"{bad}:3:1: trajectory: 'q1' is 'x', not a finite number" in err
    assert not (tmp_path / "p.html").exists()


def test_python_animate_returns_the_page(example):
    import adyn
    model = adyn.load(example("double_pendulum.yaml"))
    a = adyn.animate(model, t_end=0.5, traces=["P2"])
    assert a.html.startswith("<!DOCTYPE html>") and scene_of(a.html)["traces"] == [2]
    assert a._repr_html_().startswith("<iframe srcdoc=")
    replay = adyn.animate(model, model.derive("kane").simulate(t_end=0.2))
    assert '"t":[0.0,0.01,' in replay.html
    with pytest.raises(adyn.ModelError, match="--trace 'Q'"):
        adyn.animate(model, t_end=0.1, traces=["Q"])
