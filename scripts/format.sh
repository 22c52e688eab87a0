#!/usr/bin/env bash
# Formats the C++ sources (every *.cpp and *.hpp git tracks; outside a git checkout, such as an unpacked sdist, those
# under cpp/ and benchmarks/) with clang-format and the tree's .clang-format:
#   scripts/format.sh           # in place
#   scripts/format.sh --check   # changes nothing; lists the files that are not formatted and exits 1 if any
# clang-format is the version pyproject.toml's test extra pins (PyPI's clang-format wheel, in .venv; CLANG_FORMAT
# overrides), since another version formats some constructs differently.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT="${CLANG_FORMAT:-.venv/bin/clang-format}"
[ -x "$CLANG_FORMAT" ] || { echo "format.sh: $CLANG_FORMAT not found (pip install -e '.[test]')" >&2; exit 2; }
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
    exit "$bad"
fi
"$CLANG_FORMAT" --style=file -i "${files[@]}"
