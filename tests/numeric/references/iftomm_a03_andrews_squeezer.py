# Independent reference for IFToMM A03 (tests/numeric/test_iftomm.cpp, IFToMM_A03_AndrewsSqueezer):
# Andrews' squeezing mechanism as Hairer & Wanner state it (Solving ODE II, sec. VII.7, "seven body
# mechanism"; the Test Set for IVP Solvers, problem 'andrews'): M(q) q'' = f(q, q') - G(q)^T lambda,
# g(q) = 0 in the relative angles q = (beta, Theta, gamma, Phi, delta, Omega, epsilon). Integrated
# here in its index-1 form (G q'' = -(G q')' q') by SciPy's DOP853 at rtol 1e-13, to compare with
# the Test Set's reference solution at t = 0.03.
# Run: /usr/bin/python3 iftomm_a03_andrews_squeezer.py
import numpy as np
from scipy.integrate import solve_ivp

m1, m2, m3, m4, m5, m6, m7 = .04325, .00365, .02373, .00706, .07050, .00706, .05498
I1, I2, I3, I4, I5, I6, I7 = 2.194e-6, 4.410e-7, 5.255e-6, 5.667e-7, 1.169e-5, 5.667e-7, 1.912e-5
xa, ya, xb, yb, xc, yc = -.06934, -.00227, -.03635, .03273, .014, .072
d, da, e, ea, rr, ra, l0 = 28e-3, 115e-4, 2e-2, 1421e-5, 7e-3, 92e-5, 7785e-5
ss, sa, sb, sc, sd = 35e-3, 1874e-5, 1043e-5, 18e-3, 2e-2
ta, tb, u, ua, ub = 2308e-5, 916e-5, 4e-2, 1228e-5, 449e-5
zf, zt, fa, mom, c0 = 2e-2, 4e-2, 1421e-5, 33e-3, 4530.0


def mass(q):
    b, th, ga, ph, de, om, ep = q
    M = np.zeros((7, 7))
    M[0, 0] = m1 * ra**2 + m2 * (rr**2 - 2 * da * rr * np.cos(th) + da**2) + I1 + I2
    M[0, 1] = M[1, 0] = m2 * (da**2 - da * rr * np.cos(th)) + I2
    M[1, 1] = m2 * da**2 + I2
    M[2, 2] = m3 * (sa**2 + sb**2) + I3
    M[3, 3] = m4 * (e - ea)**2 + I4
    M[3, 4] = M[4, 3] = m4 * ((e - ea)**2 + zt * (e - ea) * np.sin(ph)) + I4
    M[4, 4] = m4 * (zt**2 + 2 * zt * (e - ea) * np.sin(ph) + (e - ea)**2) + m5 * (ta**2 + tb**2) + I4 + I5
    M[5, 5] = m6 * (zf - fa)**2 + I6
    M[5, 6] = M[6, 5] = m6 * ((zf - fa)**2 - u * (zf - fa) * np.sin(om)) + I6
    M[6, 6] = m6 * ((zf - fa)**2 - 2 * u * (zf - fa) * np.sin(om) + u**2) + m7 * (ua**2 + ub**2) + I6 + I7
    return M


def forces(q, v):
    b, th, ga, ph, de, om, ep = q
    xd = sd * np.cos(ga) + sc * np.sin(ga) + xb
    yd = sd * np.sin(ga) - sc * np.cos(ga) + yb
    L = np.hypot(xd - xc, yd - yc)
    F = -c0 * (L - l0) / L
    Fx, Fy = F * (xd - xc), F * (yd - yc)
    return np.array([
        mom - m2 * da * rr * v[1] * (v[1] + 2 * v[0]) * np.sin(th),
        m2 * da * rr * v[0]**2 * np.sin(th),
        Fx * (sc * np.cos(ga) - sd * np.sin(ga)) + Fy * (sd * np.cos(ga) + sc * np.sin(ga)),
        m4 * zt * (e - ea) * v[4]**2 * np.cos(ph),
        -m4 * zt * (e - ea) * v[3] * (v[3] + 2 * v[4]) * np.cos(ph),
        -m6 * u * (zf - fa) * v[6]**2 * np.cos(om),
        m6 * u * (zf - fa) * v[5] * (v[5] + 2 * v[6]) * np.cos(om)])


def constraint_rows(q):  # the Jacobian G = dg/dq
    b, th, ga, ph, de, om, ep = q
    G = np.zeros((6, 7))
    s1, c1 = d * np.sin(b + th), d * np.cos(b + th)
    for r in (0, 2, 4):
        G[r, 0], G[r, 1] = -rr * np.sin(b) + s1, s1
        G[r + 1, 0], G[r + 1, 1] = rr * np.cos(b) - c1, -c1
    G[0, 2], G[1, 2] = -ss * np.cos(ga), -ss * np.sin(ga)
    G[2, 3], G[2, 4] = -e * np.cos(ph + de), -e * np.cos(ph + de) + zt * np.sin(de)
    G[3, 3], G[3, 4] = -e * np.sin(ph + de), -e * np.sin(ph + de) - zt * np.cos(de)
    G[4, 5], G[4, 6] = zf * np.sin(om + ep), zf * np.sin(om + ep) - u * np.cos(ep)
    G[5, 5], G[5, 6] = -zf * np.cos(om + ep), -zf * np.cos(om + ep) - u * np.sin(ep)
    return G


def curvature(q, v):  # (G q')' q'
    b, th, ga, ph, de, om, ep = q
    w1, w12 = v[0]**2, (v[0] + v[1])**2
    common = [-rr * np.cos(b) * w1 + d * np.cos(b + th) * w12, -rr * np.sin(b) * w1 + d * np.sin(b + th) * w12]
    return np.array([
        common[0] + ss * np.sin(ga) * v[2]**2,
        common[1] - ss * np.cos(ga) * v[2]**2,
        common[0] + e * np.sin(ph + de) * (v[3] + v[4])**2 + zt * np.cos(de) * v[4]**2,
        common[1] - e * np.cos(ph + de) * (v[3] + v[4])**2 + zt * np.sin(de) * v[4]**2,
        common[0] + zf * np.cos(om + ep) * (v[5] + v[6])**2 + u * np.sin(ep) * v[6]**2,
        common[1] + zf * np.sin(om + ep) * (v[5] + v[6])**2 - u * np.cos(ep) * v[6]**2])


def rhs(t, y):
    q, v = y[:7], y[7:]
    G = constraint_rows(q)
    K = np.block([[mass(q), G.T], [G, np.zeros((6, 6))]])
    a = np.linalg.solve(K, np.concatenate([forces(q, v), -curvature(q, v)]))
    return np.concatenate([v, a[:7]])


q0 = [-0.0617138900142764496358948458001, 0, 0.455279819163070380255912382449, 0.222668390165885884674473185609,
      0.487364979543842550225598953530, -0.222668390165885884674473185609, 1.23054744454982119249735015568]
sol = solve_ivp(rhs, (0, 0.03), np.concatenate([q0, np.zeros(7)]), method="DOP853", rtol=1e-13, atol=1e-13)
test_set = [15.81077119629904, -15.75637105984298, 0.04082224013073101, -0.5347301163226948, 0.5244099658805304,
            0.5347301163226948, 1.048080741042263]
for name, mine, ref in zip(["beta", "Theta", "gamma", "Phi", "delta", "Omega", "epsilon"], sol.y[:7, -1], test_set):
    print("%-8s %.15g  (Test Set %.15g, difference %.1e)" % (name, mine, ref, mine - ref))
