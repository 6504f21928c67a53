#!/usr/bin/env python3
"""Peer benchmark: SymPy's physics.mechanics on the systems of bench/compare_adyn.cpp and
bench/bench_evaluation.cpp. SymPy is a peer for comparison only: adyn does not depend on it.

    sympy_mechanics.py derive {kane,lagrange} {planar,planar-relative,spatial} N
        derivation time (model set-up + KanesMethod/LagrangesMethod) and count_ops of the mass
        matrix and forcing, as tab-separated records for bench/compare (tool, workload, n,
        setting, metric, value);
    sympy_mechanics.py
        (no arguments, bench/run) derivation time of the 10-link chain and q'' evaluations per
        second with lambdify(cse=True) and a dense solve: numpy when installed, otherwise the
        math module and a Gaussian elimination in Python, reported as such.

The systems are those of adyn's benchmarks: a planar chain of n point masses m_i = 1 + 0.1 i on
massless links l_i = 0.5 (absolute angles q_i from the downward vertical, gravity g = 9.81 along
-N.y), and a 3-D chain of n rigid bodies on spherical joints, body-fixed 1-2-3 Euler angles
relative to the previous body, mass centre at l/2 below the joint along -B.z.
"""
import sys
import time

import sympy as sp

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None
import sympy.physics.mechanics as me


def planar_chain(n, relative=False):
    """Planar n-link pendulum of point masses: particles, loads, potential energies. The angles
    are absolute (link i from the downward vertical), or with relative=True each link's angle from
    the previous link (the hinge angles of MuJoCo and Simbody)."""
    q = me.dynamicsymbols(f"q1:{n + 1}")
    u = me.dynamicsymbols(f"u1:{n + 1}")
    g = sp.Symbol("g")
    m = sp.symbols(f"m1:{n + 1}")
    l = sp.symbols(f"l1:{n + 1}")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    bodies, loads, prev, parent = [], [], O, N
    for i in range(n):
        A = (parent if relative else N).orientnew(f"A{i}", "Axis", [q[i], N.z])
        P = prev.locatenew(f"P{i}", -l[i] * A.y)
        P.v2pt_theory(prev, N, A)
        b = me.Particle(f"b{i}", P, m[i])
        b.potential_energy = m[i] * g * P.pos_from(O).dot(N.y)
        bodies.append(b)
        loads.append((P, -m[i] * g * N.y))
        prev, parent = P, A
    values = {g: 9.81}
    values.update({m[i]: 1.0 + 0.1 * i for i in range(n)})
    values.update({l[i]: 0.5 for i in range(n)})
    return q, u, N, bodies, loads, values


def spatial_chain(n):
    """3-D chain of n rigid bodies on spherical joints (body-fixed 1-2-3 Euler angles)."""
    q = me.dynamicsymbols(f"q1:{3 * n + 1}")
    u = me.dynamicsymbols(f"u1:{3 * n + 1}")
    g = sp.Symbol("g")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    bodies, loads, prev, parent = [], [], O, N
    for i in range(n):
        m, l, Ixx, Iyy, Izz = sp.symbols(f"m{i + 1} l{i + 1} Ixx{i + 1} Iyy{i + 1} Izz{i + 1}")
        B = me.ReferenceFrame(f"B{i}")
        B.orient_body_fixed(parent, q[3 * i:3 * i + 3], "123")
        G = prev.locatenew(f"G{i}", -l / 2 * B.z)
        G.v2pt_theory(prev, N, B)
        P = prev.locatenew(f"P{i}", -l * B.z)
        P.v2pt_theory(prev, N, B)
        b = me.RigidBody(f"body{i}", G, B, m, (me.inertia(B, Ixx, Iyy, Izz), G))
        b.potential_energy = m * g * G.pos_from(O).dot(N.z)
        bodies.append(b)
        loads.append((G, -m * g * N.z))
        prev, parent = P, B
    return q, u, N, bodies, loads, {}


def hamilton(q, N, bodies):
    """Hamilton's canonical equations by the Legendre transform of SymPy's Lagrangian (SymPy has no
    Hamilton method): p = dL/dq', q' = M^-1 (p - b) by LUsolve, H = p.q' - L, p' = -dH/dq. Returned
    as M = 1, F = p' (the state is q, p)."""
    L = me.Lagrangian(N, *bodies)
    qd = [qi.diff(me.dynamicsymbols._t) for qi in q]
    p = sp.Matrix([L.diff(v) for v in qd])
    M = p.jacobian(qd)
    b = p.subs({v: 0 for v in qd})
    ps = sp.Matrix(sp.symbols(f"p0:{len(q)}"))
    f = M.LUsolve(ps - b)
    H = (ps.T * f)[0] - L.subs(dict(zip(qd, f)))
    return sp.eye(len(q)), sp.Matrix([-H.diff(qi) for qi in q])


def derive(method, q, u, N, bodies, loads):
    """Equations of motion M, F by KanesMethod (u = q'), LagrangesMethod (gravity in L) or the
    Legendre transform of the Lagrangian (hamilton)."""
    if method == "hamilton":
        return hamilton(q, N, bodies)
    if method == "kane":
        kd = [qi.diff() - ui for qi, ui in zip(q, u)]
        km = me.KanesMethod(N, q_ind=q, u_ind=u, kd_eqs=kd)
        km.kanes_equations(bodies, loads)
        return km.mass_matrix, km.forcing
    lm = me.LagrangesMethod(me.Lagrangian(N, *bodies), q, frame=N)
    lm.form_lagranges_equations()
    return lm.mass_matrix, lm.forcing


def record(workload, n, metric, value):
    print(f"sympy\t{workload}\t{n}\t-\t{metric}\t{value}", flush=True)


def derive_command(method, system, n):
    """The fastest of up to 3 derivations while under 5 s in all (one for the larger sizes), each
    from a cleared SymPy cache; CPU time, as bench/peers/chain_common.hpp: the machine is shared."""
    systems = {"planar": planar_chain, "planar-relative": lambda k: planar_chain(k, relative=True),
               "spatial": spatial_chain}
    seconds, spent, runs = None, 0.0, 0
    while runs < 3 and (runs == 0 or spent < 5):
        sp.core.cache.clear_cache()
        t0 = time.process_time()
        model = systems[system](n)
        M, F = derive(method, *model[:5])
        s = time.process_time() - t0
        seconds = s if seconds is None else min(seconds, s)
        spent, runs = spent + s, runs + 1
    workload = f"derive-{method}-{system}"
    record(workload, n, "seconds", f"{seconds:.6g}")
    record(workload, n, "ops", sum(sp.count_ops(e) for e in M) + sum(sp.count_ops(e) for e in F))


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
    q, u, N, bodies, loads, values = planar_chain(n)
    t0 = time.perf_counter()
    M, F = derive("kane", q, u, N, bodies, loads)
    seconds = time.perf_counter() - t0
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
    print(f"sympy n={n:2d}: derive (KanesMethod) {seconds * 1e3:8.1f} ms, q'' evaluation {per * 1e6:8.2f} us "
          f"({1 / per / 1e3:8.1f} k/s)")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "derive":
        derive_command(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif len(sys.argv) == 2 and sys.argv[1] == "version":
        print(sp.__version__)
    else:
        print("sympy", sp.__version__, "numpy", np.__version__ if np else "not installed (math module + Python solve)")
        bench(2)
        bench(10, evals=5000)
