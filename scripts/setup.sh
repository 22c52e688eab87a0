#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine for pyristretto: the system packages (libsodium with its headers,
# a C++17 compiler, valgrind for the constant-time check), then a virtualenv in .venv with pyristretto
# installed in editable mode and its test and benchmark extras. Safe to run again: a second run with nothing
# changed finishes in seconds. (clang is for the constant-time check, which builds the core with both compilers,
# and with libclang-rt-14-dev's runtimes for libFuzzer, scripts/libfuzzer.sh.) zksk and petlib (the reference of
# tests/protocols/test_sigma_zksk.py) come last, with --no-deps: zksk requires bplib, which does not build against
# OpenSSL 3; libssl-dev is for petlib's build, and their run-time dependencies are in the test extra.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
PYTHON="${PYTHON:-python3}"

packages=(libsodium-dev pkg-config g++ clang valgrind libssl-dev)
command -v "$PYTHON" >/dev/null || packages+=(python3)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if ((${#missing[@]})); then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# libFuzzer's runtime for scripts/libfuzzer.sh: compiler-rt of the installed clang (Debian 12: clang 14,
# libclang-rt-14-dev), where the distribution packages it separately.
clang_major=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n1)
rt="libclang-rt-${clang_major}-dev"
if ! dpkg -s "$rt" >/dev/null 2>&1 && apt-cache show "$rt" >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$rt" >/dev/null
fi

# Debian's own python3 needs its -dev and -venv packages; a python from pyenv or python.org has both.
if ! "$PYTHON" -c 'import sysconfig, os, ensurepip; assert os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-dev python3-venv >/dev/null
fi

[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv

# Incremental: a run with nothing changed since the last one skips pip (a rebuild of the extension takes a minute).
# The stamp is a hash of the interpreter and of every file the build and the installed extras come from (the
# tracked files when this is a git checkout: the C++ core, the Cython sources, setup.py, pyproject.toml, and this
# script, which names the packages installed outside the extras). When something did change, the core's objects of
# an unchanged source set come from .cache/core (setup.py's PYRISTRETTO_CORE_CACHE), so a Cython-only change
# recompiles no C++.
build_inputs() {
    .venv/bin/python -c 'import sys; print(sys.version)'
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -z -- cpp pyristretto setup.py pyproject.toml MANIFEST.in scripts/setup.sh | xargs -0 sha256sum
    else
        find cpp pyristretto setup.py pyproject.toml MANIFEST.in scripts/setup.sh -type f ! -name '*.so' \
            ! -path '*/__pycache__/*' ! -path 'pyristretto/_*.cpp' ! -path 'pyristretto/include/*' -print0 \
            | sort -z | xargs -0 sha256sum
    fi
}
stamp_file=.venv/.pyristretto-build-stamp
stamp="$(build_inputs | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] \
    && .venv/bin/python -c 'import pyristretto, zksk' 2>/dev/null; then
    echo "pyristretto is up to date in .venv ($(.venv/bin/python -c 'import pyristretto; print(pyristretto.__version__)'); nothing changed since the last build)"
    exit 0
fi
export PYRISTRETTO_CORE_CACHE="${PYRISTRETTO_CORE_CACHE:-$PWD/.cache/core}"
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test,bench]"
.venv/bin/python -m pip install -q --no-deps "zksk>=0.0.2" "petlib>=0.0.45"
echo "$stamp" >"$stamp_file"
echo "pyristretto is installed in .venv ($(.venv/bin/python -c 'import pyristretto; print(pyristretto.__version__)'))"
