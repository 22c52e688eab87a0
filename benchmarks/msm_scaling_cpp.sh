#!/usr/bin/env bash
# MSM scaling of the C++ core, n = 2^10 .. 2^MAX: µs per point (wall and CPU of all threads, best of a few calls)
# and peak extra memory (VmHWM growth during the calls) of msm_vartime (or FN), one fresh process per size
# (cpp/tests/bench_msm.cpp, mode "scaling"). With a git revision, the same bench_msm.cpp is also built against
# that revision's core (extracted to a temporary directory, not kept) and the two run interleaved, size by size.
#
#   benchmarks/msm_scaling_cpp.sh [REV] [FN] [MAX] [THREADS]    e.g.  benchmarks/msm_scaling_cpp.sh main msm_vartime 22
#
# THREADS as for set_msm_max_threads (default 0: one per hardware thread). Minutes at MAX = 22; run it in the
# background on a shared machine. The Python-level figures (with the wrapper's argument copies) come from
# `python -m pyristretto bench --scaling`.
set -euo pipefail
cd "$(dirname "$0")/.."
REV="${1:-}"
FN="${2:-msm_vartime}"
MAX="${3:-22}"
THREADS="${4:-0}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

build() {  # build <root of a source tree> <output>
    g++ -O3 -std=c++17 -I"$1/cpp/include" cpp/tests/bench_msm.cpp "$1"/cpp/src/*.cpp "$1"/cpp/src/*/*.cpp -lsodium -lpthread -o "$2"
}
build . "$TMP/new"
labels=(new)
if [ -n "$REV" ]; then
    mkdir "$TMP/old"
    git archive "$REV" cpp | tar -x -C "$TMP/old"
    build "$TMP/old" "$TMP/old_bench"
    labels=(new "$REV")
fi

printf '%-6s' "n"
for l in "${labels[@]}"; do printf ' | %12s %9s %9s' "$l us/pt" "CPU us/pt" "extra MiB"; done
[ -n "$REV" ] && printf ' | %7s' "speedup"
printf '\n'
for k in $(seq 10 "$MAX"); do
    n=$((1 << k))
    reps=$(( k <= 14 ? 5 : k <= 18 ? 3 : 2 ))
    printf '2^%-4s' "$k"
    read -r _ _ wn cn mn _ < <("$TMP/new" scaling "$FN" "$n" "$reps" "$THREADS")
    printf ' | %12s %9s %9s' "$wn" "$cn" "$mn"
    if [ -n "$REV" ]; then
        read -r _ _ wo co mo _ < <("$TMP/old_bench" scaling "$FN" "$n" "$reps" "$THREADS")
        printf ' | %12s %9s %9s | %6sx' "$wo" "$co" "$mo" "$(awk "BEGIN { printf \"%.2f\", $wo / $wn }")"
    fi
    printf '\n'
done
