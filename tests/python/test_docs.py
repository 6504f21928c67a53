"""docs/python.md as a user runs it: each ```python block, run on its own from a directory that holds
examples/, prints exactly the ```text block that follows it; and the docs' lists of methods,
integrators and backends are the library's tables."""
import json
import os
import re
import subprocess
import sys

import pytest

import adyn

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


# The docs' option lists follow from the tables of methods, integrators and backends (the library's
# method_registry, integrator_registry and backend_registry): a method, integrator or backend added
# to a table and not to the docs, or listed there and not in a table, fails here.
def table_row(doc, first_cell):
    """The cells after `first_cell` of the table row that starts with it."""
    row = next(line for line in (SOURCE / "docs" / doc).read_text().splitlines()
               if line.startswith(f"| {first_cell} |"))
    return [cell.strip() for cell in row.split("|")[2:-1]]


def quoted(text):
    return re.findall(r"`([a-z0-9-]+)`", text)


def test_the_cli_option_lists_are_the_tables():
    assert quoted(table_row("cli.md", "`-m, --method`")[0].split(" ([")[0]) == adyn.method_names()
    assert quoted(table_row("cli.md", "`--integrator`")[0]) == adyn.integrator_names()
    assert quoted(table_row("cli.md", "`--backend`")[0]) == adyn.backend_names()
    assert f"`{adyn.DEFAULT_METHOD}` (default" in table_row("cli.md", "`-m, --method`")[0]


def test_the_model_format_lists_are_the_tables():
    doc = " ".join((SOURCE / "docs" / "model-format.md").read_text().split())
    methods = re.search(r"equations by `method` \(any of ([^)]*)\)", doc).group(1)
    assert methods.split(", ") == adyn.method_names()
    integrators = re.search(r"integrates with `integrator` \((.*?)\), projecting", doc).group(1)
    assert re.findall(r"`([a-z0-9-]+)`:", integrators) == adyn.integrator_names()


def test_the_python_reference_lists_are_the_tables():
    methods = table_row("python.md", "`adyn.method_names()`, `adyn.DEFAULT_METHOD`, `adyn.DEFAULT_METHOD_IN_SPEEDS`")[0]
    assert methods.split("; ")[0].split(", ") == adyn.method_names()
    assert "lagrange (`derive`" in methods and adyn.DEFAULT_METHOD == "lagrange"
    assert "kane (`linearize`" in methods and adyn.DEFAULT_METHOD_IN_SPEEDS == "kane"
    integrators, backends = table_row("python.md", "`adyn.integrator_names()`, `adyn.backend_names()`")[0].split("; ")
    assert integrators.split(" (")[0].split(", ") == adyn.integrator_names()
    assert backends.split(" (")[0].split(", ") == adyn.backend_names()


def test_the_default_method_is_one_value_for_the_cli_and_python(tool, example):
    status, out, _ = tool("derive", "--help")
    assert status == 0 and f"default: {adyn.DEFAULT_METHOD})" in out
    status, out, _ = tool("eigen", "--help")
    assert status == 0 and f"default: {adyn.DEFAULT_METHOD_IN_SPEEDS};" in out
    model = adyn.load(example("double_pendulum.yaml"))
    status, out, _ = tool("derive", example("double_pendulum.yaml"), "-f", "json")
    assert status == 0 and json.loads(out)["method"] == model.derive().method
    at_rest = model.linearize(at={"q1": 0, "q2": 0}, rest=True)
    assert at_rest.method == model.derive(adyn.DEFAULT_METHOD_IN_SPEEDS).method
