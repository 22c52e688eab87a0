#!/usr/bin/env bash
# check_dist.sh FILE [pytest args]: installs a built pyristretto (a wheel, or an sdist that pip builds from
# source) with its test and bench extras (and zksk, as setup.sh installs it) into a fresh virtualenv of $PYTHON
# (default python3), and runs the whole test suite against it from a temporary directory, so the source tree is not on sys.path (tests/ holds
# no package). A wheel is tested with this checkout's tests/; an sdist with the tests it ships, from an
# unpacked copy whose pyristretto/ sources are removed first (so they cannot shadow the installed package).
# For a manylinux wheel it first proves that libsodium comes from inside the wheel, privately:
#   - check_bundled_sodium.py: every extension module's NEEDED (glibc only), glibc symbol versions (<= 2.17) and
#     exports (PyInit_* alone), no libsodium mapped after import, sodium_version() 1.0.20;
#   - check_with_pynacl.py: PyNaCl (its own libsodium) and pyristretto in one process, checked against each other;
#   - the self-check (`python -m pyristretto`: RFC 9496 vectors) passes with the system's libsodium hidden: in a
#     private mount namespace (unshare -m; nothing changes outside it) /dev/null is bind-mounted over the
#     system libsodium file, and loading that library is first shown to fail there. The suite itself needs the
#     system libsodium (its reference results come from pysodium), so it runs outside the namespace.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
artifact="$(realpath "${1:?usage: check_dist.sh WHEEL-OR-SDIST [pytest args]}")"
shift
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" -m venv "$work/venv"
venv="$work/venv/bin/python"
"$venv" -m pip install -q --upgrade pip
"$venv" -m pip install -q "pyristretto[test,bench] @ file://$artifact"
# zksk and petlib (tests/protocols/test_sigma_zksk.py's reference) as scripts/setup.sh installs them, without their
# declared dependencies; where they do not install, that test module is skipped with the reason.
if ! "$venv" -m pip install -q --no-deps "zksk>=0.0.2" "petlib>=0.0.45"; then
    echo "zksk and petlib do not install on $("$venv" -V): tests/protocols/test_sigma_zksk.py is skipped" >&2
    export PYRISTRETTO_ZKSK_OPTIONAL=1
fi

cd "$work"
"$venv" - "$work" <<'PY'
import sys, pyristretto
assert pyristretto.__file__.startswith(sys.argv[1] + "/venv/"), f"not the installed copy: {pyristretto.__file__}"
print(f"testing {pyristretto.__file__} (Python {sys.version.split()[0]}, libsodium {pyristretto.sodium_version()})")
PY

if [[ "$(basename "$artifact")" == *manylinux*.whl ]]; then
    "$venv" "$repo/scripts/check_bundled_sodium.py"
    "$venv" "$repo/scripts/check_with_pynacl.py"
    # awk reads to the end (no early exit): under pipefail an early exit can kill ldconfig with SIGPIPE (exit 141)
    system_sodium="$(ldconfig -p | awk '$1 ~ /^libsodium\.so\.[0-9]+$/ && !found {print $NF; found = 1}')"
    if [[ -n "$system_sodium" ]]; then
        real="$(realpath "$system_sodium")"
        echo "hiding the system libsodium ($real) in a private mount namespace"
        unshare -m --propagation private bash -euo pipefail -c '
            mount --bind /dev/null "$1"
            if "$2" -c "import ctypes; ctypes.CDLL(\"$(basename "$3")\")" 2>/dev/null; then
                echo "the system libsodium still loads: hiding it failed" >&2; exit 1
            fi
            "$2" -m pyristretto | grep -x PASS' _ "$real" "$venv" "$system_sodium" \
            || { echo "FAILED: the wheel does not work without the system libsodium" >&2; exit 1; }
        echo "self-check PASS with the system libsodium hidden"
    else
        echo "no system libsodium on this machine: the self-check runs as it is"
        "$venv" -m pyristretto | grep -x PASS
    fi
fi

tests="$repo/tests"
if [[ "$artifact" == *.tar.gz ]]; then
    mkdir "$work/sdist"
    tar xzf "$artifact" -C "$work/sdist"
    tests="$(echo "$work"/sdist/*/tests)"
    rm -rf "$(dirname "$tests")/pyristretto"
fi
"$venv" -m pytest -p no:cacheprovider -q "$tests" "$@"
