#!/usr/bin/env python3
"""The tables of bench/robots: reads its records (results.tsv: flag set, tool, robot, joints, call,
metric, value) and writes them into docs/performance.md between the markers
<!-- robots:begin --> and <!-- robots:end -->.

Usage: robots_report.py RESULTS.tsv PERFORMANCE.md
"""
import sys
from collections import defaultdict

BEGIN, END = "<!-- robots:begin -->", "<!-- robots:end -->"
ROBOTS = {"ur5": "UR5", "panda": "Panda", "solo12": "Solo-12", "anymal_b": "ANYmal B", "talos": "Talos",
          "solo12-free": "Solo-12, free base", "anymal_b-free": "ANYmal B, free base",
          "talos-free": "Talos, free base"}
FLAGS = {"O2": "-O2", "O3native": "-O3 -march=native"}


def read(path):
    meta, rec, joints = {}, defaultdict(dict), {}
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) != 7:
            continue
        flags, tool, robot, n, call, metric, value = f
        if flags == "meta":
            meta[metric] = value
            continue
        joints[robot] = int(n)
        rec[(flags, tool, robot)][(call, metric)] = value
    return meta, rec, joints


def seconds(rec, key, call):
    v = rec.get(key, {}).get((call, "seconds"))
    return float(v) if v is not None else None


def values(rec, key, call, metric):
    v = rec.get(key, {}).get((call, metric))
    return [float(x) for x in v.split(",")] if v else None


def ns(s):
    return "—" if s is None else f"{s * 1e9:.0f} ns"


def ms(s):
    return "—" if s is None else (f"{s * 1e3:.1f} ms" if s < 10 else f"{s:.0f} s")


def ratio(a, b):
    return "—" if a is None or b is None else f"{a / b:.2f}"


def fastest(*xs):
    xs = [x for x in xs if x is not None]
    return min(xs) if xs else None


def robots_of(joints):
    return [r for r in ROBOTS if r in joints]


def label(robot, joints):
    return f"{ROBOTS[robot]} ({joints[robot]})"


# (call, adyn's name, Pinocchio's, the generated one's, MuJoCo's)
CALLS = [
    ("forward", "forward dynamics q̈", "`aba`", "generated `aba`", "`mj_forward`"),
    ("inverse", "inverse dynamics τ", "`rnea`", "generated `rnea`", "`mj_inverse`"),
    ("mass", "mass matrix M", "`crba`", "generated `crba`", "`mj_crb`"),
]


def time_table(rec, joints, flags):
    out = [f"Per call, every program and every generated C compiled with `{FLAGS[flags]}`:", "",
           "| robot | call | adyn C | adyn tape | Pinocchio | Pinocchio generated | MuJoCo "
           "| C / Pinocchio | C / generated | C / MuJoCo | tape / Pinocchio |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for robot in robots_of(joints):
        for call, name, _, _, _ in CALLS:
            c = seconds(rec, (flags, "adyn-c", robot), call)
            tape = seconds(rec, (flags, "adyn-tape", robot), call)
            pin = fastest(seconds(rec, (flags, "pinocchio", robot), call),
                          seconds(rec, (flags, "pinocchio", robot), call + "-world"))
            cg = seconds(rec, (flags, "pinocchio-cg", robot), call)
            mj = seconds(rec, (flags, "mujoco", robot), call)
            out.append(f"| {label(robot, joints)} | {name} | {ns(c)} | {ns(tape)} | {ns(pin)} | {ns(cg)} | {ns(mj)} "
                       f"| {ratio(c, pin)} | {ratio(c, cg)} | {ratio(c, mj)} | {ratio(tape, pin)} |")
    for robot in robots_of(joints):
        c = seconds(rec, (flags, "adyn-c", robot), "derivatives")
        pin = seconds(rec, (flags, "pinocchio", robot), "derivatives")
        if c is None:  # a floating base: adyn's derivatives are by its Euler parameters, not comparable
            continue
        out.append(f"| {label(robot, joints)} | ∂q̈/∂q, ∂q̈/∂v | {ns(c)} | — | {ns(pin)} | — | — "
                   f"| {ratio(c, pin)} | — | — | — |")
    return out


def relative_difference(a, b):
    """max |a − b| over the entries, over max |b|."""
    if a is None or b is None or len(a) != len(b):
        return None
    scale = max(abs(x) for x in b) or 1.0
    return max(abs(x - y) for x, y in zip(a, b)) / scale


def agreement_table(rec, joints, flags):
    quantities = [("forward", "qdd", "q̈"), ("inverse", "tau", "τ"), ("mass", "M", "M"),
                  ("derivatives", "dqdd_dq", "∂q̈/∂q"), ("derivatives", "dqdd_dv", "∂q̈/∂v")]
    peers = [("adyn-tape", "adyn tape"), ("pinocchio", "Pinocchio"), ("pinocchio-cg", "Pinocchio generated"),
             ("mujoco", "MuJoCo")]
    out = ["| robot | quantity | " + " | ".join(p for _, p in peers) + " |",
           "|---|---|" + "---|" * len(peers)]
    for robot in robots_of(joints):
        for call, metric, name in quantities:
            ref = values(rec, (flags, "adyn-c", robot), call, metric)
            if ref is None:  # not measured (a floating base's derivatives)
                continue
            cells = []
            for tool, _ in peers:
                d = relative_difference(values(rec, (flags, tool, robot), call, metric), ref)
                cells.append("—" if d is None else f"{d:.1e}")
            out.append(f"| {label(robot, joints)} | {name} | " + " | ".join(cells) + " |")
    return out


def notes(rec, joints, flags):
    """What a tool changed in a robot's model (records "setup note"), one line each."""
    out = []
    for (f, tool, robot), r in sorted(rec.items()):
        if f == flags and ("setup", "note") in r:
            out.append(f"- {label(robot, joints)}, {tool}: {r[('setup', 'note')]}")
    return out + [""] if out else []


def setup_table(rec, joints, flags):
    out = ["| robot | adyn tape, ready | adyn C, cold | adyn C, cache hit | adyn C: τ, M first calls (hit) "
           "| Pinocchio `buildModel` | Pinocchio generated: aba; rnea; crba (record + generate and compile) | MuJoCo load |",
           "|---|---|---|---|---|---|---|---|"]
    for robot in robots_of(joints):
        tape = seconds(rec, (flags, "adyn-tape", robot), "setup-forward")
        cold = seconds(rec, (flags, "adyn-c", robot), "cold-setup-forward")
        hit = seconds(rec, (flags, "adyn-c", robot), "setup-forward")
        first = [seconds(rec, (flags, "adyn-c", robot), "setup-" + c) for c in ("inverse", "mass")]
        pin = seconds(rec, (flags, "pinocchio", robot), "setup")
        cg = []
        for call in ("forward", "inverse", "mass"):
            g = seconds(rec, (flags, "pinocchio-cg", robot), "setup-record-" + call)
            c = seconds(rec, (flags, "pinocchio-cg", robot), "setup-compile-" + call)
            cg.append("—" if g is None or c is None else f"{ms(g)} + {ms(c)}")
        mj = seconds(rec, (flags, "mujoco", robot), "setup")
        out.append(f"| {label(robot, joints)} | {ms(tape)} | {ms(cold)} | {ms(hit)} | {ms(first[0])}, {ms(first[1])} "
                   f"| {ms(pin)} | {'; '.join(cg)} | {ms(mj)} |")
    return out


def report(meta, rec, joints):
    flag_sets = [f for f in FLAGS if any(k[0] == f for k in rec)]
    head = (f"One run of `bench/robots`, {meta.get('date', '?')}, adyn commit {meta.get('commit', '?')}, on "
            f"{meta.get('cores', '?')} cores of an {meta.get('cpu', '?')} (shared); {meta.get('compiler', '?')}; "
            f"Pinocchio {meta.get('pinocchio', '?')}; MuJoCo {meta.get('mujoco', '?')} (Debian). adyn's library "
            f"(the tape) is compiled with CMake's Release flags `{meta.get('adyn_cxx_flags', '?')}` in every row; "
            f"everything else with the flags of its table. Load: before, `{meta.get('uptime_before', '?').strip()}`; "
            f"after, `{meta.get('uptime_after', '?').strip()}`.")
    out = [head, ""]
    for flags in flag_sets:
        out += [f"#### Times, `{FLAGS[flags]}`", ""] + time_table(rec, joints, flags) + [""]
    if flag_sets:
        first = flag_sets[0]
        out += ["#### Agreement", "",
                f"Largest difference from adyn's C (`{FLAGS[first]}` run): max |x_peer − x_adyn| over the entries, "
                "divided by max |x_adyn|.", ""] + agreement_table(rec, joints, first) + [""] + notes(rec, joints, first)
        for flags in flag_sets:
            out += [f"#### Set-up, `{FLAGS[flags]}` (wall time)", ""] + setup_table(rec, joints, flags) + [""]
    return "\n".join(out)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: robots_report.py RESULTS.tsv PERFORMANCE.md")
    meta, rec, joints = read(sys.argv[1])
    doc = open(sys.argv[2], encoding="utf-8").read()
    if BEGIN not in doc or END not in doc:
        sys.exit(f"{sys.argv[2]}: no {BEGIN} ... {END} markers")
    before, rest = doc.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    open(sys.argv[2], "w", encoding="utf-8").write(before + BEGIN + "\n" + report(meta, rec, joints) + "\n" + END + after)


if __name__ == "__main__":
    main()
