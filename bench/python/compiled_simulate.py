#!/usr/bin/env python3
"""Compile once, run many (issue 31): the Whipple bicycle's and the double pendulum's runs from
Python on a compiled handle against the first run, which compiles (docs/performance.md).

Usage: PYTHONPATH=build/python python3 bench/python/compiled_simulate.py [REPEATS]

For each model: the first Equations.simulate(t_end) (compiling the equations and the monitors),
then on Equations.compile()'s handle the best of REPEATS runs of t_end, the best of REPEATS runs
of 1 µs (what a run costs besides integrating: the initial state, the workspace, the Python
call), the integration alone (their difference) and the ratio of the whole run to it (target:
≤ 1.2 for the bicycle), and one evaluation of u' (Compiled.rates) from Python.
"""
import pathlib
import sys
import time

import numpy as np

import adyn

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def best(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(name, file, t_end, repeats):
    model = adyn.load(EXAMPLES / file)
    equations = model.derive(model.settings.get("method", "lagrange"))
    first = best(lambda: equations.copy().simulate(t_end=t_end), 1)
    handle = equations.compile()
    run = best(lambda: handle.simulate(t_end=t_end), repeats)
    overhead = best(lambda: handle.simulate(t_end=1e-6, dt=1e-6), repeats)
    trajectory = handle.simulate(t_end=t_end)
    q, u = trajectory.q[-1], trajectory.u[-1][:len(handle.speeds)]
    calls = 2000
    rates = best(lambda: [handle.rates(q, u) for _ in range(calls)], 3) / calls
    print(f"| {name} | {t_end:g} s | {trajectory.summary['rhs_evaluations']} | {first * 1e3:.1f} ms | "
          f"{run * 1e3:.2f} ms | {overhead * 1e3:.3f} ms | {(run - overhead) * 1e3:.2f} ms | "
          f"{run / (run - overhead):.3f} | {rates * 1e6:.2f} µs |")


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("| model | t_end | evaluations | first simulate (compiles) | run on the handle | of which besides "
          "integrating | integrating | run / integrating | rates() from Python |")
    print("|---|---|---|---|---|---|---|---|---|")
    measure("Whipple bicycle (Meijaard 2007)", "whipple_bicycle.yaml", 5.0, repeats)
    measure("double pendulum", "double_pendulum.yaml", 10.0, repeats)


if __name__ == "__main__":
    main()
