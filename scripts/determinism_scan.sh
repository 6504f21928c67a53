#!/usr/bin/env bash
# Runs `adyn derive` on every example by every method in every format twice, in separate
# processes, and `adyn codegen` of each example twice, and lists the runs whose bytes differ (the
# project's rule: the same input gives byte-identical output in every process). A method that does
# not apply to a model (exit 2, the same message twice) counts as the same bytes.
# Usage: scripts/determinism_scan.sh [ADYN] [EXAMPLE ...]
#   ADYN: the tool (default build/bin/adyn); EXAMPLE: model files (default examples/*.yaml, *.urdf).
# Environment: ADYN_SCAN_TIMEOUT seconds per run (default 60; a run that times out is reported).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
adyn=${1:-$root/build/bin/adyn}
shift $(($# > 0 ? 1 : 0))
models=("$@")
((${#models[@]})) || models=("$root"/examples/*.yaml "$root"/examples/*.urdf)
timeout_s=${ADYN_SCAN_TIMEOUT:-60}
methods=(lagrange kane gibbs-appell maggi boltzmann-hamel gauss udwadia-kalaba fundamental-equation hamilton)
formats=(text latex c json)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=0 differing=0 timeouts=0
# The output of one run (stdout, stderr, exit status, the written file if any), hashed.
digest() {
  local out=$1
  shift
  rm -f "$out"
  { timeout "$timeout_s" "$adyn" "$@" 2>&1; echo "exit $?"; [ -f "$out" ] && cat "$out"; } >"$work/run"
  grep -q '^exit 124$' "$work/run" && echo timeout || sha256sum <"$work/run" | cut -c1-16
}

compare() {
  local label=$1 out=$2
  shift 2
  local a b
  a=$(digest "$out" "$@")
  b=$(digest "$out" "$@")
  runs=$((runs + 1))
  if [ "$a" = timeout ] || [ "$b" = timeout ]; then
    timeouts=$((timeouts + 1))
    echo "TIMEOUT  $label (${timeout_s} s)"
  elif [ "$a" != "$b" ]; then
    differing=$((differing + 1))
    echo "DIFFERS  $label"
  fi
}

for model in "${models[@]}"; do
  name=$(basename "$model")
  for method in "${methods[@]}"; do
    for format in "${formats[@]}"; do
      compare "derive $name -m $method -f $format" "$work/none" derive "$model" -m "$method" -f "$format"
    done
  done
  compare "codegen $name" "$work/out.c" codegen "$model" -o "$work/out.c"
done
echo "$runs comparisons, $differing differing, $timeouts timed out"
