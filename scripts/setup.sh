#!/usr/bin/env bash
# Sets adyn up on a fresh Debian machine: installs the Debian packages it needs (apt-get, only
# those missing), configures with CMake and builds the given targets (default: everything).
# Usage: scripts/setup.sh [target ...]
# Environment: ADYN_BUILD_DIR (default build/), ADYN_WERROR=ON to treat warnings as errors.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ADYN_BUILD_DIR:-$root/build}

packages=(
  g++ cmake ninja-build pkg-config               # toolchain
  libginac-dev libcln-dev                        # symbolic algebra
  libeigen3-dev                                  # linear algebra
  libsundials-dev                                # ODE/DAE integrators
  libyaml-cpp-dev nlohmann-json3-dev             # model files, JSON output
  liburdfdom-dev libtinyxml-dev                  # URDF robot descriptions (adyn check robot.urdf)
  nettle-dev                                     # SHA-256 of compiled-code cache entries
  libcli11-dev libfmt-dev                        # command line, formatting
  gnuplot-nox                                    # plots (adyn simulate --plot)
  libgtest-dev libgmock-dev libbenchmark-dev     # tests and micro-benchmarks
  pybind11-dev python3-dev python3-numpy         # the Python module
  python3-pytest python3-sympy                   # its tests (SymPy: Equations.to_sympy)
  python3-distributed python3-matplotlib         # adyn.ensemble on Dask; plots in docs/python.md
  chromium                                       # browser tests of adyn animate (headless)
)
command -v npm >/dev/null || packages+=(nodejs npm)  # three.js and esbuild for adyn animate (npm ci)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "adyn setup: installing ${missing[*]}" >&2
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DADYN_WERROR="${ADYN_WERROR:-OFF}" >&2
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}" >&2
