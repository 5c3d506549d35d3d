#!/usr/bin/env bash
# The overlay lane: a real KMS driver with overlay planes and writeback (vkms,
# built out of tree by board/vkms/build-module.sh) in one QEMU boot. The
# planes probe (board/vkms/planes.c), one writeback capture checked by it, and
# kioskhud-kiosk-example with the HUD on an overlay plane, composed on the CPU
# (--no-overlay) and without the app's picture (--no-content, the control),
# every stage captured through Writeback-1; then Examples/c/plane-example.c
# (kh_plane: the HUD's plane in the app's own atomic commits), which judges
# its own writeback captures; e2e/kiosk_check.py judges them all,
# after its own self-test on synthetic pictures.
# Same harness and conventions as run-e2e.sh (HUD=path skips the build;
# KIOSK=path names the example, default beside hud; PLANE_VARIANTS="NAME=LIBDIR
# ..." runs plane-example again over broken libkioskhud builds, unjudged). Prints PASS/FAIL per
# check and "N passed, M failed"; exits 1 on failure.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-overlay}
KIOSK=${KIOSK:-$(dirname "$HUD")/kioskhud-kiosk-example}
mkdir -p "$out"

count "$(/usr/bin/python3 "$here/e2e/kiosk_check.py" --self-test)"

if ! ko=$(bash "$repo/board/vkms/build-module.sh" | tail -n 1) || [[ ! -f $ko ]]; then
    count "FAIL build: board/vkms/build-module.sh (bash scripts/install-deps.sh installs linux-source-6.1 and linux-headers-amd64)"
    finish_suite
    exit 1
fi
if ! gcc -O2 -Wall -o "$out/planes" "$repo/board/vkms/planes.c" $(pkg-config --cflags --libs libdrm); then
    count "FAIL build: board/vkms/planes.c"
    finish_suite
    exit 1
fi
# Examples/c/plane-example.c against libkioskhud (BUILD_DIR, default .build/debug) installed in $out/prefix.
build=${BUILD_DIR:-.build/debug}
[[ -n ${BUILD_DIR:-} ]] || swift build --product kioskhud > /dev/null  # a no-op when it is up to date
rm -rf "$out/prefix"
if ! bash "$repo/scripts/install-capi.sh" "$out/prefix" "$build" > /dev/null \
    || ! gcc -O2 -std=gnu99 -Wall -Wextra -Werror -o "$out/plane-example" "$repo/Examples/c/plane-example.c" \
        $(PKG_CONFIG_PATH=$out/prefix/lib/pkgconfig pkg-config --cflags --libs kioskhud libdrm) -Wl,-rpath,"$out/prefix/lib"; then
    count "FAIL build: libkioskhud or Examples/c/plane-example.c"
fi
[[ -x $KIOSK ]] || echo "note: no $KIOSK: the kiosk checks will fail"

run_setup vkms vkms overlay-guest.sh kiosk_check.py 900 --vkms-module "$ko" --share-dir "$out/vkms" \
    --env "KIOSK=$KIOSK" --env "PLANES=$out/planes" \
    --env "PLANE=$out/plane-example" --env "PLANE_VARIANTS=${PLANE_VARIANTS:-}"
finish_suite
