#!/usr/bin/env bash
# The arm64 packages (called by scripts/arm64/test.sh after the release hud): scripts/build-deb.sh
# --arch arm64 builds kioskhud, kioskhud-plymouthd, libkioskhud0 and libkioskhud-dev (the library
# with its Swift runtime inside, scripts/build-lib-release.sh --arch arm64), lintian --pedantic on
# them, their sizes and Depends; then the C library the way a program uses it, without an arm64
# apt root: libkioskhud0 and libkioskhud-dev unpacked (dpkg-deb -x) into a directory,
# Examples/c/readme-example.c cross-compiled with `aarch64-linux-gnu-gcc ... $(pkg-config --cflags
# --libs kioskhud)` against that directory's kioskhud.pc (the SDK's Debian 13 sysroot for libc),
# and run under qemu-aarch64-static with the sysroot's libraries and no Swift runtime on the
# library path. The real-boot lane installs the arm64 kioskhud package with apt in a booted root.
#   scripts/arm64/check-debs.sh HUD   (HUD: the arm64 release hud, scripts/arm64/build-release.sh)
# Prints PASS/FAIL per check; exits 1 on the first FAIL.
set -euo pipefail
cd "$(dirname "$0")/../.."
hud=${1:?usage: scripts/arm64/check-debs.sh HUD}
pass() { echo "PASS arm64/debs: $*"; }
fail() { echo "FAIL arm64/debs: $*"; exit 1; }
for tool in aarch64-linux-gnu-gcc qemu-aarch64-static lintian pkg-config; do
    command -v $tool >/dev/null || fail "no $tool (scripts/install-deps.sh installs it)"
done
sdk=$(bash scripts/arm64/make-sdk.sh)
. "$sdk/env.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/hud/Version.swift)
if ! bash scripts/build-deb.sh --arch arm64 --hud "$hud" "$work/debs" > "$work/build.log" 2>&1; then
    cat "$work/build.log"; fail "scripts/build-deb.sh --arch arm64"
fi
debs=("$work/debs/kioskhud_${version}_arm64.deb" "$work/debs/kioskhud-plymouthd_${version}_all.deb"
      "$work/debs/libkioskhud0_${version}_arm64.deb" "$work/debs/libkioskhud-dev_${version}_arm64.deb"
      "$work/debs/libkioskhud-gl-dev_${version}_arm64.deb")
for deb in "${debs[@]}"; do
    [[ -f $deb ]] || fail "build-deb made no $(basename "$deb")"
    echo "arm64/debs: $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB, installed $(dpkg-deb -f "$deb" Installed-Size) KiB; Depends: $(dpkg-deb -f "$deb" Depends)"
done
pass "build-deb --arch arm64: the five packages"
if ! lintian -I --pedantic --fail-on error,warning,info,pedantic "${debs[@]}" > "$work/lintian.log" 2>&1; then
    grep -v 'root privileges' "$work/lintian.log"; fail "lintian"
fi
pass "lintian --pedantic: no tag but the overridden ones"

# The C library from the packages, as a program built against them loads it.
root=$work/root
for deb in "${debs[@]:2}"; do dpkg-deb -x "$deb" "$root"; done
# kioskhud-gl's static library: the target's (its object is AArch64's).
glmachine=$(readelf -h "$root/usr/lib/aarch64-linux-gnu/libkioskhud-gl.a" 2>/dev/null | sed -n 's/.*Machine:[[:space:]]*//p' | sort -u)
[[ $glmachine == AArch64 ]] || fail "libkioskhud-gl-dev's libkioskhud-gl.a is not AArch64's: '$glmachine'"
pass "libkioskhud-gl.a: AArch64 objects, with kioskhud-gl.h and kioskhud-gl.pc"
lib=$root/usr/lib/aarch64-linux-gnu/libkioskhud.so.$version
[[ -f $lib && $(readlink "$root/usr/lib/aarch64-linux-gnu/libkioskhud.so.0") == "libkioskhud.so.$version" ]] \
    || fail "libkioskhud0 has no usr/lib/aarch64-linux-gnu/libkioskhud.so.$version with its SONAME link"
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
[[ $needed != *libswift* && $needed != *libdispatch* ]] || fail "the library needs a Swift runtime library: $needed"
readelf -S "$lib" | grep -q '\.debug_' && fail "the packaged library is not stripped (it has .debug_ sections)"
pass "libkioskhud.so.$version: stripped, SONAME link, needs only $needed"
flags=$(PKG_CONFIG_LIBDIR=$root/usr/lib/aarch64-linux-gnu/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root pkg-config --cflags --libs kioskhud) \
    || fail "pkg-config --cflags --libs kioskhud (the -dev package's kioskhud.pc)"
# shellcheck disable=SC2086  # the flags are words
if ! aarch64-linux-gnu-gcc --sysroot="$KIOSKHUD_ARM64_SYSROOT" -std=c99 -Wall -Wextra -Werror -o "$work/readme-example" \
        Examples/c/readme-example.c $flags > "$work/gcc.log" 2>&1; then
    cat "$work/gcc.log"; fail "aarch64-linux-gnu-gcc readme-example.c $flags"
fi
pass "readme-example.c cross-built with \$(pkg-config --cflags --libs kioskhud) = '$flags'"
if ! got=$(LD_LIBRARY_PATH=$root/usr/lib/aarch64-linux-gnu timeout 120 qemu-aarch64-static -L "$KIOSKHUD_ARM64_SYSROOT" \
        -E LD_LIBRARY_PATH="$root/usr/lib/aarch64-linux-gnu" "$work/readme-example" 2>&1); then
    fail "readme-example under qemu-aarch64-static: $got"
fi
pass "readme-example ran (qemu-aarch64-static, the packaged library): $got"
