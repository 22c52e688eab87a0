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
    # libsodium's licence (ISC) travels with the copy of libsodium, ours (MIT) in the dist-info (PEP 639)
    "$(tools_python)" - "${wheels[0]}" <<'PY'
import sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
names = wheel.namelist()
libs = [n for n in names if n.startswith("pyristretto.libs/")]
assert any(n.startswith("pyristretto.libs/libsodium-") for n in libs), libs
assert "pyristretto.libs/libsodium.LICENSE" in libs, f"no libsodium licence beside the library: {libs}"
assert "ISC" in wheel.read("pyristretto.libs/libsodium.LICENSE").decode(), "libsodium.LICENSE is not its ISC licence"
ours = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
assert len(ours) == 1 and wheel.read(ours[0]).decode().startswith("MIT License"), f"no MIT LICENSE: {ours}"
metadata = wheel.read(ours[0].replace("licenses/LICENSE", "METADATA")).decode()
assert "License-Expression: MIT" in metadata.splitlines(), "METADATA does not name the MIT licence"
print(f"libsodium and its licence are in pyristretto.libs/, ours in {ours[0]}")
PY
    start=$SECONDS
    PYTHON="$python" "$repo/scripts/check_dist.sh" "${wheels[0]}" "${PYTEST_ARGS[@]}"
    echo "== $tag wheel checked in $((SECONDS - start)) s"
done
