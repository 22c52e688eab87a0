#!/usr/bin/env bash
# check_wheel_aarch64.sh WHEEL [TEST-FILE ...]: tests an aarch64 wheel for real, with Debian's arm64 CPython of the
# wheel's minor version (bookworm's 3.11, trixie's 3.13, sid's 3.14 and 3.15) run by qemu-user (qemu-aarch64-static
# -L ROOT: the guest's absolute paths are looked up in the arm64 root file system of scripts/debian_root.sh first,
# then on the host, so the host's checkout and temporary files are reachable). qemu-user-static is installed if
# missing.
#   - install: pip puts the wheel into a private directory only if its tags suit CPython 3.X on
#     manylinux_2_17_aarch64 (--platform/--abi/--python-version: the checks pip makes on the target), beside
#     pysodium (pure Python, from PyPI: Debian 12's 0.7.0 lacks the ristretto255 calls); the guest interpreter
#     gets that directory on PYTHONPATH (the root file system has no pip and no venv: see debian_root.sh);
#   - check_bundled_sodium.py in the guest (the modules need glibc only, <= 2.17, export PyInit_* alone; no
#     libsodium mapped; sodium_version() 1.0.20), then the self-check (RFC 9496 vectors);
#   - the aarch64 subset of the suite: the vectors, the object layer, and differential tests against the arm64
#     libsodium of the root (Debian's libsodium23, 1.0.18; sid's libsodium26, 1.0.22; through pysodium), with
#     PYRISTRETTO_DIFF_CASES random cases
#     (default 200 here: qemu runs the code some 10-30 times slower). TEST-FILEs replace the default files.
# The guest cannot start an arm64 program itself (no binfmt_misc registration: see debian_root.sh), so tests that
# start a Python subprocess are deselected ("subprocess" in their name or a `run_module` helper).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
wheel="$(realpath "${1:?usage: check_wheel_aarch64.sh WHEEL [TEST-FILE ...]}")"
shift
tests=("$@")
((${#tests[@]})) || tests=(tests/test_vectors.py tests/test_point.py tests/test_functional_points.py tests/test_functional_scalars.py tests/test_msm.py
                        tests/test_hashing.py)
command -v qemu-aarch64-static >/dev/null || apt_install qemu-user-static
tools="$(tools_python)"
minor="$(basename "$wheel" | sed -n 's/^pyristretto-[^-]*-cp3\([0-9]*\)-.*/3.\1/p')"
suite="$(debian_suite "$minor")"
[[ -n "$suite" ]] || { echo "error: Debian has no arm64 CPython $minor to test $wheel with" >&2; exit 1; }
root="$("$repo/scripts/debian_root.sh" "$suite" arm64)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[[ -x "$root/usr/bin/python$minor" ]] || { echo "error: no arm64 CPython $minor in $root" >&2; exit 1; }
"$tools" -m pip install -q --no-deps --target "$work/site" --only-binary :all: --implementation cp \
    --python-version "$minor" --abi "cp${minor/./}" --platform manylinux_2_17_aarch64 "$wheel"
"$tools" -m pip install -q --no-deps --target "$work/site" "pysodium>=0.7.10"
# pysodium loads ctypes.util.find_library("sodium"), which cannot ask the root's ldconfig (an arm64 program the
# guest cannot start) and falls back to the host's compiler: it would name the host's libsodium, whose soname need
# not be the root's (sid has libsodium.so.26). A sitecustomize in the private site directory names the root's.
sodium="$(cd "$root/usr/lib/aarch64-linux-gnu" && ls libsodium.so.* | grep -xE 'libsodium\.so\.[0-9]+')"
cat >"$work/site/sitecustomize.py" <<PY
"""Written by check_wheel_aarch64.sh: the arm64 root's libsodium for pysodium (see there)."""
import ctypes.util

_find_library = ctypes.util.find_library
ctypes.util.find_library = lambda name: "$sodium" if name in ("sodium", "libsodium") else _find_library(name)
PY

# guest CMD...: runs the arm64 CPython; numpy's BLAS and LAPACK through LD_LIBRARY_PATH (no alternatives links).
guest() {
    (cd "$work" && env LD_LIBRARY_PATH=/usr/lib/aarch64-linux-gnu/blas:/usr/lib/aarch64-linux-gnu/lapack \
        PYTHONPATH="$work/site" PYRISTRETTO_DIFF_CASES="${PYRISTRETTO_DIFF_CASES:-200}" \
        qemu-aarch64-static -L "$root" "$root/usr/bin/python$minor" "$@")
}

guest - "$work/site" <<'PY'
import platform, sys, pyristretto
assert platform.machine() == "aarch64", platform.machine()
assert pyristretto.__file__.startswith(sys.argv[1] + "/"), f"not the installed copy: {pyristretto.__file__}"
print(f"testing {pyristretto.__file__} on {platform.machine()} (Python {sys.version.split()[0]}, "
      f"libsodium {pyristretto.sodium_version()}, backend {pyristretto.backend()})")
assert pyristretto.backend() == "portable"
PY
guest "$repo/scripts/check_bundled_sodium.py"
guest -c 'import sys; from pyristretto.__main__ import self_check; sys.exit(0 if self_check() else 1)' | grep -x PASS
(cd "$repo" && realpath "${tests[@]}") >"$work/tests.txt"
mapfile -t paths <"$work/tests.txt"
guest -m pytest -p no:cacheprovider -q -x "${paths[@]}" -k "not subprocess and not run_module"
