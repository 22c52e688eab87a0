#!/usr/bin/env bash
# check_wheel.sh [pytest args]: the quick check while developing: builds a plain wheel of this checkout with
# $PYTHON (default python3; linked against the system libsodium, not repaired) and check_dist.sh tests it in a
# fresh virtualenv, from a temporary directory. The release wheels, with libsodium inside, are built by
# build_wheels.sh and checked by check_wheels.sh.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"${PYTHON:-python3}" -m pip wheel -q --no-deps -w "$work" "$repo"
"$repo/scripts/check_dist.sh" "$(ls "$work"/pyristretto-*.whl)" "$@"
