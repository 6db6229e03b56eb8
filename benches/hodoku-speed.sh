#!/usr/bin/env bash
# gridlogic's `batch` beside HoDoKu 2.2.0's batch mode (`/bs`), single thread, CPU time, in one
# run: for each file, REPS rounds, each round timing the jar, then gridlogic's default, then
# `--rating gridlogic` and `--rating hodoku`, one after another on one core (taskset -c 0), so
# that a machine's drift touches them alike. Prints each command's median user+system seconds
# and HoDoKu's median over gridlogic's.
#
#   HODOKU_JAR=/path/to/hodoku.jar [BASELINE=/path/to/old/gridlogic] benches/hodoku-speed.sh BINARY REPS FILE...
#
# With BASELINE, each round also times that binary's `--rating gridlogic` (an earlier engine,
# built from an older commit), and the last column is the default's time over it: issue 49 asks
# the default to cost at most 1.15 times what `--rating gridlogic` cost when it was filed.
#
# Name each FILE by a relative path (run from its folder): HoDoKu reads an argument starting
# with / as an option, and then rates nothing (its time is then well under a second).
#
# HoDoKu is GPL-3 and is never part of gridlogic: build or fetch its jar outside the repository
# (see ../shared/datasets/README.md) and name it in HODOKU_JAR. Its JVM start is counted, as a
# user pays it. The figures of docs/src/ratings.md come from this script.
set -euo pipefail

binary=${1:?usage: HODOKU_JAR=… hodoku-speed.sh BINARY REPS FILE...}
reps=${2:?usage: HODOKU_JAR=… hodoku-speed.sh BINARY REPS FILE...}
shift 2
jar=${HODOKU_JAR:?name the HoDoKu 2.2.0 jar in HODOKU_JAR}
[ $# -gt 0 ] || { echo "usage: HODOKU_JAR=… hodoku-speed.sh BINARY REPS FILE..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The CPU seconds (user + system) of one command, pinned to core 0.
cpu() {
    /usr/bin/time -f '%U %S' -o "$work/time" taskset -c 0 "$@" >/dev/null 2>&1 || true
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/time"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

baseline=${BASELINE:-}
printf '%-28s %8s %10s %10s %10s %10s %8s %8s %8s' file puzzles hodoku default gridlogic \
    "r-hodoku" ratio "ratio-g" "ratio-h"
[ -z "$baseline" ] || printf ' %10s %8s' "base-g" "def/base"
printf '\n'
for file in "$@"; do
    : >"$work/jar" >"$work/default" >"$work/gridlogic" >"$work/hodoku" >"$work/baseline"
    for _ in $(seq "$reps"); do
        cpu java -Djava.io.tmpdir="$work" -jar "$jar" /bs "$file" /o "$work/hodoku.txt" >>"$work/jar"
        cpu env RAYON_NUM_THREADS=1 "$binary" batch "$file" -o "$work/out.csv" --force >>"$work/default"
        cpu env RAYON_NUM_THREADS=1 "$binary" batch "$file" -o "$work/out.csv" --force \
            --rating gridlogic >>"$work/gridlogic"
        cpu env RAYON_NUM_THREADS=1 "$binary" batch "$file" -o "$work/out.csv" --force \
            --rating hodoku >>"$work/hodoku"
        if [ -n "$baseline" ]; then
            cpu env RAYON_NUM_THREADS=1 "$baseline" batch "$file" -o "$work/out.csv" --force \
                --rating gridlogic >>"$work/baseline"
        fi
    done
    jar_s=$(median <"$work/jar")
    default_s=$(median <"$work/default")
    gridlogic_s=$(median <"$work/gridlogic")
    hodoku_s=$(median <"$work/hodoku")
    printf '%-28s %8d %10s %10s %10s %10s %8.1f %8.1f %8.1f' "$(basename "$file")" \
        "$(grep -c . "$file")" "$jar_s" "$default_s" "$gridlogic_s" "$hodoku_s" \
        "$(echo "$jar_s / $default_s" | bc -l)" "$(echo "$jar_s / $gridlogic_s" | bc -l)" \
        "$(echo "$jar_s / $hodoku_s" | bc -l)"
    if [ -n "$baseline" ]; then
        baseline_s=$(median <"$work/baseline")
        printf ' %10s %8.2f' "$baseline_s" "$(echo "$default_s / $baseline_s" | bc -l)"
    fi
    printf '\n'
done
