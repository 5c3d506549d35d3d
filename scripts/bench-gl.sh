#!/usr/bin/env bash
# Figures for the HUD layer in a GPU app on llvmpipe (Tests/CAPI/gl-bench.c): CPU per frame of
# the app alone, with a turning spinner through the layer (box uploads, full uploads) and with
# kioskhud-gl's blur. A measurement, not a test: it prints figures and asserts nothing.
#   scripts/bench-gl.sh [WIDTHxHEIGHT [FRAMES]]     default 1280x800 300
# BUILD_DIR: a built libkioskhud.so (default: swift build -c release --product kioskhud, .build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${BUILD_DIR:-} ]]; then
    swift build -c release --product kioskhud > /dev/null
fi
build=${BUILD_DIR:-.build/release}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash scripts/install-capi.sh "$work/prefix" "$build"
export PKG_CONFIG_PATH=$work/prefix/lib/pkgconfig
gcc -std=c99 -Wall -Wextra -Werror -O2 -I Examples/c -o "$work/gl-bench" Tests/CAPI/gl-bench.c gl/kioskhud-gl.c \
    $(pkg-config --cflags --libs kioskhud egl glesv2) -lm -Wl,-rpath,"$work/prefix/lib"
echo "gl-bench: libkioskhud from $build"
"$work/gl-bench" "$@"
