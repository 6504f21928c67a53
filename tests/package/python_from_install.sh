#!/usr/bin/env bash
# Installs the adyn build BUILD_DIR into a temporary prefix and uses the Python module from there,
# as docs/python.md says: PYTHONPATH=PREFIX/PACKAGE_DIR python3 -c "import adyn".
# Usage: python_from_install.sh BUILD_DIR PYTHON PACKAGE_DIR EXAMPLE
set -euo pipefail
build_dir=$1 python=$2 package_dir=$3 example=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cd "$work"   # not the build tree: the installed copy only
PYTHONPATH="$work/prefix/$package_dir" "$python" - "$work/prefix" "$example" <<'PY'
import sys
import adyn
assert adyn.__file__.startswith(sys.argv[1]), adyn.__file__
eom = adyn.load(sys.argv[2]).derive("kane")
trajectory = eom.simulate(t_end=0.1)
assert trajectory.completed and trajectory.q.shape == (11, 2)
print("adyn from", adyn.__file__, "-", eom)
PY
