# Independent reference for IFToMM A01 (tests/numeric/test_iftomm.cpp, IFToMM_A01_Pendulum): the
# pendulum of examples/iftomm_a01_pendulum.yaml (1 kg, 1 m, g = 9.81, released at rest from the
# horizontal, P = (-1, 0)) in closed form. With phi the angle from the downward vertical and
# k = sin(phi_max/2) = sin(pi/4): sin(phi/2) = k sn(K - w t, k), w = sqrt(g/L), period 4K/w.
# Run: /usr/bin/python3 iftomm_a01_pendulum.py
# Output (SciPy 1.x):
#   period 2.36784194757624
#   t =  1: P = (-0.0923014898578525, -0.99573114957233)
#   t =  5: P = (-0.00643776211124931, -0.999979277556394)
#   t = 10: P = (-0.999847059566787, -0.0174886112434807)
import numpy as np
from scipy.special import ellipj, ellipk

g, L = 9.81, 1.0
w = np.sqrt(g / L)
m = np.sin(np.pi / 4) ** 2  # parameter m = k^2
K = ellipk(m)
print("period %.15g" % (4 * K / w))
for t in (1.0, 5.0, 10.0):
    sn = ellipj(K - w * t, m)[0]
    phi = 2 * np.arcsin(np.sqrt(m) * sn)  # from the downward vertical, positive towards -x
    print("t = %2g: P = (%.15g, %.15g)" % (t, -L * np.sin(phi), -L * np.cos(phi)))
