# Independent reference for IFToMM A04 (the test of issue 30 for examples/iftomm_a04_bricard.yaml):
# Bricard's mechanism derived here from scratch with SymPy in the same joint angles q1..q5 (rotation
# matrices multiplied out, T from the mass centres' velocities and the body angular velocities
# vect(R^T R')), closed at J6 by the five rows of the file (pin: 3, aligned axis: 2; one of them
# redundant everywhere). The multipliers solve G M^-1 G^T lambda = -(G q')' q' - G M^-1 f in least
# squares (the rows are consistent, G has rank 4), which gives the unique q''; SciPy's DOP853 at
# rtol 1e-12. Prints J3, the energy T + V (V = 0 at y = 0) and the largest constraint residual.
# Run: /usr/bin/python3 iftomm_a04_bricard.py
import numpy as np
import sympy as sp
from scipy.integrate import solve_ivp

m, L, w, g = 1.0, 1.0, 0.1, 9.81
q = sp.symbols("q1:6")
u = sp.symbols("u1:6")


def rot(axis, x):
    c, s = sp.cos(x), sp.sin(x)
    return {"x": sp.Matrix([[1, 0, 0], [0, c, -s], [0, s, c]]), "y": sp.Matrix([[c, 0, s], [0, 1, 0], [-s, 0, c]]),
            "z": sp.Matrix([[c, -s, 0], [s, c, 0], [0, 0, 1]])}[axis]


R, frame = [], sp.eye(3)
for axis, x in zip("yzxyz", q):
    frame = frame * rot(axis, x)
    R.append(frame)
rods = [sp.Matrix([L, 0, 0]), sp.Matrix([0, -L, 0]), sp.Matrix([0, 0, L]), sp.Matrix([-L, 0, 0]), sp.Matrix([0, L, 0])]
joints, centres, start = [], [], sp.zeros(3, 1)
for Rk, r in zip(R, rods):
    centres.append(start + Rk * r / 2)
    start = start + Rk * r
    joints.append(start)
J3 = joints[1]
long_axis = ["x", "y", "z", "x", "y"]


def velocity(e):
    return sp.Matrix([sum(sp.diff(e[i], q[j]) * u[j] for j in range(5)) for i in range(3)])


T = 0
for Rk, G, axis in zip(R, centres, long_axis):
    W = Rk.T * sp.Matrix(3, 3, lambda i, j: sum(sp.diff(Rk[i, j], q[n]) * u[n] for n in range(5)))
    omega = sp.Matrix([W[2, 1], W[0, 2], W[1, 0]])
    inertia = sp.diag(*[m * w * w / 6 if a == axis else m * (L * L + w * w) / 12 for a in "xyz"])
    v = velocity(G)
    T += m * v.dot(v) / 2 + (omega.T * inertia * omega)[0] / 2
V = sum(m * g * G[1] for G in centres)
phi = sp.Matrix([joints[4][0], joints[4][1], joints[4][2] - L, R[4][1, 0], R[4][2, 0]])
Gq = phi.jacobian(q)
M = sp.hessian(T, u)
dTdu = [sp.diff(T, x) for x in u]
f = sp.Matrix([-sum(sp.diff(dTdu[i], q[j]) * u[j] for j in range(5)) + sp.diff(T, q[i]) - sp.diff(V, q[i]) for i in range(5)])
gamma = (Gq * sp.Matrix(u)).jacobian(q) * sp.Matrix(u)
fun = {n: sp.lambdify([q, u], e, "numpy") for n, e in
       {"M": M, "f": f, "G": Gq, "gamma": gamma, "J3": J3, "E": T + V, "phi": phi}.items()}


def rhs(_, y):
    x, v = y[:5], y[5:]
    Mn, fn = np.array(fun["M"](x, v), float), np.array(fun["f"](x, v), float).ravel()
    Gn, gn = np.array(fun["G"](x, v), float), np.array(fun["gamma"](x, v), float).ravel()
    Minv_f, Minv_Gt = np.linalg.solve(Mn, fn), np.linalg.solve(Mn, Gn.T)
    lam = np.linalg.lstsq(Gn @ Minv_Gt, -gn - Gn @ Minv_f, rcond=1e-10)[0]
    return np.concatenate([v, Minv_f + Minv_Gt @ lam])


times = np.arange(1, 11, 1.0)
sol = solve_ivp(rhs, (0, 10), np.zeros(10), method="DOP853", rtol=1e-12, atol=1e-12, t_eval=times)
E0 = fun["E"](np.zeros(5), np.zeros(5))
print("E(0) = %.15g" % E0)
for i, ti in enumerate(sol.t):
    x, v = sol.y[:5, i], sol.y[5:, i]
    print("t = %4g: J3 = (%.12f, %.12f, %.12f), E - E0 = %.2e, |phi| = %.1e" %
          ((ti,) + tuple(np.array(fun["J3"](x, v), float).ravel()) + (fun["E"](x, v) - E0,
                                                                    np.abs(np.array(fun["phi"](x, v), float)).max())))
