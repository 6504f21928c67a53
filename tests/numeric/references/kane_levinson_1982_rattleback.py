# Independent reference for the rattleback of Kane & Levinson (1982) (tests/numeric/
# test_rattleback.cpp, KaneLevinson1982_Rattleback.*; tests/model/test_convex_rolling_contact.cpp;
# examples/kane_levinson_1982_rattleback.yaml): Newton-Euler with the contact force, written without
# adyn. The body B (geometric axes b1, b2, b3) rolls without slipping on the plane z = 0; n = N.z in B.
#   contact point P from the ellipsoid's centre E:  r = -A n / e,  e = sqrt(n.A n), A = diag(a2, b2, c2)
#     (checked below against a numerical minimization of n.x over the ellipsoid), E at height e;
#   or, for the paraboloid cap z = x^2/(2 rho1) + y^2/(2 rho2) about its vertex V = E - c b3 with
#     the ellipsoid's radii of curvature at its lowest point (rho1 = a^2/c, rho2 = b^2/c):
#     r^{P/V} = (-rho1 n1/n3, -rho2 n2/n3, (rho1 n1^2 + rho2 n2^2)/(2 n3^2)), r = r^{P/V} - c b3,
#     E at height -r.n;
#   rho = r^{P/G} = r + h b3 (G = E - h b3);  no slip: v_G = -w x rho;
#   Newton  m a_G = F - m g n;  Euler about G  I w' + w x I w = rho x F;
#   a_G = -w' x rho - w x (rho' + w x rho), rho' = dr/dt in B = (dr/dn) n', n' = n x w;
#   so  [I + m (rho.rho 1 - rho rho^T)] w' = -w x I w - m rho x (w x (rho' + w x rho)) + m g rho x n.
# Orientation: yaw about N.z, roll about the yawed x, pitch about the rolled y (the example's
# frames): roll' = w1 cos(pitch) + w3 sin(pitch), yaw' = (w3 cos(pitch) - w1 sin(pitch))/cos(roll),
# pitch' = w2 - yaw' sin(roll); the centre moves with v_E = w x (-r).
# Run: /usr/bin/python3 kane_levinson_1982_rattleback.py
# Output (SciPy 1.10.1, NumPy 1.24.2; DOP853 at rtol 1e-12, atol 1e-14): at the bottom of this file.
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import minimize

a, b, c, h, m, g = 0.20, 0.03, 0.02, 0.01, 1.0, 9.81
A = np.diag([a * a, b * b, c * c])
I = np.array([[2.0e-4, -2.0e-5, 0], [-2.0e-5, 1.6e-3, 0], [0, 0, 1.7e-3]])


def up(roll, pitch):  # N.z in B
    return np.array([-np.sin(pitch) * np.cos(roll), np.sin(roll), np.cos(pitch) * np.cos(roll)])


def ellipsoid(n, nd):  # r = r^{P/E}, the height of E, and dr/dt in B
    e = np.sqrt(n @ A @ n)
    return -A @ n / e, e, (-A @ nd + A @ n * (n @ A @ nd) / e**2) / e


def paraboloid(n, nd, rho1=a * a / c, rho2=b * b / c):
    r = np.array([-rho1 * n[0] / n[2], -rho2 * n[1] / n[2], (rho1 * n[0] ** 2 + rho2 * n[1] ** 2) / (2 * n[2] ** 2) - c])
    rd = np.array([-rho1 * (nd[0] * n[2] - n[0] * nd[2]) / n[2] ** 2, -rho2 * (nd[1] * n[2] - n[1] * nd[2]) / n[2] ** 2,
                   (rho1 * n[0] * nd[0] + rho2 * n[1] * nd[1]) / n[2] ** 2
                   - (rho1 * n[0] ** 2 + rho2 * n[1] ** 2) * nd[2] / n[2] ** 3])
    return r, -r @ n, rd


surface = ellipsoid


def rotation(yaw, roll, pitch):  # ^N C ^B
    cy, sy, cr, sr, cp, sp = np.cos(yaw), np.sin(yaw), np.cos(roll), np.sin(roll), np.cos(pitch), np.sin(pitch)
    Rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    Rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]])
    Ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
    return Rz @ Rx @ Ry


def angle_rates(roll, pitch, w):
    roll_d = w[0] * np.cos(pitch) + w[2] * np.sin(pitch)
    yaw_d = (w[2] * np.cos(pitch) - w[0] * np.sin(pitch)) / np.cos(roll)
    return yaw_d, roll_d, w[1] - yaw_d * np.sin(roll)


def rates(t, y):  # y = (x, y, yaw, roll, pitch, w1, w2, w3)
    yaw, roll, pitch, w = y[2], y[3], y[4], y[5:]
    n = up(roll, pitch)
    r, _, rd = surface(n, np.cross(n, w))
    rho = r + np.array([0, 0, h])
    M = I + m * ((rho @ rho) * np.eye(3) - np.outer(rho, rho))
    F = -np.cross(w, I @ w) - m * np.cross(rho, np.cross(w, rd + np.cross(w, rho))) + m * g * np.cross(rho, n)
    vE = rotation(yaw, roll, pitch) @ np.cross(w, -r)
    return np.r_[vE[0], vE[1], angle_rates(roll, pitch, w), np.linalg.solve(M, F)]


def energy(y):
    n = up(y[3], y[4])
    r, e, _ = surface(n, n)
    w = y[5:]
    vG = -np.cross(w, r + np.array([0, 0, h]))
    return 0.5 * w @ I @ w + 0.5 * m * vG @ vG + m * g * (e - h * n[2])


def state(y):  # the example's q = (x, y, z, yaw, roll, pitch) and q_d
    q_d = rates(0, y)
    r, z, _ = surface(up(y[3], y[4]), np.zeros(3))
    vE = rotation(*y[2:5]) @ np.cross(y[5:], -r)
    return np.r_[y[0], y[1], z, y[2:5]], np.r_[q_d[0], q_d[1], vE[2], q_d[2:5]]


def accelerations(y):  # q'' = d/dt (q_d) along the motion: central differences, Richardson-extrapolated
    def D(eps):
        step = eps * rates(0, y)
        return (state(y + step)[1] - state(y - step)[1]) / (2 * eps)
    return (4 * D(5e-5) - D(1e-4)) / 3


# The contact point against a numerical minimization of the height n.x over the ellipsoid.
n = up(0.3, -0.2)
x = minimize(lambda s: n @ (np.sqrt(np.diag(A)) * s / np.linalg.norm(s)), [0, 0, -1], tol=1e-14).x
lowest = np.sqrt(np.diag(A)) * x / np.linalg.norm(x)
print("contact at roll 0.3, pitch -0.2: formula - minimization = %.1e" % np.abs(ellipsoid(n, n)[0] - lowest).max())

d = np.pi / 360  # Kane & Levinson's start: roll = pitch = 0.5 degrees, w = -5 b3
y0 = np.r_[0, 0, 0, d, d, 0, 0, -5.0]
for surface in (ellipsoid, paraboloid):
    print("--- %s" % surface.__name__)
    q, q_d = state(y0)
    print("start: q   = (%s)" % ", ".join("%.12g" % v for v in q))
    print("       q_d = (%s)" % ", ".join("%.12g" % v for v in q_d))
    print("       q_dd = (%s)" % ", ".join("%.12g" % v for v in accelerations(y0)))
    times = np.round(np.arange(0, 6.0001, 0.01), 10)
    sol = solve_ivp(rates, (0, 6), y0, method="DOP853", rtol=1e-12, atol=1e-14, t_eval=times)
    E = np.array([energy(sol.y[:, k]) for k in range(len(times))])
    yaw_d = np.array([rates(0, sol.y[:, k])[2] for k in range(len(times))])
    print("energy %.12g J, largest change %.1e" % (E[0], np.abs(E - E[0]).max()))
    print("yaw rate: largest up to t = 2.6 s %.6f, smallest from t = 3.2 s %.6f, at t = 6 s %.6f rad/s"
          % (yaw_d[times <= 2.6].max(), yaw_d[times >= 3.2].min(), yaw_d[600]))
    for t in (1.0, 2.0, 5.0):
        q, q_d = state(sol.y[:, int(round(t / 0.01))])
        print("t = %g:" % t)
        print("  q   = (%s)" % ", ".join("%.12g" % v for v in q))
        print("  q_d = (%s)" % ", ".join("%.12g" % v for v in q_d))


# Output:
#   contact at roll 0.3, pitch -0.2: formula - minimization = 1.2e-09
#   --- ellipsoid
#   start: q   = (0, 0, 0.0200761919314, 0, 0.00872664625997, 0.00872664625997)
#          q_d = (0.00195594436525, 0.0869276995725, 0.000741536623672, -5, -0.0436326774919, 0.0436326774919)
#          q_dd = (-1.32199851659, 0.404985920158, -1.49739501654, 4.53794798657, -2.62234673193, -87.1886487476)
#   energy 0.123885313674 J, largest change 8.6e-13
#   yaw rate: largest up to t = 2.6 s -0.163931, smallest from t = 3.2 s 0.105979, at t = 6 s 5.256314 rad/s
#   t = 1:
#     q   = (0.00101754540654, 0.00175526028402, 0.0205248121838, -4.26611146541, -0.00600437851359, 0.0231674065719)
#     q_d = (-0.0540163327614, 0.0132866885252, 0.0771388575271, -3.23354265553, 4.96747059291, 1.74200787209)
#   t = 2:
#     q   = (0.000216059027025, 0.00173083230741, 0.0218919148504, -6.35755646832, -0.104910245534, 0.0434142161396)
#     q_d = (0.0194406975115, -0.00495086845657, 0.070064146925, -1.08241248707, 4.39599802148, 1.01788913856)
#   t = 5:
#     q   = (-0.00161030185447, 0.00128629934792, 0.0202324902105, -2.75016131344, -0.0469311349456, 0.0144529743488)
#     q_d = (-0.00513438813493, 0.0816948744367, -0.0412566704452, 4.20020004634, -2.13742790901, -1.54812819725)
#   --- paraboloid
#   start: q   = (0, 0, 0.0200763429334, 0, 0.00872664625997, 0.00872664625997)
#          q_d = (0.00196354525292, 0.0872655045182, 0.000744418268304, -5, -0.0436326774919, 0.0436326774919)
#          q_dd = (-1.32506708453, 0.407240400491, -1.50732967883, 4.58493754073, -2.54381521873, -87.4259118314)
#   energy 0.123916233702 J, largest change 8.4e-13
#   yaw rate: largest up to t = 2.6 s 0.093105, smallest from t = 3.2 s 0.177135, at t = 6 s 5.344854 rad/s
#   t = 1:
#     q   = (0.000560400385327, 0.00180089604126, 0.0208879411786, -4.22995320559, 0.0157517439946, 0.0298956578884)
#     q_d = (-0.0531425930999, -0.00592611085809, 0.0541011041423, -2.83704299223, 5.61760828914, 0.877726587024)
#   t = 2:
#     q   = (-3.71743091304e-05, 0.00161618473984, 0.0219818043801, -6.2143885275, -0.0263799607436, 0.044643463826)
#     q_d = (-0.0120943007868, -0.0261750382945, -0.0564930527224, -1.10390359189, 5.52844191653, -0.600817102746)
#   t = 5:
#     q   = (-0.00144188542436, 0.00163971004847, 0.0201107257822, -2.29688365091, -0.0215985732389, 0.0102944325694)
#     q_d = (0.0451961898359, -0.000104865630228, -0.0294300886804, 4.60387965102, -6.38569315915, -1.61269326185)
