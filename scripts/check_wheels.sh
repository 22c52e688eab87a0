#!/usr/bin/env bash
# check_wheels.sh [PYTHON ...] [-- PYTEST-ARG ...]: checks each interpreter's wheel in dist/ (DIST_DIR
# overrides), as built by build_wheels.sh: prints what `auditwheel show` says of it, then check_dist.sh proves
# libsodium comes from inside the wheel (readelf, ldd, the mapped libraries, sodium_version(), the self-check
# with the system libsodium hidden) and runs the whole suite against it in a fresh virtualenv of that
# interpreter. PYTHON as in build_wheels.sh (none: every CPython 3.10-3.13 pyenv has); a missing wheel is an
# error.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
parse_args "$@"
out="${DIST_DIR:-$repo/dist}"
export PATH="$(dirname "$(tools_python)"):$PATH"

for python in $INTERPRETERS; do
    tag="$("$python" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')"
    wheels=("$out"/pyristretto-*-"$tag-$tag"-manylinux*.whl)
    [[ ${#wheels[@]} -eq 1 && -f "${wheels[0]}" ]] \
        || { echo "error: expected one $tag manylinux wheel in $out (run build_wheels.sh), found: ${wheels[*]}" >&2; exit 1; }
    echo "== $(basename "${wheels[0]}") ($(du -h "${wheels[0]}" | cut -f1)) on $("$python" -V)"
    auditwheel show "${wheels[0]}" 2>&1 | tr '\n' ' ' | grep -o 'is consistent with the following platform tag: "[^"]*"'
    "$(tools_python)" - "${wheels[0]}" <<'PY'  # libsodium's licence travels with the copy of libsodium
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
libs = [n for n in names if n.startswith("pyristretto.libs/")]
assert any(n.startswith("pyristretto.libs/libsodium-") for n in libs), libs
assert "pyristretto.libs/libsodium.LICENSE" in libs, f"no libsodium licence beside the library: {libs}"
print("libsodium and its licence are in pyristretto.libs/")
PY
    start=$SECONDS
    PYTHON="$python" "$repo/scripts/check_dist.sh" "${wheels[0]}" "${PYTEST_ARGS[@]}"
    echo "== $tag wheel checked in $((SECONDS - start)) s"
done
