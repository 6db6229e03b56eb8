#!/usr/bin/env bash
# `--rating se` beside Sudoku Explainer's own `serate` (2022.3.24, the maintained fork of Sudoku
# Explainer 1.2.1; not part of this repository): CPU time of both on the same puzzles, side by
# side in one run, and how many puzzles get the same ER, EP and ED.
#
#   SERATE='java -cp /path/to/SudokuExplainer.jar diuf.sudoku.test.serate' \
#       benches/se-vs-serate.sh BINARY [REPETITIONS] [SET...]
#
# SERATE is the command that runs serate (also accepted as --serate=COMMAND before BINARY); it
# gets `--input=FILE --output=FILE` and must print serate's default format, `PUZZLE
# ED=ER/EP/ED`. SETs: `top95` (norvig top95) and `forum10` (the first 10 puzzles of
# forum_hardest_1106), both by default. Each command runs REPETITIONS times (3 by default),
# serate and gridlogic in turn, each pinned to one core (`taskset -c 0`, one rayon thread);
# each figure is the median of user + system CPU seconds of the whole process (the JVM's
# start-up included, as a user pays it). serate takes about 20 minutes a run on forum10.
set -euo pipefail

if [[ ${1:-} == --serate=* ]]; then
    SERATE=${1#--serate=}
    shift
fi
binary=${1:?usage: SERATE=COMMAND se-vs-serate.sh BINARY [REPETITIONS] [SET...]}
reps=${2:-3}
shift $(($# < 2 ? $# : 2))
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(top95 forum10)
serate=${SERATE:?set SERATE to the command that runs serate}
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../../shared/datasets/9x9"
[ -d "$data" ] || { echo "no datasets at $data" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The puzzles of set $1 into $2.
puzzles() {
    case $1 in
    top95) cp "$data/norvig_top95.txt" "$2" ;;
    forum10) head -n 10 "$data/forum_hardest_1106.txt" >"$2" ;;
    *) echo "unknown set $1 (top95, forum10)" >&2; exit 2 ;;
    esac
}

# Runs the command "$@" pinned to one core; prints its user + system CPU seconds.
cpu() {
    RAYON_NUM_THREADS=1 /usr/bin/time -f '%U %S' -o "$work/time" taskset -c 0 "$@" \
        >/dev/null 2>&1 || true
    awk '{ print $1 + $2 }' "$work/time"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-8s %7s %14s %14s %8s %5s %16s\n' set puzzles "gridlogic s" "serate s" ratio runs "ER/EP/ED equal"
for set in "${sets[@]}"; do
    file="$work/$set.txt"
    puzzles "$set" "$file"
    count=$(wc -l <"$file")
    : >"$work/ours.t"
    : >"$work/theirs.t"
    for _ in $(seq "$reps"); do
        rm -f "$work/serate.txt" "$work/ours.csv"
        # shellcheck disable=SC2086 # SERATE is a command line, split as a shell splits words
        cpu $serate --input="$file" --output="$work/serate.txt" >>"$work/theirs.t"
        cpu "$binary" batch "$file" --rating se -o "$work/ours.csv" >>"$work/ours.t"
    done
    # serate: `PUZZLE ED=ER/EP/ED`; batch: a header naming the columns.
    sed -E 's/ ED=([^/]+)\/([^/]+)\/(.+)$/ \1 \2 \3/' "$work/serate.txt" >"$work/theirs.txt"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
             { print $col["puzzle"], $col["se_er"], $col["se_ep"], $col["se_ed"] }' \
        "$work/ours.csv" >"$work/ours.txt"
    equal=$(awk 'NR == FNR { want[$1] = $2 + 0 " " $3 + 0 " " $4 + 0; next }
                 ($1 in want) && want[$1] == $2 + 0 " " $3 + 0 " " $4 + 0 { n++ }
                 END { print n + 0 }' "$work/theirs.txt" "$work/ours.txt")
    ours=$(median <"$work/ours.t")
    theirs=$(median <"$work/theirs.t")
    awk -v s="$set" -v c="$count" -v o="$ours" -v t="$theirs" -v r="$reps" -v e="$equal" 'BEGIN {
        printf "%-8s %7d %14.2f %14.2f %7.1fx %5d %11d of %d\n", s, c, o, t, t / o, r, e, c }'
done
