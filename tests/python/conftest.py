"""The pytest suite of the Python module: run by CTest (src/python/CMakeLists.txt) with PYTHONPATH at
the build tree's python/ and ADYN_SOURCE_DIR and ADYN_TOOL set."""
import os
import pathlib
import subprocess

import numpy as np
import pytest

SOURCE = pathlib.Path(os.environ.get("ADYN_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
EXAMPLES = SOURCE / "examples"


def pytest_configure(config):
    # Debian's Tornado (under Dask's LocalCluster) still calls its own deprecated make_current
    config.addinivalue_line("filterwarnings", "ignore:make_current is deprecated:DeprecationWarning:tornado")


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
