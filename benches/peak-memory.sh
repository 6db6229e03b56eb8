#!/usr/bin/env bash
# Peak memory of `batch` on one file, single thread, for one or more binaries, each run once:
#
#   benches/peak-memory.sh FILE BINARY...
#
# Prints two figures per binary: the peak resident set (`/usr/bin/time`'s maximum RSS), which
# also counts the pages of the program's own code and of the shared libraries it touches, so
# it grows with the size of the binary; and the peak of the process's anonymous memory (its
# heap and stacks: what the solving allocates), read from /proc/PID/smaps_rollup every 5 ms.
set -euo pipefail

file=${1:?usage: peak-memory.sh FILE BINARY...}
shift
[ $# -gt 0 ] || { echo "usage: peak-memory.sh FILE BINARY..." >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-40s %14s %20s\n' binary "peak RSS (kB)" "peak anonymous (kB)"
for binary in "$@"; do
    rm -f "$scratch/out.csv"
    RAYON_NUM_THREADS=1 /usr/bin/time -f %M -o "$scratch/rss" \
        "$binary" batch "$file" -o "$scratch/out.csv" 2>/dev/null &
    runner=$!
    peak=0
    while kill -0 "$runner" 2>/dev/null; do
        for pid in $(pgrep -P "$runner" 2>/dev/null); do
            kb=$(awk '/^Anonymous:/ { print $2 }' "/proc/$pid/smaps_rollup" 2>/dev/null || true)
            if [ -n "$kb" ] && [ "$kb" -gt "$peak" ]; then peak=$kb; fi
        done
        sleep 0.005
    done
    wait "$runner" || true
    printf '%-40s %14s %20s\n' "$binary" "$(cat "$scratch/rss")" "$peak"
done
