#!/usr/bin/env bash
# debian_root.sh SUITE ARCH: prints the path of a Debian root file system of SUITE (bookworm, trixie, sid) for ARCH
# (arm64, amd64) holding the CPythons that suite packages (debian_minors in common.sh: bookworm 3.11, trixie 3.13,
# sid 3.14 and 3.15) with their headers; builds it first if $SODIUM_CACHE (scripts/common.sh, default .cache/) has
# none for this suite, architecture and package list. mmdebstrap is installed if it is missing (apt_install).
#   - arm64: what the aarch64 wheels are compiled against (headers, sysconfig data: build_wheels.sh) and tested on
#     under qemu-user (check_wheel_aarch64.sh): the interpreters, libsodium (the reference that pysodium loads in
#     the tests) and the test dependencies Debian packages (pytest, hypothesis, numpy). --variant=extract unpacks
#     the packages and their dependencies without running their maintainer scripts: those are arm64 programs, and
#     this machine has no binfmt_misc registration for qemu (a registration would change the whole kernel's
#     behaviour, so none is made). So nothing is configured: no ld.so cache (the loader's default directories
#     suffice) and no update-alternatives links (numpy's libblas.so.3 is found through LD_LIBRARY_PATH:
#     check_wheel_aarch64.sh).
#   - amd64 (sid): the x86_64 wheels of the CPythons pyenv lacks (3.14, 3.15) are built and tested in it with
#     chroot (in_root in common.sh), natively: the interpreters with their venv modules, libsodium, and what the
#     whole suite builds (a C++ compiler, libsodium's headers, clang and valgrind for the constant-time checks),
#     mount (check_dist.sh hides the root's libsodium in a mount namespace). --variant=essential installs Debian's
#     essential packages too (bash, coreutils, util-linux) and configures everything: the maintainer scripts run
#     natively.
# The suites' Release files are signed but may be past their Valid-Until date on a frozen mirror: apt is told not
# to check that date (the signatures are still checked).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
suite="${1:?usage: debian_root.sh bookworm|trixie|sid arm64|amd64}"
arch="${2:?usage: debian_root.sh bookworm|trixie|sid arm64|amd64}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

case "$suite" in
    bookworm) sodium=libsodium23 ;;
    trixie) sodium=libsodium23 ;;
    sid) sodium=libsodium26 ;;
    *) echo "error: no CPython of ours in Debian $suite" >&2; exit 1 ;;
esac
minors="$(debian_minors "$suite")"
packages="$sodium"
for minor in $minors; do
    packages+=",python$minor,libpython$minor-dev"
    [[ "$arch" == amd64 ]] && packages+=",python$minor-venv"
done
case "$arch" in
    arm64) variant=extract; packages+=",python3-pytest,python3-hypothesis,python3-numpy" ;;
    amd64) variant=essential; packages+=",mount,g++,pkg-config,libsodium-dev,clang,valgrind,ca-certificates" ;;
    *) echo "error: ARCH is arm64 or amd64, not $arch" >&2; exit 1 ;;
esac

root="$(sodium_cache)/debian-$suite-$arch"
stamp="$suite $arch $variant $packages"
exec 9>"$root.lock"
flock 9  # one build of a root at a time: a second caller (CI makes them early, in the background) waits for it
if [[ "$(cat "$root.stamp" 2>/dev/null)" == "$stamp" ]]; then
    echo "$root"
    exit 0
fi
apt_install mmdebstrap
rm -rf "$root" "$root.stamp"
start=$SECONDS
mmdebstrap --quiet --variant="$variant" --architectures="$arch" --include="$packages" \
    --aptopt='Acquire::Check-Valid-Until "false"' "$suite" "$root" "$mirror" >&2
# Debian's merged /usr: trixie's and sid's packages put everything under /usr, and the /bin, /sbin and /lib links
# (the arm64 loader is /lib/ld-linux-aarch64.so.1) come from a step --variant=extract does not take
for dir in bin sbin lib; do
    [[ -e "$root/$dir" || ! -d "$root/usr/$dir" ]] || ln -s "usr/$dir" "$root/$dir"
done
echo "$stamp" >"$root.stamp"
echo "Debian $suite $arch root file system (CPython $minors): $root ($(du -sh "$root" | cut -f1), $((SECONDS - start)) s)" >&2
echo "$root"
