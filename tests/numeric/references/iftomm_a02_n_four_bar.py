# Independent reference for IFToMM A02 (examples/iftomm_a02_n_four_bar_2.yaml, scripts/iftomm_a02.py):
# with all bars equal the N-four-bar mechanism moves as a parallelogram — every crank at the same
# angle phi from N.x, the couplers translating — so T = ((N + 1)/6 + N/2) phi'^2 (cranks about
# their ends, couplers at the tips' speed) and V = g sin(phi) ((N + 1)/2 + N), and
# ((N + 1)/3 + N) phi'' = -g ((N + 1)/2 + N) cos(phi). From phi = pi/4, phi' = -sqrt(2) (B0 at +1 m/s
# along x) SciPy's DOP853 at rtol 1e-13 gives B0 = (cos phi, sin phi) at the benchmark's 400 output
# times; printed every 2 s (N = 2), with the energy's largest change.
# Run: /usr/bin/python3 iftomm_a02_n_four_bar.py [N]
import sys

import numpy as np
from scipy.integrate import solve_ivp

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2
g = 9.81
a, b = (N + 1) / 6 + N / 2, g * ((N + 1) / 2 + N)  # T = a phi'^2, V = b sin(phi)
times = np.linspace(0.05, 20, 400)
sol = solve_ivp(lambda t, y: [y[1], -b * np.cos(y[0]) / (2 * a)], (0, 20), [np.pi / 4, -np.sqrt(2)], method="DOP853",
                rtol=1e-13, atol=1e-13, t_eval=times, dense_output=True)
energy = a * sol.y[1]**2 + b * np.sin(sol.y[0])
E0 = 2 * a + b * np.sin(np.pi / 4)
print("N = %d, E = %.15g, largest energy change %.1e" % (N, E0, np.abs(energy - E0).max()))
for i in range(39, 400, 40):
    print("t = %5.2f: phi = %.12f, B0 = (%.12f, %.12f)" % (sol.t[i], sol.y[0, i], np.cos(sol.y[0, i]), np.sin(sol.y[0, i])))
