"""docs/python.md as a user runs it: each ```python block, run on its own from a directory that holds
examples/, prints exactly the ```text block that follows it."""
import os
import re
import subprocess
import sys

import pytest

from conftest import SOURCE

BLOCK = re.compile(r"```python\n(.*?)```\n\n```text\n(.*?)```", re.S)
DOC = (SOURCE / "docs" / "python.md").read_text()


def test_the_walkthrough_has_its_blocks():
    assert len(BLOCK.findall(DOC)) >= 5


@pytest.mark.parametrize("code, output", BLOCK.findall(DOC), ids=lambda x: x.splitlines()[0][:40])
def test_block_prints_what_the_doc_shows(code, output, tmp_path):
    (tmp_path / "examples").symlink_to(SOURCE / "examples")
    (tmp_path / "block.py").write_text(code)
    r = subprocess.run([sys.executable, "block.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "MPLBACKEND": "Agg"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip() == output.rstrip()  # a trailing blank line is not shown


def test_the_readme_python_example_runs(tmp_path):
    readme = (SOURCE / "README.md").read_text()
    code = re.search(r"## From Python.*?```python\n(.*?)```", readme, re.S).group(1)
    (tmp_path / "readme.py").write_text(code)
    r = subprocess.run([sys.executable, "readme.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("knife edge: nonholonomic, scleronomic, catastatic, conservative")
