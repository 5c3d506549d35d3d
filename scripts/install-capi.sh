#!/usr/bin/env bash
# Installs libkioskhud as a C library: PREFIX/lib/libkioskhud.so.0 (SONAME) with the
# libkioskhud.so link for -lkioskhud, PREFIX/include/kioskhud.h and
# PREFIX/lib/pkgconfig/kioskhud.pc, and kioskhud-gl.h. The .so is the one `swift build --product kioskhud`
# made (BUILD_DIR, default .build/debug); it has the Swift runtime inside.
#   scripts/install-capi.sh PREFIX [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:?usage: install-capi.sh PREFIX [BUILD_DIR]}
build=${2:-.build/debug}
[[ -f $build/libkioskhud.so ]] || { echo "install-capi: no $build/libkioskhud.so (swift build --product kioskhud)" >&2; exit 1; }
version=$(awk '/#define KIOSKHUD_VERSION_(MAJOR|MINOR|PATCH)/ { v = v (v == "" ? "" : ".") $3 } END { print v }' include/kioskhud.h)
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
install -m 0755 "$build/libkioskhud.so" "$prefix/lib/libkioskhud.so.$version"
ln -sf "libkioskhud.so.$version" "$prefix/lib/libkioskhud.so.0"
ln -sf libkioskhud.so.0 "$prefix/lib/libkioskhud.so"
install -m 0644 include/kioskhud.h "$prefix/include/kioskhud.h"
# kioskhud-gl's header (its source, gl/kioskhud-gl.c, is built into the app: scripts/check-gl.sh).
install -m 0644 include/kioskhud-gl.h "$prefix/include/kioskhud-gl.h"
sed -e "s|@PREFIX@|$prefix|" -e "s|@LIBDIR@|\${prefix}/lib|" -e "s|@VERSION@|$version|" include/kioskhud.pc.in > "$prefix/lib/pkgconfig/kioskhud.pc"
