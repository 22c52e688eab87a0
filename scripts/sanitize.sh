#!/usr/bin/env bash
# Builds the extension with AddressSanitizer + UndefinedBehaviorSanitizer (PYRISTRETTO_SANITIZE=address,undefined,
# see setup.py) in a temporary copy of the source tree -- the normal in-place build is left alone -- and runs
# the whole test suite on that build, with gcc's libasan preloaded into the (uninstrumented) interpreter.
# Exits non-zero if the tests fail or any sanitizer report is written (by pytest or by any subprocess).
#
#   scripts/sanitize.sh                 # the whole suite
#   scripts/sanitize.sh -x -k msm       # extra arguments go to pytest
#   KEEP=1 scripts/sanitize.sh          # keep the build directory (printed) for inspection
#   SANITIZE_BACKENDS="portable ifma" scripts/sanitize.sh   # the suite on each backend, one build
#   SANITIZE_ARGS_portable="tests/test_msm.py" SANITIZE_BACKENDS="ifma portable" scripts/sanitize.sh
#                                       # SANITIZE_ARGS_<backend>, when set, replaces the pytest arguments there
# PYRISTRETTO_DIFF_CASES (tests/helpers/reference.py) sets the differential cases per operation (default 10000),
# PYRISTRETTO_LEAK_CALLS the calls per function in tests/test_leaks.py (default here 10000).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${PYTHON:-$( [ -x "$repo/.venv/bin/python" ] && echo "$repo/.venv/bin/python" || echo python3)}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/pyristretto-sanitize.XXXXXX")"
if [ -n "${KEEP:-}" ]; then echo "build directory: $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
work="$tmp/src"
mkdir -p "$work"

libasan="$(gcc -print-file-name=libasan.so)"
libubsan="$(gcc -print-file-name=libubsan.so)"
# libstdc++ is preloaded too: the interpreter does not link it, and ASan's __cxa_throw interceptor aborts
# ("real___cxa_throw != 0") when a C++ extension loaded later (matplotlib's ft2font, ...) throws.
libstdcxx="$(g++ -print-file-name=libstdc++.so.6)"
for lib in "$libasan" "$libubsan" "$libstdcxx"; do
    [ -f "$lib" ] || { echo "sanitize.sh: $lib not found (install gcc's libasan/libubsan)" >&2; exit 2; }
done

# A copy of the working tree (tracked and untracked files) without build products or the virtualenv.
tar -C "$repo" --exclude=./.git --exclude=./.venv --exclude=./build --exclude=./dist --exclude='*.so' \
    --exclude=./pyristretto/_core.cpp --exclude=./pyristretto/_objects.cpp --exclude=__pycache__ \
    --exclude=.pytest_cache --exclude='*.egg-info' \
    -cf - . | tar -C "$work" -xf -
mkdir -p "$work/logs"

echo "== building with PYRISTRETTO_SANITIZE=address,undefined in $work"
(cd "$work" && PYRISTRETTO_SANITIZE=address,undefined "$PYTHON" setup.py -q build_ext --inplace >"$work/logs/build.txt" 2>&1) \
    || { cat "$work/logs/build.txt"; exit 1; }
# grep without -q reads all of ldd's output: with -q it may exit first, and ldd's SIGPIPE fails the pipeline.
for so in "$work"/pyristretto/_core*.so "$work"/pyristretto/_objects*.so; do
    ldd "$so" | grep libasan >/dev/null || { echo "sanitize.sh: $so is not linked with libasan" >&2; exit 1; }
done
# the tests must import this build, not an installed (or editable) pyristretto
(cd "$work" && LD_PRELOAD="$libasan:$libstdcxx" ASAN_OPTIONS=detect_leaks=0 "$PYTHON" -c \
    'import sys, pyristretto._core as c; sys.exit(0 if c.__file__.startswith(sys.argv[1]) else "imports " + c.__file__)' "$work")

echo "== test suite on the sanitized build"
export LD_PRELOAD="$libasan:$libstdcxx${LD_PRELOAD:+:$LD_PRELOAD}"
# detect_leaks=0: the interpreter itself "leaks" by design (memory leaks are checked by scripts/memcheck.sh).
# Reports go to files so that a report from a subprocess (or one swallowed by a test) is not missed.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1:log_path=$work/logs/asan"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$work/logs/ubsan"
export PYRISTRETTO_SANITIZED=1   # lets tests skip what a sanitizer makes meaningless (RSS bounds, speedups)
# tests/test_leaks.py: the memory bounds are for the normal build; here its calls only exercise the paths
export PYRISTRETTO_LEAK_CALLS="${PYRISTRETTO_LEAK_CALLS:-10000}"
status=0
# --capture=sys: pytest must not capture file descriptor 2, or a report written to stderr by a dying process
# (UBSan's, even with log_path) is lost with pytest's capture file. SANITIZE_BACKENDS="portable ifma" runs the
# suite once per backend (PYRISTRETTO_BACKEND) on the one build; default: the backend the environment selects.
for backend in ${SANITIZE_BACKENDS:-${PYRISTRETTO_BACKEND:-auto}}; do
    echo "== PYRISTRETTO_BACKEND=$backend"
    args=("$@")
    own="SANITIZE_ARGS_$backend"
    if [ -n "${!own:-}" ]; then read -ra args <<<"${!own}"; fi
    (cd "$work" && PYRISTRETTO_BACKEND="$backend" "$PYTHON" -m pytest -p no:cacheprovider -q --capture=sys \
        --ignore=tests/test_constant_time.py "${args[@]}") 2>&1 | tee -a "$work/logs/pytest.txt" || status=${PIPESTATUS[0]}
done
unset LD_PRELOAD

reports=$(find "$work/logs" -name 'asan.*' -o -name 'ubsan.*' | sort)
for r in $reports; do echo "== sanitizer report $r"; cat "$r"; done
pattern='ERROR: (Address|Leak|Memory|Thread)Sanitizer|Sanitizer: CHECK failed|^[^ ]+:[0-9]+:[0-9]+: runtime error:|SUMMARY: [A-Za-z]+Sanitizer'
in_output=$(grep -cE "$pattern" "$work/logs/pytest.txt" || true)
if [ -n "$reports" ] || [ "$in_output" -gt 0 ]; then
    echo "sanitize.sh: FAILED: sanitizer report(s): $(echo "$reports" | grep -c . || true) file(s), $in_output line(s) in the test output" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "sanitize.sh: FAILED: the test suite failed under the sanitizers (exit $status)" >&2
    exit "$status"
fi
echo "sanitize.sh: OK (no sanitizer reports)"
