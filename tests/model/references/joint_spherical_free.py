#!/usr/bin/env python3
"""Reference accelerations for tests/model/test_joint_dynamics.cpp: a rigid body on a spherical
joint (a spherical pendulum) and on a free joint, by the Newton–Euler equations about the joint's
child origin O, written here with NumPy independently of adyn.

Both bodies: mass m = 1.3, mass centre c = (0.1, -0.05, -0.6) from O in the body's axes, central
inertia diag(0.04, 0.05, 0.03) + 0.01 (xy entries) in the body's axes; gravity (0, 0, -9.81) in the
ground's axes. The body's orientation: Euler parameters e = (e0, e1, e2, e3) (normalized here),
C = ^N C ^B(e) with the body's basis as columns; ω the angular velocity in the body's axes.

Spherical: O fixed (the joint's origin at (0, 0, 0.5), no rotation).
    I_O ω̇ + ω × I_O ω = c × m g_B,   I_O = I_c + m (|c|² 1 − c cᵀ),   g_B = Cᵀ g.
Free: O's velocity v in the body's axes as the other three speeds; with a_O = v̇ + ω × v,
    m (a_O + ω̇ × c + ω × (ω × c)) = m g_B
    I_O ω̇ + ω × I_O ω + m c × a_O = c × m g_B
solved for (v̇, ω̇).
"""
import numpy as np

m = 1.3
c = np.array([0.1, -0.05, -0.6])
Ic = np.array([[0.04, 0.01, 0.0], [0.01, 0.05, 0.0], [0.0, 0.0, 0.03]])
g = np.array([0.0, 0.0, -9.81])
e = np.array([0.9, 0.2, -0.3, 0.25])
e = e / np.linalg.norm(e)
w = np.array([0.7, -1.1, 0.4])
v = np.array([0.3, 0.5, -0.2])


def dcm(e):
    e0, e1, e2, e3 = e
    return np.array([
        [e0**2 + e1**2 - e2**2 - e3**2, 2 * (e1 * e2 - e0 * e3), 2 * (e1 * e3 + e0 * e2)],
        [2 * (e1 * e2 + e0 * e3), e0**2 - e1**2 + e2**2 - e3**2, 2 * (e2 * e3 - e0 * e1)],
        [2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1), e0**2 - e1**2 - e2**2 + e3**2]])


def skew(a):
    return np.array([[0, -a[2], a[1]], [a[2], 0, -a[0]], [-a[1], a[0], 0]])


C = dcm(e)
gB = C.T @ g
IO = Ic + m * (c @ c * np.eye(3) - np.outer(c, c))

spherical = np.linalg.solve(IO, np.cross(c, m * gB) - np.cross(w, IO @ w))

# Unknowns x = (v̇, ω̇):  m v̇ − m [c×] ω̇ = m gB − m ω×v − m ω×(ω×c)
#                        m [c×] v̇ + I_O ω̇ = c × m gB − ω × I_O ω − m c × (ω × v)
A = np.block([[m * np.eye(3), -m * skew(c)], [m * skew(c), IO]])
b = np.concatenate([m * gB - m * np.cross(w, v) - m * np.cross(w, np.cross(w, c)),
                    np.cross(c, m * gB) - np.cross(w, IO @ w) - m * np.cross(c, np.cross(w, v))])
free = np.linalg.solve(A, b)

np.set_printoptions(precision=17)
print("e =", repr(e))
print("spherical w' =", repr(spherical))
print("free (v', w') =", repr(free))
