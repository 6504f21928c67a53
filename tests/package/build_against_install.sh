#!/usr/bin/env bash
# Installs the adyn build BUILD_DIR into a temporary prefix, then configures, builds and runs the
# separate CMake project PROJECT_DIR (examples/cpp) against it, as another project would:
#   find_package(adyn CONFIG REQUIRED)   target_link_libraries(app PRIVATE adyn::adyn)
# Usage: build_against_install.sh BUILD_DIR PROJECT_DIR
set -euo pipefail
build_dir=$1
project_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/adyn/adyn.hpp"
test ! -e "$work/prefix/include/adyn/cli"   # the command line's internals are not part of the package
cmake -S "$project_dir" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/knife_edge"
