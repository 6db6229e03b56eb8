#!/usr/bin/env bash
# Time to solve and explain overlapping Sudokus (issue 50's goals: a Samurai under 50 ms, a Sumo
# or Shogun under 0.5 s, single thread, release build):
#
#   benches/overlap-speed.sh [BINARY] [REPS]
#
# Part 1: `explain` of each fixture in fixtures/overlap/ (one puzzle of each layout), pinned to
# one core, REPS runs (5 by default), the median CPU time (user + system) in milliseconds, the
# process's start included.
# Part 2, when ../shared is there: `batch` over each collection of ../shared/datasets/variants,
# one thread, the median and largest time per puzzle that batch reports (the solve and its
# rating, without reading and start-up), and how many puzzles were solved by logic alone.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$here/target/release/gridlogic}
reps=${2:-5}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-22s %10s\n' "fixture (explain)" "median ms"
for fixture in "$here"/fixtures/overlap/*.txt; do
    name=$(basename "$fixture" .txt)
    layout=""
    [ "$name" = butterfly ] && layout="--layout butterfly"
    # CPU time of each run from the children's resource usage (microseconds, unlike time(1)).
    python3 - "$binary" "$fixture" "$reps" $layout <<'PY' | xargs printf '%-22s %10s\n' "$name"
import resource, statistics, subprocess, sys
binary, fixture, reps, extra = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
times = []
for _ in range(reps):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(["taskset", "-c", "0", binary, "explain", fixture, *extra],
                   stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    times.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print(f"{statistics.median(times):.1f}")
PY
done

variants=$here/../shared/datasets/variants
[ -d "$variants" ] || { echo "(../shared is missing: no collections timed)"; exit 0; }
echo
printf '%-24s %8s %10s %10s %8s\n' collection puzzles "median ms" "max ms" "logic"
for file in "$variants"/{Samurai,Butterfly,Windmill,Sohei,Gattai8,Sumo,Shogun}Sudoku.json; do
    name=$(basename "$file" .json)
    layout=()
    [ "$name" = ButterflySudoku ] && layout=(--layout butterfly)
    python3 -c 'import json, sys
data = json.load(open(sys.argv[1]))["data"]
print("\n".join(data[k]["problem"].strip() for k in sorted(data)))' "$file" >"$scratch/$name.txt"
    taskset -c 0 "$binary" batch "$scratch/$name.txt" --jobs 1 --format jsonl -o - "${layout[@]}" \
        2>/dev/null | python3 -c 'import json, sys
rows = [json.loads(line) for line in sys.stdin]
times = sorted(r["microseconds"] / 1000 for r in rows)
logic = sum(1 for r in rows if r["logic_only"])
print(f"{sys.argv[1]:<24} {len(rows):>8} {times[len(times) // 2]:>10.1f} {times[-1]:>10.1f} {logic:>8}")' "$name"
done
