#!/usr/bin/env bash
# libFuzzer on the C++ core, coverage-guided (clang -fsanitize=fuzzer instruments the core itself) with ASan and
# UBSan: the harnesses of cpp/fuzz compare the decoder, the one-way map and the scalar entry points with libsodium.
#
#   scripts/libfuzzer.sh [SECONDS] [HARNESS...]     # each harness (default: all) for SECONDS (default 30)
#   FUZZ_BACKENDS="portable ifma" scripts/libfuzzer.sh  # SECONDS on each backend in turn (PYRISTRETTO_BACKEND)
#   scripts/libfuzzer.sh --coverage [HARNESS...]    # line coverage of cpp/src reached by the saved corpora
#
# Needs clang++ (Debian: clang and libclang-rt-14-dev, installed by scripts/setup.sh) and libsodium. Seeds: the
# files of tests/fuzz/corpus (read only); what a run learns is kept in $FUZZ_DIR/corpus-<harness> (default
# build/libfuzzer, reused by the next run), findings are written as $FUZZ_DIR/crash-<sha1> and stop the script
# with a non-zero status. Replay one: $FUZZ_DIR/fuzz_msm $FUZZ_DIR/crash-<sha1>. Extra libFuzzer flags:
# LIBFUZZER_FLAGS="-jobs=2 -workers=2".
set -euo pipefail
cd "$(dirname "$0")/.."

CXX="${CXX_FUZZ:-clang++}"
FUZZ_DIR="${FUZZ_DIR:-build/libfuzzer}"
ALL=(fuzz_decode fuzz_from_uniform fuzz_msm)
coverage=0
if [ "${1:-}" = "--coverage" ]; then coverage=1; shift; fi
seconds=30
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds="$1"; shift; fi
harnesses=("$@")
((${#harnesses[@]})) || harnesses=("${ALL[@]}")
command -v "$CXX" >/dev/null || { echo "libfuzzer.sh: $CXX not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }

# The core's sources, as setup.py lists them.
mapfile -t sources < <(python3 -c '
import ast, sys
tree = ast.parse(open("setup.py").read())
for node in tree.body:
    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CPP_SOURCES":
        print("\n".join(f"cpp/src/{name}.cpp" for name in ast.literal_eval(node.value)))')
((${#sources[@]})) || { echo "libfuzzer.sh: no CPP_SOURCES in setup.py" >&2; exit 1; }
sodium_flags=$(pkg-config --cflags --libs libsodium 2>/dev/null || echo -lsodium)
mkdir -p "$FUZZ_DIR"

# The core's objects are compiled once per flag set, the files side by side on every CPU (the AVX-512 ones, the
# slowest, first), with libFuzzer's instrumentation but not its main; each harness then links them. The vector
# backends' files (ifma/, avx2/) take ASan without UBSan: clang 14's UBSan at -O1 takes about a minute on each
# (ifma/encode.cpp: 59 s, against 1.6 s for ASan alone), and scripts/sanitize.sh's g++ build runs UBSan on them.
compile_core() {  # compile_core TAG FLAGS... -> the objects in $FUZZ_DIR/core-TAG
    local dir="$FUZZ_DIR/core-$1" src; shift
    rm -rf "$dir" && mkdir -p "$dir"
    for src in $(printf '%s\n' "${sources[@]}" | grep /ifma/) $(printf '%s\n' "${sources[@]}" | grep -v /ifma/); do
        while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n; done  # a failed compile stops the script (set -e)
        local flags=("$@")
        [[ "$src" == */ifma/* || "$src" == */avx2/* ]] &&
            flags=("${flags[@]/#-fsanitize=address,undefined/-fsanitize=address}")
        "$CXX" -std=c++17 -g -O1 "${flags[@]}" -Icpp/include -c "$src" -o "$dir/$(echo "${src#cpp/src/}" | tr / _ | sed 's/\.cpp$/.o/')" &
    done
    while (($(jobs -rp | wc -l))); do wait -n; done
}
build_as() {  # build_as HARNESS OUTPUT TAG FLAGS... -> $FUZZ_DIR/OUTPUT, linked with $FUZZ_DIR/core-TAG
    local name="$1" out="$2" tag="$3"; shift 3
    # shellcheck disable=SC2086
    "$CXX" -std=c++17 -g -O1 "$@" -Icpp/include "cpp/fuzz/$name.cpp" "$FUZZ_DIR/core-$tag"/*.o $sodium_flags \
        -lpthread -o "$FUZZ_DIR/$out"
}

if ((coverage)); then
    # Source-based coverage of the saved corpora (run the fuzzers first): one report for all harnesses.
    profdata=$(command -v llvm-profdata-14 || command -v llvm-profdata)
    cov=$(command -v llvm-cov-14 || command -v llvm-cov)
    objects=()
    compile_core cov -fsanitize=fuzzer-no-link -fprofile-instr-generate -fcoverage-mapping
    for h in "${harnesses[@]}"; do
        build_as "$h" "$h-cov" cov -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping
        LLVM_PROFILE_FILE="$FUZZ_DIR/$h.profraw" "$FUZZ_DIR/$h-cov" -runs=0 "$FUZZ_DIR/corpus-$h" tests/fuzz/corpus \
            >/dev/null 2>&1
        objects+=(-object "$FUZZ_DIR/$h-cov")
    done
    "$profdata" merge -sparse "$FUZZ_DIR"/*.profraw -o "$FUZZ_DIR/all.profdata"
    "$cov" report "${objects[@]:1}" -instr-profile="$FUZZ_DIR/all.profdata" "${sources[@]}"
    exit 0
fi

sanitizers=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
echo "== the core: building"
compile_core asan -fsanitize=fuzzer-no-link "${sanitizers[@]}"
for h in "${harnesses[@]}"; do
    echo "== $h: building"
    build_as "$h" "$h" asan -fsanitize=fuzzer "${sanitizers[@]}"
    mkdir -p "$FUZZ_DIR/corpus-$h"
    max_len=512
    [ "$h" = fuzz_msm ] && max_len=$((2 + 15 * 64))  # room for 15 (scalar, point) pairs
    for backend in ${FUZZ_BACKENDS:-${PYRISTRETTO_BACKEND:-auto}}; do
        echo "== $h: $seconds s, PYRISTRETTO_BACKEND=$backend"
        log="$FUZZ_DIR/$h-$backend.log"
        status=0
        # shellcheck disable=SC2086
        PYRISTRETTO_BACKEND="$backend" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
            UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
            "$FUZZ_DIR/$h" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 \
            -artifact_prefix="$FUZZ_DIR/" ${LIBFUZZER_FLAGS:-} "$FUZZ_DIR/corpus-$h" tests/fuzz/corpus >"$log" 2>&1 \
            || status=$?
        grep -E "INITED|DONE|stat::number_of_executed_units|stat::average_exec_per_sec|FINDING|ERROR|SUMMARY|runtime error|Test unit written" "$log" || true
        if ((status)); then
            tail -40 "$log" >&2
            echo "libfuzzer.sh: $h found a problem on the $backend backend (exit $status; full log $log, input in $FUZZ_DIR/)" >&2
            exit 1
        fi
    done
done
