"""SAT reference for the giant-grid benchmark: CaDiCaL 1.9.5 through python-sat counts each
instance that `cargo bench --bench giant` wrote under target/giant/ to 2, with the plain
"extended" encoding (givens removed first, with their digits from their rows, columns and boxes;
then for each open cell and each house-digit not given, at least one and pairwise at most one),
and a blocking clause between the two solves; each count runs in a child process, stopped after
30 s of wall time. Same table as the Rust bench; a count that takes more than 5 s of CPU time
(encoding included), or is stopped, is undecided.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install python-sat
    /tmp/venv/bin/python benches/sat-reference.py [target/giant]
"""
import csv
import glob
import os
import resource
import subprocess
import sys

from pysat.solvers import Solver


def count2(rows):
    n = len(rows)
    side = int(round(n ** 0.5))
    houses = [[(r, c) for c in range(n)] for r in range(n)]
    houses += [[(r, c) for r in range(n)] for c in range(n)]
    houses += [[(r, c) for r in range(br, br + side) for c in range(bc, bc + side)]
               for br in range(0, n, side) for bc in range(0, n, side)]
    houses_of = {}
    for h, cells in enumerate(houses):
        for cell in cells:
            houses_of.setdefault(cell, []).append(h)
    used = [{rows[r][c] for (r, c) in cells if rows[r][c]} for cells in houses]
    var = {}
    for r in range(n):
        for c in range(n):
            if not rows[r][c]:
                for d in range(1, n + 1):
                    if all(d not in used[h] for h in houses_of[(r, c)]):
                        var[(r, c, d)] = len(var) + 1
    clauses = []

    def exactly_one(vs):
        clauses.append(vs)
        clauses.extend([-a, -b] for i, a in enumerate(vs) for b in vs[i + 1:])

    for r in range(n):
        for c in range(n):
            if not rows[r][c]:
                exactly_one([var[(r, c, d)] for d in range(1, n + 1) if (r, c, d) in var])
    for h, cells in enumerate(houses):
        for d in range(1, n + 1):
            if d not in used[h]:
                exactly_one([var[(r, c, d)] for (r, c) in cells if (r, c, d) in var])
    solver = Solver(name="cadical195", bootstrap_with=clauses)
    found = 0
    while found < 2 and solver.solve():
        found += 1
        solver.add_clause([-v for v in solver.get_model() if v > 0])
    return found


def one(path):
    """Counts one file in this process (run as a child, so that the parent can stop it)."""
    rows = [[int(x) if x else 0 for x in row] for row in csv.reader(open(path)) if row]
    print(count2(rows))


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "target/giant"
    results = []
    for path in sorted(glob.glob(os.path.join(folder, "*.csv")),
                       key=lambda p: tuple(int(x) for x in os.path.basename(p)[:-4].split("-"))):
        size, given, seed = (int(x) for x in os.path.basename(path)[:-4].split("-"))
        start = child_cpu()
        try:
            child = subprocess.run([sys.executable, __file__, "--one", path],
                                   capture_output=True, text=True, timeout=30)
            found = int(child.stdout.strip())
        except subprocess.TimeoutExpired:
            found = None
        seconds = child_cpu() - start
        decided = found is not None and seconds <= 5.0
        verdict = "undecided" if not decided else {0: "none", 1: "unique", 2: "2 solutions"}[found]
        print(f"{size}x{size} {given}% seed {seed:<4} {verdict:<12} {seconds:6.2f} s", flush=True)
        results.append((size, given, found if decided else None, seconds))
    print("\n| size | given | unique | not unique | undecided (> 5 s) | median | max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key in sorted({(s, g) for s, g, _, _ in results}):
        group = [r for r in results if r[:2] == key]
        times = sorted(r[3] for r in group)
        count = lambda v: sum(1 for r in group if r[2] == v)
        print(f"| {key[0]}x{key[0]} | {key[1]}% | {count(1)} | {count(2)} | {count(None)} "
              f"| {times[len(times) // 2]:.2f} s | {times[-1]:.2f} s |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        one(sys.argv[2])
    else:
        main()
