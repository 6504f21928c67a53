# Independent reference for IFToMM A05 (tests/numeric/test_iftomm.cpp, IFToMM_A05_FlyballGovernor):
# the flyball governor of examples/iftomm_a05_flyball_governor.yaml derived here from scratch with
# SymPy (Lagrange's equations from T, V and the dampers' Rayleigh function, in the shaft's angle
# psi, the slider's height s and the rods' angles th1, th2) and integrated by SciPy's Radau at
# rtol 1e-12. Prints s and the energy T + V at a few times.
# Run: /usr/bin/python3 iftomm_a05_flyball_governor.py
import numpy as np
import sympy as sp
from scipy.integrate import solve_ivp

rho, a, l, b, h, mp, k, c, l0, g = 3000.0, 0.01, 1.0, 0.1, 0.05, 5.0, 8e5, 4e4, 0.5, 9.81
m_rod, m_slider = rho * a * a * l, rho * b**3
It, Ia, Ib = m_rod * (a * a + l * l) / 12, m_rod * a * a / 6, m_slider * b * b / 6

t = sp.Symbol("t")
psi, s, t1, t2 = [sp.Function(n)(t) for n in ("psi", "s", "t1", "t2")]
q = [psi, s, t1, t2]
qd = [sp.diff(x, t) for x in q]


def rot_z(x):
    return sp.Matrix([[sp.cos(x), -sp.sin(x), 0], [sp.sin(x), sp.cos(x), 0], [0, 0, 1]])


def rot_y(x):
    return sp.Matrix([[sp.cos(x), 0, sp.sin(x)], [0, 1, 0], [-sp.sin(x), 0, sp.cos(x)]])


S = rot_z(psi)
d1, d2 = sp.Matrix([sp.sin(t1), 0, sp.cos(t1)]), sp.Matrix([-sp.sin(t2), 0, sp.cos(t2)])
H1, H2 = sp.Matrix([h, 0, l]), sp.Matrix([-h, 0, l])
pos = {  # in N
    "G1": S * (H1 + d1 * l / 2), "G2": S * (H2 + d2 * l / 2), "P1": S * (H1 + d1 * l), "P2": S * (H2 + d2 * l),
    "Q1": S * sp.Matrix([h, 0, 0]) + sp.Matrix([0, 0, s]), "Q2": S * sp.Matrix([-h, 0, 0]) + sp.Matrix([0, 0, s]),
    "GB": sp.Matrix([0, 0, s])}
vel = {n: sp.diff(p, t) for n, p in pos.items()}
w_shaft = sp.Matrix([0, 0, qd[0]])  # angular velocities in the shaft's frame
w1, w2 = w_shaft + sp.Matrix([0, qd[2], 0]), w_shaft - sp.Matrix([0, qd[3], 0])
w1_body, w2_body = rot_y(t1).T * w1, rot_y(-t2).T * w2
rod_inertia = sp.diag(It, It, Ia)
T = (sp.Rational(1, 2) * (It * 0 + Ia) * qd[0]**2  # the shaft turns about its own axis
     + sp.Rational(1, 2) * m_slider * vel["GB"].dot(vel["GB"]) + sp.Rational(1, 2) * Ib * qd[0]**2
     + sum(sp.Rational(1, 2) * m_rod * vel[n].dot(vel[n]) for n in ("G1", "G2"))
     + sp.Rational(1, 2) * (w1_body.T * rod_inertia * w1_body)[0] + sp.Rational(1, 2) * (w2_body.T * rod_inertia * w2_body)[0]
     + sum(sp.Rational(1, 2) * mp * vel[n].dot(vel[n]) for n in ("P1", "P2")))
length = {i: sp.sqrt((pos["G" + i] - pos["Q" + i]).dot(pos["G" + i] - pos["Q" + i])) for i in ("1", "2")}
V = (g * (m_rod * l / 2 + m_slider * s + m_rod * (pos["G1"][2] + pos["G2"][2]) + mp * (pos["P1"][2] + pos["P2"][2]))
     + sum(k / 2 * (L - l0)**2 for L in length.values()))
D = sum(c / 2 * sp.diff(L, t)**2 for L in length.values())

u = sp.symbols("u0:4")
x = sp.symbols("x0:4")
to_symbols = {**{sp.diff(q[i], t): u[i] for i in range(4)}, **{q[i]: x[i] for i in range(4)}}
Ts, Vs, Ds = [sp.sympify(e).subs(to_symbols) for e in (T, V, D)]
M = sp.Matrix(4, 4, lambda i, j: sp.diff(Ts, u[i], u[j]))
# d/dt dT/du = M u' + sum_j d(dT/du_i)/dx_j u_j: the rest of Lagrange's equations
dTdu = [sp.diff(Ts, ui) for ui in u]
rest = sp.Matrix([sum(sp.diff(dTdu[i], x[j]) * u[j] for j in range(4)) - sp.diff(Ts, x[i]) + sp.diff(Vs, x[i])
                  + sp.diff(Ds, u[i]) for i in range(4)])
M_f = sp.lambdify([x, u], M, "numpy")
rest_f = sp.lambdify([x, u], rest, "numpy")
E_f = sp.lambdify([x, u], Ts + Vs, "numpy")


def rhs(_, y):
    return np.concatenate([y[4:], np.linalg.solve(M_f(y[:4], y[4:]), -np.asarray(rest_f(y[:4], y[4:]), float).ravel())])


y0 = [0, 0.5, 2 * np.pi / 3, 2 * np.pi / 3, 2 * np.pi, 0, 0, 0]
times = [0.5, 1, 2, 5, 10]
sol = solve_ivp(rhs, (0, 10), y0, method="Radau", rtol=1e-12, atol=1e-12, t_eval=times)
print("E(0) = %.15g" % E_f(y0[:4], y0[4:]))
for i, ti in enumerate(sol.t):
    print("t = %4g: s = %.12f, psi = %.12f, th1 = %.12f" % (ti, sol.y[1, i], sol.y[0, i], sol.y[2, i]))
