#!/usr/bin/env bash
# Formats the C++ sources (every *.cpp and *.hpp git tracks; outside a git checkout, such as an unpacked sdist, those
# under cpp/ and benchmarks/) with clang-format and the tree's .clang-format, and the Python sources (*.py, *.pyi)
# with ruff and pyproject.toml's [tool.ruff], whose lint rules it checks too:
#   scripts/format.sh           # in place (ruff also applies the lint fixes it is sure of)
#   scripts/format.sh --check   # changes nothing; lists what is not formatted or linted and exits 1 if any
# clang-format and ruff are the versions pyproject.toml's test extra pins (PyPI's wheels, in .venv; CLANG_FORMAT
# and RUFF override), since other versions format some constructs differently.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT="${CLANG_FORMAT:-.venv/bin/clang-format}"
RUFF="${RUFF:-.venv/bin/ruff}"
for tool in "$CLANG_FORMAT" "$RUFF"; do
    [ -x "$tool" ] || { echo "format.sh: $tool not found (pip install -e '.[test]')" >&2; exit 2; }
done
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
else
    mapfile -t files < <(find cpp benchmarks -name '*.cpp' -o -name '*.hpp' 2>/dev/null | sort)
fi
if [ "${1:-}" = "--check" ]; then
    bad=0
    for f in "${files[@]}"; do
        "$CLANG_FORMAT" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || { echo "not formatted: $f"; bad=1; }
    done
    echo "checked ${#files[@]} files"
    "$RUFF" format --check --quiet . || { echo "Python: not formatted (ruff format)"; bad=1; }
    "$RUFF" check --quiet . || { echo "Python: lint errors (ruff check)"; bad=1; }
    exit "$bad"
fi
"$CLANG_FORMAT" --style=file -i "${files[@]}"
"$RUFF" check --quiet --fix . || true  # what it cannot fix is listed; the --check run fails on it
"$RUFF" format --quiet .
