"""The pytest suite of the Python module: run by CTest (src/python/CMakeLists.txt) with PYTHONPATH at
the build tree's python/ and ADYN_SOURCE_DIR, ADYN_TOOL and ADYN_ROBOTS_DIR set."""
import os
import pathlib
import subprocess

import numpy as np
import pytest

import adyn

SOURCE = pathlib.Path(os.environ.get("ADYN_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
EXAMPLES = SOURCE / "examples"


def pytest_configure(config):
    # Debian's Tornado (under Dask's LocalCluster) still calls its own deprecated make_current
    config.addinivalue_line("filterwarnings", "ignore:make_current is deprecated:DeprecationWarning:tornado")


def robot(name):
    """A robot description of Gepetto's example-robot-data (UR5, Solo-12, ...), third-party data kept
    out of the repository: in the folder ADYN_ROBOTS_DIR, which CTest sets from CMake's ADYN_ROBOTS_DIR."""
    folder = os.environ.get("ADYN_ROBOTS_DIR")
    if not folder:
        raise RuntimeError("ADYN_ROBOTS_DIR is not set: the folder of the robot descriptions (CTest sets it "
                           "from CMake's ADYN_ROBOTS_DIR)")
    return str(pathlib.Path(folder) / name)


@pytest.fixture
def example():
    return lambda name: str(EXAMPLES / name)


@pytest.fixture
def tool():
    """Runs the adyn command line; returns (exit status, stdout, stderr)."""
    path = os.environ.get("ADYN_TOOL", str(SOURCE / "build" / "bin" / "adyn"))

    def run(*args):
        r = subprocess.run([path, *map(str, args)], capture_output=True, text=True, timeout=300)
        return r.returncode, r.stdout, r.stderr
    return run


def relative_difference(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.max(np.abs(a - b) / np.maximum(1.0, np.maximum(np.abs(a), np.abs(b))))) if a.size else 0.0


def pendulum_with_torque(T=None):
    """A pendulum with a motor (test_inputs, test_outputs): bob m at l from the pivot, theta from the
    downward vertical, torque T about the pivot axis: m l^2 theta'' = -m g l sin(theta) + T."""
    s = adyn.System("pendulum with a motor")
    s.add_parameter("m", 1.5, unit="kg").add_parameter("l", 0.4, unit="m").add_parameter("g", 9.81)
    s.add_input("T", T, unit="N*m")
    s.add_coordinate("theta")
    s.add_frame("B", "N", axis="z", angle="theta")
    s.add_point("P", from_="O", position={"B": [0, "-l", 0]})
    s.add_particle("bob", point="P", mass="m")
    s.set_gravity({"N": [0, "-g", 0]})
    s.add_torque("motor", frame="B", torque={"N": [0, 0, "T"]})
    s.set_initial(theta=0, theta_d=0)
    return s
