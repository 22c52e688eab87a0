#!/usr/bin/env bash
# test_pythons.sh [PYTHON ...] [-- PYTEST-ARG ...]: the source build on every CPython: builds the sdist once,
# then for each interpreter check_dist.sh installs it into a fresh virtualenv (pip compiles it against the
# system libsodium) and runs the sdist's own test suite against it from a temporary directory. PYTHON as in
# build_wheels.sh (none: every CPython 3.10-3.15, pyenv's or else Debian's, whose root file system has libsodium's
# headers and a compiler; a named one that is missing is an error).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
parse_args "$@"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

sdist="$(build_sdist "$(tools_python)" "$work")"
echo "sdist: $(basename "$sdist") ($(du -h "$sdist" | cut -f1))"
tar tzf "$sdist" >"$work/contents.txt"   # to a file: grep -q on a pipe could SIGPIPE tar under pipefail
grep -Eq '^[^/]+/LICENSE$' "$work/contents.txt" || { echo "error: the sdist has no LICENSE" >&2; exit 1; }
for python in $INTERPRETERS; do
    version="$(with_python "$python" -- bash -c '"$PYTHON" -V') ($python)"
    echo "== $version"
    start=$SECONDS
    with_python "$python" "$work" -- "$repo/scripts/check_dist.sh" "$sdist" "${PYTEST_ARGS[@]}"
    echo "== $version passed in $((SECONDS - start)) s"
done
