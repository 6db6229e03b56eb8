#!/usr/bin/env bash
# Speed of the full logical solve (`batch`: techniques simplest first, backtracking when stuck) on
# fixed samples of ../shared/datasets, single thread, in puzzles per second; with two binaries,
# both side by side in one run, interleaved, and the ratio.
#
#   benches/engine-samples.sh NEW [OLD] [REPETITIONS]
#
# Each figure is the median user CPU time of REPETITIONS runs (3 by default), each pinned to one
# core (`taskset -c 0`) with one rayon thread. Samples: magictour top1465 every 15th puzzle,
# 17-clue every 50th, forum hardest 1106 every 5th, janko's 16x16 (all 62), janko's 9x9 jigsaw.
set -euo pipefail

new=${1:?usage: engine-samples.sh NEW [OLD] [REPETITIONS]}
old=${2:-}
reps=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../../shared/datasets"
[ -d "$data" ] || { echo "no datasets at $data" >&2; exit 2; }

samples=$(mktemp -d)
trap 'rm -rf "$samples"' EXIT
awk 'NR % 15 == 1' "$data/9x9/magictour_top1465.txt" >"$samples/top1465-every-15th.txt"
awk 'NR % 50 == 1' "$data/9x9/sudoku17_49158.txt" >"$samples/17-clue-every-50th.txt"
awk 'NR % 5 == 1' "$data/9x9/forum_hardest_1106.txt" >"$samples/forum-hardest-every-5th.txt"
cp "$data/16x16/janko_16x16_62.txt" "$samples/janko-16x16.txt"
grep '^9 ' "$data/jigsaw/janko_chaos_unique_333.txt" >"$samples/janko-jigsaw-9x9.txt"

# The user CPU seconds of one run of binary $1 on file $2.
seconds() {
    local out="$samples/out.csv"
    rm -f "$out"
    RAYON_NUM_THREADS=1 /usr/bin/time -f %U -o "$samples/time" taskset -c 0 "$1" batch "$2" -o "$out" 2>/dev/null
    cat "$samples/time"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

if [ -n "$old" ]; then
    printf '%-28s %7s %12s %12s %8s\n' sample puzzles "old puz/s" "new puz/s" ratio
else
    printf '%-28s %7s %12s\n' sample puzzles "puz/s"
fi
for file in "$samples"/*.txt; do
    name=$(basename "$file" .txt)
    count=$(wc -l <"$file")
    : >"$samples/new.t"
    : >"$samples/old.t"
    for _ in $(seq "$reps"); do
        [ -n "$old" ] && seconds "$old" "$file" >>"$samples/old.t"
        seconds "$new" "$file" >>"$samples/new.t"
    done
    new_s=$(median <"$samples/new.t")
    if [ -n "$old" ]; then
        old_s=$(median <"$samples/old.t")
        awk -v n="$name" -v c="$count" -v o="$old_s" -v s="$new_s" 'BEGIN {
            o = (o > 0 ? o : 0.005); s = (s > 0 ? s : 0.005);
            printf "%-28s %7d %12.1f %12.1f %7.2fx\n", n, c, c / o, c / s, o / s }'
    else
        awk -v n="$name" -v c="$count" -v s="$new_s" 'BEGIN {
            s = (s > 0 ? s : 0.005); printf "%-28s %7d %12.1f\n", n, c, c / s }'
    fi
done
