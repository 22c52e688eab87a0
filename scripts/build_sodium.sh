#!/usr/bin/env bash
# build_sodium.sh TARGET: builds libsodium 1.0.20 from its release sources as a static library of
# position-independent code with hidden symbols, for the zig target TARGET (x86_64-linux-gnu.2.17 or
# aarch64-linux-gnu.2.17), and prints the install prefix (include/, lib/libsodium.a). The wheels link it into
# each extension module (setup.py, SODIUM_STATIC_PREFIX), so nothing of libsodium is exported from them.
#
# The sources: this project's machines cannot download libsodium's tarball, but PyPI carries libsodium 1.0.20's
# release tree inside PyNaCl's sdist (src/libsodium). The sdist is fetched with pip and used only if its sha256 is
# the one pinned below. Nothing of it is committed: the download, the unpacked tree and the build live in
# $SODIUM_CACHE (default .cache/ in the checkout, which git ignores); a prefix built before from the same
# sdist with the same flags is reused (CI gives a fresh SODIUM_CACHE, so it builds from scratch).
#
# The compiler is zig cc (the ziglang package in $TOOLS_PYTHON's environment), which targets glibc 2.17 from a
# current machine. Flags: libsodium's configure adds -O3, -fvisibility=hidden and -fPIC itself; SODIUM_STATIC
# turns its SODIUM_EXPORT (visibility "default" on every public function) off, so the public API is hidden too;
# --disable-pie keeps -fPIE (an executable's code model) off the objects; not --enable-minimal, which drops the
# ristretto255 functions this project calls.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/common.sh"
target="${1:?usage: build_sodium.sh x86_64-linux-gnu.2.17|aarch64-linux-gnu.2.17}"
host="${target%.*}"  # the autoconf host triple: x86_64-linux-gnu

PYNACL_VERSION=1.6.2
PYNACL_SHA256=018494d6d696ae03c7e656e5e74cdfd8ea1326962cc401bcf018f1ed8436811c
SODIUM_VERSION=1.0.20
CFLAGS_SODIUM="-O3 -DSODIUM_STATIC=1"

cache="$(sodium_cache)"
tools="$(tools_python)"
zig_wrappers "$tools" "$target" "$cache/bin"
prefix="$cache/libsodium-$SODIUM_VERSION-$target"
stamp="$PYNACL_SHA256 $target $CFLAGS_SODIUM"
if [[ -f "$prefix/lib/libsodium.a" && "$(cat "$prefix/.stamp" 2>/dev/null)" == "$stamp" ]]; then
    echo "$prefix"
    exit 0
fi

sdist="$cache/download/pynacl-$PYNACL_VERSION.tar.gz"
if [[ ! -f "$sdist" ]] || ! echo "$PYNACL_SHA256  $sdist" | sha256sum -c --quiet - 2>/dev/null; then
    rm -rf "$cache/download"
    "$tools" -m pip download -q --no-binary :all: --no-deps "pynacl==$PYNACL_VERSION" -d "$cache/download" >&2
fi
echo "$PYNACL_SHA256  $sdist" | sha256sum -c --quiet - \
    || { echo "error: $sdist is not the pinned PyNaCl $PYNACL_VERSION sdist (sha256 $PYNACL_SHA256)" >&2; exit 1; }

work="$cache/build-$target"
rm -rf "$work" "$prefix"
mkdir -p "$work"
tar xzf "$sdist" -C "$work" "pynacl-$PYNACL_VERSION/src/libsodium"
src="$work/pynacl-$PYNACL_VERSION/src/libsodium"
found="$(sed -n 's/^PACKAGE_VERSION=.\([0-9.]*\).$/\1/p' "$src/configure")"
[[ "$found" == "$SODIUM_VERSION" ]] || { echo "error: the sdist holds libsodium $found, not $SODIUM_VERSION" >&2; exit 1; }

command -v make >/dev/null || apt_install make  # configure's makefiles (a fresh machine may lack make)
log="$work/build.log"
start=$SECONDS
(
    cd "$src"
    ./configure --host="$host" --prefix="$prefix" --disable-shared --enable-static --with-pic --disable-pie \
        CC="$cache/bin/cc-$target" AR="$cache/bin/ar-$target" RANLIB="$cache/bin/ranlib-$target" \
        CFLAGS="$CFLAGS_SODIUM"
    make -j"$(nproc)"
    make install
) >"$log" 2>&1 || { tail -40 "$log" >&2; echo "error: building libsodium failed (log: $log)" >&2; exit 1; }
cp "$src/LICENSE" "$prefix/LICENSE"
echo "$stamp" >"$prefix/.stamp"
rm -rf "$src"
echo "libsodium $SODIUM_VERSION for $target: $prefix ($((SECONDS - start)) s)" >&2
echo "$prefix"
