# Independent reference for tests/analysis/test_output_linearization.cpp
# (SymPy_OutputMatrices_CartPendulum): a cart (x, spring k to the wall, force F) carrying a
# pendulum (bob at l, angle th from the downward vertical). The outputs — the bob's position x, its
# velocity's y and x components, the power F x' — written with sympy.physics.vector, and
# C = dy/d(x, th, x', th'), D = dy/dF at x = 0.1, th = 0.3, x' = 0.2, th' = 0.5, F = 1.5, l = 0.5.
# Run: python3 cart_pendulum_outputs.py
# Output: C = [[1, 0.477668244562803, 0, 0], [0, 0.2388341222814015, 0, 0.14776010333066977],
#   [0, -0.07388005166533489, 1, 0.477668244562803], [0, 0, 1.5, 0]], D = [0, 0, 0, 0.2]
import sympy as sp
from sympy.physics.vector import ReferenceFrame, Point, dynamicsymbols

x, th = dynamicsymbols('x th')
l, F = sp.symbols('l F')
N = ReferenceFrame('N')
O = Point('O'); O.set_vel(N, 0)
cart = O.locatenew('cart', x * N.x)
bob = cart.locatenew('bob', l * (sp.sin(th) * N.x - sp.cos(th) * N.y))
v = bob.pos_from(O).dt(N)
xd, thd = sp.symbols('xd thd')
rates = {x.diff(): xd, th.diff(): thd}
y = [bob.pos_from(O).dot(N.x), v.dot(N.y).subs(rates), v.dot(N.x).subs(rates), F * xd]
states = [x, th, xd, thd]
C = sp.Matrix([[sp.diff(e, s) for s in states] for e in y])
D = sp.Matrix([[sp.diff(e, F)] for e in y])
point = {x: 0.1, th: 0.3, xd: 0.2, thd: 0.5, F: 1.5, l: 0.5}
print("C =", [[float(c) for c in row] for row in C.subs(point).tolist()])
print("D =", [float(d) for d in D.subs(point)])
