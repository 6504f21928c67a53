#!/usr/bin/env python3
"""Throughput of adyn.ensemble on a LocalCluster of 1 and 2 worker processes (docs/performance.md).

Usage: PYTHONPATH=build/python python3 bench/python/ensemble_throughput.py [MEMBERS]

Three tasks on bundled examples: simulations of the double pendulum (10 s each, Lagrange, tape) over
MEMBERS initial angles, simulations of the Whipple bicycle (5 s each, Kane, native C) over a
MEMBERS-point grid of (mB, v) — the forward speed v sets the initial speeds —, and eigenanalyses of
the Whipple bicycle (Meijaard 2007) over a MEMBERS-point grid of (v, mB). For each number of workers: the wall time of the ensemble call (the cluster already up,
the equations derived and shipped by the call), members per second, and the speed-up over one
worker. The same members run in this process with a plain loop give the baseline without Dask.
"""
import pathlib
import sys
import time

import numpy as np

import adyn
from distributed import Client, LocalCluster

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def tasks(members):
    pendulum = adyn.load(EXAMPLES / "double_pendulum.yaml")
    bicycle = adyn.load(EXAMPLES / "whipple_bicycle.yaml")
    side = int(round(np.sqrt(members)))
    return [
        ("simulate: double pendulum, 10 s", pendulum,
         dict(initial={"q1": np.linspace(0.1, 1.5, members)}, t_end=10.0)),
        ("simulate: Whipple bicycle, 5 s", bicycle,
         dict(parameters=adyn.grid(mB=np.linspace(70, 100, side), v=np.linspace(4, 6, side)), t_end=5.0,
              backend="native")),
        ("eigen: Whipple bicycle", bicycle,
         dict(parameters=adyn.grid(v=np.linspace(0, 10, side), mB=np.linspace(70, 100, side)), task="eigen")),
    ]


def in_process(model, arguments):
    """The same members in a plain loop in this process (no Dask)."""
    start = time.perf_counter()
    if arguments.get("task") == "eigen":
        sample = arguments["parameters"]
        k = len(next(iter(sample.values())))
        lin = model.linearize(at=arguments.get("at"))
        for i in range(k):
            lin.eigen({n: float(v[i]) for n, v in sample.items()})
    else:
        handle = model.derive(model.settings.get("method", "lagrange")).compile(arguments.get("backend"))
        parameters, initial = arguments.get("parameters", {}), arguments.get("initial", {})
        for k in range(len(next(iter({**parameters, **initial}.values())))):
            handle.set_parameters({n: float(v[k]) for n, v in parameters.items()})
            handle.simulate(initial={n: float(v[k]) for n, v in initial.items()}, t_end=arguments["t_end"])
    return time.perf_counter() - start


def main():
    members = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    rows = []
    for name, model, arguments in tasks(members):
        k = len(next(iter((arguments.get("parameters") or arguments["initial"]).values())))
        rows.append((name, "in process (no Dask)", k, in_process(model, arguments)))
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=":0") as cluster, Client(cluster) as client:
                adyn.ensemble(model, client=client, **{**arguments, **_small(arguments)})  # warm the workers
                start = time.perf_counter()
                result = adyn.ensemble(model, client=client, **arguments)
                rows.append((name, f"{workers} worker{'s' if workers > 1 else ''}", len(result),
                             time.perf_counter() - start))
    print(f"{'task':<34}{'where':<24}{'members':>8}{'wall (s)':>10}{'members/s':>11}{'speed-up':>10}")
    base = {}
    for name, where, k, seconds in rows:
        if where == "1 worker":
            base[name] = seconds
        speedup = f"{base[name] / seconds:.2f}" if name in base else ""
        print(f"{name:<34}{where:<24}{k:>8}{seconds:>10.3f}{k / seconds:>11.1f}{speedup:>10}")


def _small(arguments):
    """Two members of the same task: imports and caches on every worker before timing."""
    return {key: {n: v[:2] for n, v in arguments[key].items()} for key in ("parameters", "initial") if key in arguments}


if __name__ == "__main__":
    main()
