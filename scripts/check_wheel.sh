#!/usr/bin/env bash
# Builds a wheel, installs it into a fresh virtualenv and runs the test suite against it, with the source
# tree out of sys.path (pytest runs from a temporary directory; tests/ holds no package).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"${PYTHON:-python3}" -m pip wheel -q --no-deps -w "$work/dist" "$repo"
"${PYTHON:-python3}" -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$work"/dist/pyristretto-*.whl
"$work/venv/bin/pip" install -q "pyristretto[test,bench] @ file://$(ls "$work"/dist/pyristretto-*.whl)"

cd "$work"
"$work/venv/bin/python" - "$work" <<'PY'
import sys, pyristretto
assert pyristretto.__file__.startswith(sys.argv[1] + "/venv/"), f"not the installed wheel: {pyristretto.__file__}"
print("testing the wheel installed at", pyristretto.__file__)
PY
"$work/venv/bin/python" -m pytest -p no:cacheprovider -q "$repo/tests" "$@"
