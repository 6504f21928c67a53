# Independent check of the rolling disk's critical speed (tests/analysis/test_linearization.cpp,
# Greenwood_4_11_RollingDisk): the upright disk linearized by SymPy's KanesMethod (the classic
# rolling-disc model: yaw q1, lean q2, spin q3, body-frame speeds), eigenvalues below and above
# W_c = sqrt(g/(3r)), against lambda^2 = 4g/(5r) - 12/5 W^2. Run: python3 rolling_disk_critical_speed.py
# Output (SymPy 1.14): lambda = +-3.43103 at W = 0.5 W_c, +-4.42945i at W = 1.5 W_c; formula 11.772, -19.62.
import sympy as sp
from sympy.physics.mechanics import *
q1,q2,q3 = dynamicsymbols('q1 q2 q3')  # yaw, lean, spin
u1,u2,u3 = dynamicsymbols('u1 u2 u3')
r,m,g = sp.symbols('r m g')
N = ReferenceFrame('N'); Y = N.orientnew('Y','Axis',[q1,N.z]); L = Y.orientnew('L','Axis',[q2,Y.x])
R = L.orientnew('R','Axis',[q3,L.y])
w_R_N_qd = R.ang_vel_in(N); R.set_ang_vel(N, u1*L.x + u2*L.y + u3*L.z)
C = Point('C'); C.set_vel(N,0); Dmc = C.locatenew('Dmc', r*L.z)
Dmc.v2pt_theory(C,N,R)
I = inertia(L, m/4*r**2, m/2*r**2, m/4*r**2)
kd = [dot(R.ang_vel_in(N)-w_R_N_qd, uv) for uv in L]
ForceList = [(Dmc, -m*g*Y.z)]
BodyD = RigidBody('BodyD', Dmc, R, m, (I, Dmc))
KM = KanesMethod(N, q_ind=[q1,q2,q3], u_ind=[u1,u2,u3], kd_eqs=kd)
fr, frstar = KM.kanes_equations([BodyD], ForceList)
A, B = KM.linearize(A_and_B=True, op_point={q1:0,q2:0,q3:0,u1:0,u2:sp.Symbol('W'),u3:0}, simplify=False)[:2]
W=sp.Symbol('W')
for Wv in [0.5*sp.sqrt(9.81/(3*0.5)), 1.5*sp.sqrt(9.81/(3*0.5))]:
    An = A.subs({r:0.5,m:1,g:9.81,W:Wv})
    An = sp.Matrix(An).evalf()
    print(float(Wv), [complex(e) for e in An.eigenvals().keys()])
lam2 = lambda Wv: (4*9.81/(5*0.5) - sp.Rational(12,5)*Wv**2)
print("formula lambda^2:", [float(lam2(0.5*sp.sqrt(9.81/1.5))), float(lam2(1.5*sp.sqrt(9.81/1.5)))])
