#!/usr/bin/env bash
# check_wheels.sh [PYTHON ...] [-- PYTEST-ARG ...]: checks the wheels in dist/ (DIST_DIR overrides), as built by
# build_wheels.sh. For each interpreter's x86_64 wheel:
#   - the policy: `auditwheel show` finds it consistent with manylinux_2_17_x86_64, and the file name carries the
#     manylinux_2_17_x86_64 and manylinux2014_x86_64 tags;
#   - the files: libsodium's ISC licence (the 1.0.20 tree's LICENSE) as pyristretto/libsodium.LICENSE, ours (MIT)
#     in the dist-info (PEP 639), and no pyristretto.libs/ (no shared library is carried);
#   - check_dist.sh, in a fresh virtualenv of that interpreter: check_bundled_sodium.py (NEEDED, symbol versions,
#     exports of every module, sodium_version() 1.0.20), check_with_pynacl.py (PyNaCl and pyristretto in one
#     process), the self-check with the system libsodium hidden, and the whole suite (PYTEST-ARGs narrow it). A
#     Debian interpreter (3.14 and 3.15 from sid, where pyenv lacks them) runs all of it in its amd64 root file
#     system, natively with chroot (scripts/debian_root.sh), with that root's libsodium as the system one.
# PYTHON as in build_wheels.sh (none: every CPython 3.10-3.15, pyenv's or else Debian's); a missing wheel is an
# error.
# ARCHS="x86_64 aarch64" (the default: x86_64 alone) also checks each aarch64 wheel in dist/ (of the PYTHONs' minor
# versions when some are named), under qemu-user with Debian's arm64 CPython of its minor version
# (check_wheel_aarch64.sh: the same checks but PyNaCl's, and the aarch64 subset of the suite; PYTEST-ARGs are not
# passed there).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
parse_args "$@"
out="${DIST_DIR:-$repo/dist}"
archs="${ARCHS:-x86_64}"
export PATH="$(dirname "$(tools_python)"):$PATH"

# check_files WHEEL ARCH: the policy auditwheel reports and the licence files.
check_files() {
    local policy="manylinux_2_17_$2" show
    show="$(mktemp)"  # not in $out: checks of the two architectures may run side by side
    auditwheel show "$1" >"$show" 2>&1 || { cat "$show"; rm -f "$show"; exit 1; }
    tr '\n' ' ' <"$show" | grep -q "consistent with the following platform tag: \"$policy\"" \
        || { cat "$show"; rm -f "$show"; echo "error: $1 is not $policy" >&2; exit 1; }
    rm -f "$show"
    [[ "$(basename "$1")" == *"$policy"* && "$(basename "$1")" == *"manylinux2014_$2"* ]] \
        || { echo "error: $1 is not tagged $policy and manylinux2014_$2" >&2; exit 1; }
    echo "auditwheel show: consistent with \"$policy\""
    "$(tools_python)" - "$1" <<'PY'
import sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
names = wheel.namelist()
assert not [n for n in names if n.startswith("pyristretto.libs/")], "a shared library is carried: pyristretto.libs/"
sodium = wheel.read("pyristretto/libsodium.LICENSE").decode()
assert "ISC License" in sodium and "Frank Denis" in sodium, "pyristretto/libsodium.LICENSE is not libsodium's ISC licence"
ours = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
assert len(ours) == 1 and wheel.read(ours[0]).decode().startswith("MIT License"), f"no MIT LICENSE: {ours}"
metadata = wheel.read(ours[0].replace("licenses/LICENSE", "METADATA")).decode()
assert "License-Expression: MIT" in metadata.splitlines(), "METADATA does not name the MIT licence"
print(f"licences: libsodium's (ISC) in pyristretto/libsodium.LICENSE, ours (MIT) in {ours[0]}")
PY
}

if [[ " $archs " == *" x86_64 "* ]]; then
    for python in $INTERPRETERS; do
        tag="cp$(python_minor "$python" | tr -d .)"
        wheels=("$out"/pyristretto-*-"$tag-$tag"-*x86_64.whl)
        [[ ${#wheels[@]} -eq 1 && -f "${wheels[0]}" ]] \
            || { echo "error: expected one $tag x86_64 wheel in $out (run build_wheels.sh), found: ${wheels[*]}" >&2; exit 1; }
        echo "== $(basename "${wheels[0]}") ($(du -h "${wheels[0]}" | cut -f1)) on $(with_python "$python" -- \
            bash -c '"$PYTHON" -V') ($python)"
        start=$SECONDS
        check_files "${wheels[0]}" x86_64
        with_python "$python" "$out" -- "$repo/scripts/check_dist.sh" "$(realpath "${wheels[0]}")" "${PYTEST_ARGS[@]}"
        echo "== $tag x86_64 wheel checked in $((SECONDS - start)) s"
    done
fi

if [[ " $archs " == *" aarch64 "* ]]; then
    wheels=()
    if ((PYTHONS_NAMED == 0)); then  # every aarch64 wheel there is
        wheels=("$out"/pyristretto-*-*aarch64.whl)
        [[ -f "${wheels[0]}" ]] || { echo "error: no aarch64 wheel in $out (run build_wheels.sh)" >&2; exit 1; }
    else
        for python in $INTERPRETERS; do
            tag="cp$(python_minor "$python" | tr -d .)"
            found=("$out"/pyristretto-*-"$tag-$tag"-*aarch64.whl)
            [[ -f "${found[0]}" ]] || { echo "error: no $tag aarch64 wheel in $out (run build_wheels.sh)" >&2; exit 1; }
            wheels+=("${found[@]}")
        done
    fi
    for wheel in "${wheels[@]}"; do
        echo "== $(basename "$wheel") ($(du -h "$wheel" | cut -f1)) under qemu-user"
        start=$SECONDS
        check_files "$wheel" aarch64
        "$repo/scripts/check_wheel_aarch64.sh" "$wheel"
        echo "== $(basename "$wheel") checked in $((SECONDS - start)) s"
    done
fi
