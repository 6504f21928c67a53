#!/usr/bin/env python3
"""Peer benchmark: SymPy's physics.mechanics (KanesMethod) on the systems of
bench/bench_evaluation.cpp — derivation time of the planar n-link chain, and q'' evaluations
per second with lambdify (cse=True) and a dense solve. numpy is used when installed; otherwise
(as on the reference machine, where PyPI is unreachable) the math module and a Gaussian
elimination in Python, which is reported as such. Run beside build/bin/adyn_benchmarks; results in
docs/performance.md. SymPy is a peer for comparison only: adyn does not depend on it."""
import time

import sympy as sp

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None
import sympy.physics.mechanics as me


def chain(n):
    q = me.dynamicsymbols(f"q1:{n + 1}")
    u = me.dynamicsymbols(f"u1:{n + 1}")
    g = sp.Symbol("g")
    m = sp.symbols(f"m1:{n + 1}")
    l = sp.symbols(f"l1:{n + 1}")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    bodies, loads, prev = [], [], O
    for i in range(n):
        A = N.orientnew(f"A{i}", "Axis", [q[i], N.z])
        A.set_ang_vel(N, u[i] * N.z)
        P = prev.locatenew(f"P{i}", -l[i] * A.y)
        P.v2pt_theory(prev, N, A)
        bodies.append(me.Particle(f"b{i}", P, m[i]))
        loads.append((P, -m[i] * g * N.y))
        prev = P
    kd = [q[i].diff() - u[i] for i in range(n)]
    values = {g: 9.81}
    values.update({m[i]: 1.0 + 0.1 * i for i in range(n)})
    values.update({l[i]: 0.5 for i in range(n)})
    return q, u, kd, N, bodies, loads, values


def solve(A, b):
    """Gaussian elimination with partial pivoting (used only without numpy)."""
    n = len(b)
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(A[i][k]))
        A[k], A[p], b[k], b[p] = A[p], A[k], b[p], b[k]
        for i in range(k + 1, n):
            f = A[i][k] / A[k][k]
            for j in range(k, n):
                A[i][j] -= f * A[k][j]
            b[i] -= f * b[k]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (b[i] - sum(A[i][j] * x[j] for j in range(i + 1, n))) / A[i][i]
    return x


def bench(n, evals=20000):
    q, u, kd, N, bodies, loads, values = chain(n)
    t0 = time.perf_counter()
    km = me.KanesMethod(N, q_ind=q, u_ind=u, kd_eqs=kd)
    km.kanes_equations(bodies, loads)
    M, F = km.mass_matrix, km.forcing
    derive = time.perf_counter() - t0
    args = list(q) + list(u)
    module = "numpy" if np else "math"
    fM = sp.lambdify(args, M.subs(values).tolist(), module, cse=True)
    fF = sp.lambdify(args, F.subs(values).tolist(), module, cse=True)
    x = [0.1 + 0.6 * i / max(n - 1, 1) for i in range(n)] + [-0.3 + 0.7 * i / max(n - 1, 1) for i in range(n)]
    t0 = time.perf_counter()
    for _ in range(evals):
        if np:
            np.linalg.solve(np.asarray(fM(*x), dtype=float), np.asarray(fF(*x), dtype=float).ravel())
        else:
            solve([list(map(float, row)) for row in fM(*x)], [float(v[0]) for v in fF(*x)])
    per = (time.perf_counter() - t0) / evals
    print(f"sympy n={n:2d}: derive (KanesMethod) {derive * 1e3:8.1f} ms, q'' evaluation {per * 1e6:8.2f} us "
          f"({1 / per / 1e3:8.1f} k/s)")


if __name__ == "__main__":
    print("sympy", sp.__version__, "numpy", np.__version__ if np else "not installed (math module + Python solve)")
    bench(2)
    bench(10, evals=5000)
