#!/usr/bin/env bash
# arm64_rootfs.sh: prints the path of a Debian 12 (bookworm) arm64 root file system holding CPython 3.11 with its
# headers (libpython3.11-dev), libsodium23 (the reference libsodium pysodium loads in the tests) and the test
# dependencies Debian packages (pytest, hypothesis, numpy); builds it first if $SODIUM_CACHE (scripts/common.sh,
# default .cache/) has none for this package list. build_wheels.sh compiles the aarch64 wheels against its
# headers and sysconfig data; check_wheels_aarch64.sh runs its CPython under qemu-user.
#
# mmdebstrap --variant=extract unpacks the packages and their dependencies without running their maintainer
# scripts: those are arm64 programs, and this machine has no binfmt_misc registration for qemu (a registration
# would change the whole kernel's behaviour, so none is made). So nothing is configured: no ld.so cache (the
# loader's default directories suffice), and no update-alternatives links (numpy's libblas.so.3 is found through
# LD_LIBRARY_PATH: run_arm64 in common.sh).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
packages="python3,libpython3.11-dev,libsodium23,python3-pytest,python3-hypothesis,python3-numpy"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

command -v mmdebstrap >/dev/null || { echo "error: mmdebstrap is missing (apt-get install mmdebstrap)" >&2; exit 1; }
root="$(sodium_cache)/arm64-rootfs"
if [[ -x "$root/usr/bin/python3.11" && "$(cat "$root.stamp" 2>/dev/null)" == "bookworm $packages" ]]; then
    echo "$root"
    exit 0
fi
rm -rf "$root" "$root.stamp"
start=$SECONDS
mmdebstrap --quiet --variant=extract --architectures=arm64 --include="$packages" bookworm "$root" "$mirror" >&2
echo "bookworm $packages" >"$root.stamp"
echo "arm64 root file system: $root ($(du -sh "$root" | cut -f1), $((SECONDS - start)) s)" >&2
echo "$root"
