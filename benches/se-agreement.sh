#!/usr/bin/env bash
# Agreement of `--rating se` with Sudoku Explainer's own ratings of magictour top1465
# (../shared/datasets/9x9/se_ratings_top1465.txt: `puzzle ER EP ED` per line, from serate
# 2022.3.24), and its cost.
#
#   benches/se-agreement.sh BINARY [EVERY]
#
# Rates every EVERYth puzzle (1 by default: all 1465) with `batch --rating se`, single thread
# pinned to one core, and prints: Spearman's rank correlation of ER, the mean absolute ER
# difference, the exact matches of ER, EP and ED, the largest ER differences with their
# puzzles, and the time per puzzle (user CPU) of the whole row and of the rating alone (the
# same batch without --rating se subtracted).
set -euo pipefail

binary=${1:?usage: se-agreement.sh BINARY [EVERY]}
every=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
ratings="$here/../../shared/datasets/9x9/se_ratings_top1465.txt"
[ -f "$ratings" ] || { echo "no ratings at $ratings" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v every="$every" '(NR - 1) % every == 0' "$ratings" >"$work/expected.txt"
cut -d' ' -f1 "$work/expected.txt" >"$work/puzzles.txt"

# The user CPU seconds of `batch` on the sample, with the extra arguments given.
seconds() {
    RAYON_NUM_THREADS=1 /usr/bin/time -f %U -o "$work/time" taskset -c 0 \
        "$binary" batch "$work/puzzles.txt" -o "$work/out.csv" "$@" || true
    cat "$work/time"
}

plain=$(seconds)
rated=$(seconds --rating se)

# The header tells where the columns are; each row is `puzzle,...,se_er,se_ep,se_ed,...`.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
         { print $col["puzzle"], $col["se_er"], $col["se_ep"], $col["se_ed"] }' \
    "$work/out.csv" >"$work/got.txt"

python3 - "$work/expected.txt" "$work/got.txt" "$plain" "$rated" <<'EOF'
import sys

def read(path):
    return [line.split() for line in open(path) if line.strip()]

expected, got = read(sys.argv[1]), read(sys.argv[2])
plain, rated = float(sys.argv[3]), float(sys.argv[4])
assert [e[0] for e in expected] == [g[0] for g in got], "rows out of order"
missing = [g[0] for g in got if len(g) < 4]
pairs = [(float(e[1]), float(g[1])) for e, g in zip(expected, got) if len(g) == 4]

def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result

def pearson(a, b):
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a) ** 0.5
    vb = sum((y - mb) ** 2 for y in b) ** 0.5
    return cov / (va * vb)

n = len(expected)
se, ours = [p[0] for p in pairs], [p[1] for p in pairs]
print(f"puzzles {n}, rated {len(pairs)}, not rated {len(missing)}")
print(f"ER Spearman {pearson(ranks(se), ranks(ours)):.4f}")
print(f"ER mean |difference| {sum(abs(a - b) for a, b in pairs) / len(pairs):.4f}")
for name, column in [("ER", 1), ("EP", 2), ("ED", 3)]:
    exact = sum(1 for e, g in zip(expected, got) if len(g) == 4 and e[column] == g[column])
    print(f"{name} exact {exact}/{n}")
diffs = sorted(
    ((abs(float(e[1]) - float(g[1])), e[0], e[1], g[1]) for e, g in zip(expected, got)
     if len(g) == 4 and e[1] != g[1]),
    reverse=True,
)
for d, puzzle, want, have in diffs[:10]:
    print(f"  ER {have} for Sudoku Explainer's {want}: {puzzle}")
print(f"time per puzzle (one core): {rated / n * 1000:.1f} ms with the rating, "
      f"{(rated - plain) / n * 1000:.1f} ms of it the rating")
EOF
