"""Reference for examples/two_link_arm.urdf (tests/io/test_urdf_reader.cpp), derived independently
of adyn with SymPy: homogeneous transforms of each link written from the URDF by hand (joint origin
x_parent = R x_child + p with R = Rz(yaw) Ry(pitch) Rx(roll), a revolute joint's rotation about its
unit axis by Rodrigues' formula, a prismatic joint's displacement along its axis), the wrist kept
as a separate body rigidly attached to the forearm (the test checks adyn's merging against it),
T = sum 1/2 m |v_c|^2 + 1/2 w^T I w (w in the link frame, vee(R^T R')), V = sum m g z_c, and
Lagrange's equations M q'' = F with the generalized forces tau - d q' on the coordinates.

The shoulder's rpy 1.57079632679 is taken as pi/2 exactly, as adyn snaps the rotation's entries
(within 1e-10 of 0, +-1); the difference is 5e-12, below the test's 1e-10.

Run: python3 tests/io/references/urdf_two_link_arm.py
"""
import sympy as sp

t = sp.symbols("t")
q = [sp.Function(n)(t) for n in ("shoulder", "elbow", "gripper_slide")]
qd = [sp.diff(x, t) for x in q]
g = 9.81


def Rx(a):
    return sp.Matrix([[1, 0, 0], [0, sp.cos(a), -sp.sin(a)], [0, sp.sin(a), sp.cos(a)]])


def Ry(a):
    return sp.Matrix([[sp.cos(a), 0, sp.sin(a)], [0, 1, 0], [-sp.sin(a), 0, sp.cos(a)]])


def Rz(a):
    return sp.Matrix([[sp.cos(a), -sp.sin(a), 0], [sp.sin(a), sp.cos(a), 0], [0, 0, 1]])


def about(axis, angle):  # Rodrigues: R = I + sin a [k]x + (1 - cos a) [k]x^2
    k = sp.Matrix(axis) / sp.sqrt(sum(c**2 for c in axis))
    K = sp.Matrix([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return sp.eye(3) + sp.sin(angle) * K + (1 - sp.cos(angle)) * K * K


def V(*c):
    return sp.Matrix(c)


# Link frames (R: columns the link basis in the world, p: its origin).
R1 = Rx(sp.pi / 2) * Rz(q[0])
p1 = V(0, 0, 0.1)
R2 = R1 * about((0, 0.6, 0.8), q[1])
p2 = p1 + R1 * V(0.4, 0, 0)
Rw = R2 * Ry(0.5)
pw = p2 + R2 * V(0.3, 0, 0)
Rg = Rw
pg = pw + Rw * (V(0.05, 0, 0) + q[2] * V(1, 0, 0))

# (mass, mass centre in the link frame, inertia in the link frame, R, p) of each body.
bodies = [
    (1.2, V(0.2, 0, 0), Rz(0.3) * sp.diag(0.001, 0.02, 0.021) * Rz(0.3).T, R1, p1),
    (0.8, V(0.15, 0.01, 0), sp.Matrix([[0.0005, 0.0001, 0], [0.0001, 0.006, 0], [0, 0, 0.0062]]), R2, p2),
    (0.3, V(0.02, 0, 0), sp.diag(0.0002, 0.0003, 0.0003), Rw, pw),
    (0.2, V(0.03, 0, 0), sp.diag(0.0001, 0.0001, 0.0001), Rg, pg),
]


def vee(S):
    return V(S[2, 1], S[0, 2], S[1, 0])


T = 0
Vg = 0
for m, c, I, R, p in bodies:
    pc = p + R * c
    vc = pc.diff(t)
    w = vee(R.T * R.diff(t))
    T += sp.Rational(1, 2) * m * (vc.T * vc)[0] + sp.Rational(1, 2) * (w.T * I * w)[0]
    Vg += m * g * pc[2]

tau = sp.symbols("tau_shoulder tau_elbow tau_gripper_slide")
Q = [tau[0] - 0.05 * qd[0], tau[1], tau[2]]
state = {q[0]: 0.3, q[1]: -0.7, q[2]: 0.04}
rates = {qd[0]: 0.5, qd[1]: -1.1, qd[2]: 0.02}
inputs = {tau[0]: 1.5, tau[1]: -0.4, tau[2]: 0.3}

L = T - Vg
qdd = [sp.diff(x, t, 2) for x in q]
eqs = [sp.diff(sp.diff(L, qd[i]), t) - sp.diff(L, q[i]) - Q[i] for i in range(3)]
M = sp.Matrix(3, 3, lambda i, j: sp.diff(eqs[i], qdd[j]))
F = -sp.Matrix([e.subs({a: 0 for a in qdd}) for e in eqs])


def at(e):
    return e.subs(inputs).subs(rates).subs(state).evalf(30)


Mn, Fn = M.applyfunc(at), F.applyfunc(at)
acc = Mn.LUsolve(Fn)
print("// q = (0.3, -0.7, 0.04), q' = (0.5, -1.1, 0.02), tau = (1.5, -0.4, 0.3)")
print("mass matrix:", [[float(Mn[i, j]) for j in range(3)] for i in range(3)])
print("q'' = {" + ", ".join("%.17g" % float(a) for a in acc) + "}")

# The forearm with the wrist merged, in the forearm's frame: mass, mass centre, inertia about it.
Rfw = Ry(0.5)
pfw = V(0.3, 0, 0)
m1, c1, I1 = 0.8, V(0.15, 0.01, 0), bodies[1][2]
m2, c2, I2 = 0.3, pfw + Rfw * V(0.02, 0, 0), Rfw * bodies[2][2] * Rfw.T
m = m1 + m2
c = (m1 * c1 + m2 * c2) / m
I = I1 + I2
for mi, ci in ((m1, c1), (m2, c2)):
    d = ci - c
    I += mi * ((d.T * d)[0] * sp.eye(3) - d * d.T)
print("merged forearm: mass %.17g, centre {%s}" % (m, ", ".join("%.17g" % float(x) for x in c)))
print("  inertia {" + ", ".join("%.17g" % float(I[i, j]) for i in range(3) for j in range(3)) + "}")
