#!/usr/bin/env python3
"""Writes IFToMM benchmark A02, the N-four-bar mechanism, as an adyn model file on standard output.

Usage: scripts/iftomm_a02.py N [CRANK_ANGLE_DEGREES]   (e.g. scripts/iftomm_a02.py 40 > a02_40.yaml)

The benchmark (library of computational benchmark problems, problem A02): N four-bar windows of
2N + 1 uniform slender bars of 1 m and 1 kg; the N + 1 cranks are pinned to the ground at A_i =
(i, 0), the N couplers join the crank tips B_0 ... B_N; gravity 9.81 m/s^2 along -y; 20 s, 400
output steps. It starts with the cranks at 45 degrees, tilted towards +x (the benchmark's statement;
CRANK_ANGLE_DEGREES changes that), and B_0 moving at +1 m/s along x. Every bar's angle is measured from N.x: the cranks
c_i, the couplers k_i; each coupler starts at B_(i-1) and its far end is pinned to B_i
(`coincident`, two rows). 2N + 1 coordinates and 2N rows: 1 DOF, but at the horizontal positions
the rows lose rank and the mechanism has N + 1 DOF for an instant (a singular configuration).
With all bars equal it moves as a parallelogram: every crank at the same angle phi, the couplers
translating, T = ((N + 1)/6 + N/2) phi'^2, V = g sin(phi) ((N + 1)/2 + N) — the reference of the
test of B_0."""
import sys


def model(n, crank_degrees):
    cranks = [f"c{i}" for i in range(n + 1)]
    couplers = [f"k{i}" for i in range(1, n + 1)]
    angle = "Pi/4" if crank_degrees == 45 else f"{crank_degrees}*Pi/180"
    lines = [
        f"# IFToMM multibody benchmark A02, the N-four-bar mechanism with N = {n} (library of computational",
        "# benchmark problems; González, Dopico, Lugrís, Cuadrado, Multibody System Dynamics 16 (2006)),",
        f"# written by scripts/iftomm_a02.py {n}" + ("" if crank_degrees == 45 else f" {crank_degrees}") + ": "
        f"{2 * n + 1} slender bars of 1 m and 1 kg, {n + 1} cranks pinned to the",
        "# ground 1 m apart, couplers joining their tips (each coupler's far end pinned to the next crank's",
        "# tip by `coincident`), gravity along -y; every bar's angle from N.x. The cranks start at "
        + f"{crank_degrees} degrees" + ",",
        "# B0 (the first crank's tip) moving at +1 m/s along x. At every horizontal crossing the closure",
        "# rows lose rank (N + 1 DOF for an instant): the singular configurations the benchmark tests.",
        "# checked: B0 against the parallelogram's 1-DOF motion (all cranks at the same angle phi,",
        "#   ((N + 1)/3 + N) phi'' = -g cos(phi) ((N + 1)/2 + N); tests/numeric/references/iftomm_a02_n_four_bar.py);",
        "#   the benchmark asks B0 within 1e-3 m over 20 s at 400 outputs. simulate's default (the",
        "#   augmented Lagrangian) passes every singular position; the KKT solve and the eliminating methods stop there.",
        f"name: IFToMM A02 N-four-bar mechanism (N = {n})",
        "parameters:",
        "  L: {value: 1.0, unit: m}",
        "  m: {value: 1.0, unit: kg}",
        "  g: {value: 9.81, unit: m/s^2}",
        "  v0: {value: 1.0, unit: m/s}     # B0's initial velocity along x",
        "coordinates: [" + ", ".join(cranks + couplers) + "]",
        "frames:",
    ]
    lines += [f"  - {{name: F{q}, parent: N, axis: z, angle: {q}}}" for q in cranks + couplers]
    lines.append("points:")
    for i in range(n + 1):
        lines.append(f"  - {{name: A{i}, from: O, position: {{N: [{i}*L, 0, 0]}}}}")
        lines.append(f"  - {{name: G{i}, from: A{i}, position: {{Fc{i}: [L/2, 0, 0]}}}}")
        lines.append(f"  - {{name: B{i}, from: A{i}, position: {{Fc{i}: [L, 0, 0]}}}}")
    for i in range(1, n + 1):
        lines.append(f"  - {{name: H{i}, from: B{i - 1}, position: {{Fk{i}: [L/2, 0, 0]}}}}")
        lines.append(f"  - {{name: E{i}, from: B{i - 1}, position: {{Fk{i}: [L, 0, 0]}}}}")
    lines.append("bodies:")
    inertia = "{Ixx: 0, Iyy: m*L^2/12, Izz: m*L^2/12}"
    lines += [f"  - {{name: crank {i}, mass_center: G{i}, frame: Fc{i}, mass: m, inertia: {inertia}}}" for i in range(n + 1)]
    lines += [f"  - {{name: coupler {i}, mass_center: H{i}, frame: Fk{i}, mass: m, inertia: {inertia}}}"
              for i in range(1, n + 1)]
    lines.append("gravity: {N: [0, -g, 0]}")
    lines.append("constraints:")
    lines += [f"  - {{name: pin B{i}, coincident: {{points: [E{i}, B{i}]}}}}" for i in range(1, n + 1)]
    rate = f"-v0/(L*sin({angle}))"
    lines.append("initial:")
    lines += [f"  {c}: {angle}" for c in cranks] + [f"  {k}: 0" for k in couplers]
    lines += [f"  {c}_d: {rate}" for c in cranks] + [f"  {k}_d: 0" for k in couplers]
    lines.append("simulation: {t_end: 20, output_step: 0.05, method: lagrange, rtol: 1.0e-10, atol: 1.0e-12}")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) not in (2, 3) or not argv[1].isdigit() or int(argv[1]) < 1:
        sys.exit(__doc__.split("\n\n")[1])
    crank_degrees = 45
    if len(argv) == 3:
        try:
            crank_degrees = float(argv[2])
        except ValueError:
            sys.exit("CRANK_ANGLE_DEGREES must be a number, got '" + argv[2] + "'")
        if not 0 < crank_degrees < 180:
            sys.exit("CRANK_ANGLE_DEGREES must be between 0 and 180 (exclusive): B0 needs a vertical velocity lever")
        crank_degrees = int(crank_degrees) if crank_degrees.is_integer() else crank_degrees
    sys.stdout.write(model(int(argv[1]), crank_degrees))


if __name__ == "__main__":
    main(sys.argv)
