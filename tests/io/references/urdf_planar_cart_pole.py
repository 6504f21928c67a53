#!/usr/bin/env python3
"""Reference accelerations for tests/io/test_urdf_planar.cpp: a cart on a URDF planar joint (its
axis y, the plane x-z) with a pole on a continuous joint, derived here by Lagrange's equations in
SymPy, independently of adyn.

The planar joint's coordinates, as docs/urdf.md states them: x along e1 = the joint frame's x axis,
y along e2 = n x e1 = y x x = -z, and theta about n = y. The cart's origin is at (0.1, 0, 0.2) + x e1
+ y e2 in the world, the cart turned by R_y(theta); the pole's joint at (0.3, 0, 0) in the cart, the
pole turned by R_y(theta + phi) with its mass centre at (0, 0, -0.4) in it. Gravity -9.81 along z;
the input torque tau_arm on phi.
"""
import sympy as sp

t = sp.symbols("t")
x, y, th, ph = (sp.Function(n)(t) for n in ("x", "y", "theta", "phi"))
q = [x, y, th, ph]
g, tau = sp.Rational(981, 100), sp.symbols("tau")


def Ry(a):
    return sp.Matrix([[sp.cos(a), 0, sp.sin(a)], [0, 1, 0], [-sp.sin(a), 0, sp.cos(a)]])


P = sp.Matrix([sp.Rational(1, 10) + x, 0, sp.Rational(1, 5) - y])
cart_c = P + Ry(th) * sp.Matrix([sp.Rational(1, 20), 0, sp.Rational(1, 50)])
pivot = P + Ry(th) * sp.Matrix([sp.Rational(3, 10), 0, 0])
pole_c = pivot + Ry(th + ph) * sp.Matrix([0, 0, -sp.Rational(2, 5)])
m1, I1 = 2, sp.Rational(5, 100)  # cart: mass, Iyy about its centre
m2, I2 = sp.Rational(1, 2), sp.Rational(27, 1000)  # pole
T = (m1 * cart_c.diff(t).dot(cart_c.diff(t)) + I1 * th.diff(t) ** 2 + m2 * pole_c.diff(t).dot(pole_c.diff(t))
     + I2 * (th + ph).diff(t) ** 2) / 2
V = g * (m1 * cart_c[2] + m2 * pole_c[2])
L = T - V
Q = [0, 0, 0, tau]
eqs = [sp.diff(L.diff(qi.diff(t)), t) - L.diff(qi) - Qi for qi, Qi in zip(q, Q)]
acc = [qi.diff(t, 2) for qi in q]
M = sp.Matrix([[e.diff(a) for a in acc] for e in eqs])
rest = sp.Matrix([e.subs({a: 0 for a in acc}) for e in eqs])
state = {x: sp.Rational(2, 10), y: -sp.Rational(1, 10), th: sp.Rational(7, 10), ph: -sp.Rational(4, 10)}
rates = {x.diff(t): sp.Rational(3, 10), y.diff(t): -sp.Rational(5, 10), th.diff(t): sp.Rational(8, 10),
         ph.diff(t): sp.Rational(11, 10)}
at = lambda e: e.subs(rates).subs(state).subs(tau, sp.Rational(6, 10))
qdd = at(M).evalf(30).LUsolve(-at(rest).evalf(30))
print(", ".join(f"{float(v):.17g}" for v in qdd))
