#!/usr/bin/env bash
# libkioskhud on real kernel DRM drivers (issue 25): Examples/c/kms-example.c,
# a C program that owns KMS (dumb buffers, its own page flips, a static
# picture) and draws the HUD into its frames through kioskhud.h, and
# Examples/c/screen-example.c (kh_screen_open: KioskHUD owns the display over
# the app's picture), built with
# gcc against an installed libkioskhud (scripts/install-capi.sh) and run in
# one QEMU boot per driver (bochs, virtio-gpu) by e2e/capi-guest.sh, without
# the Swift toolchain; e2e/capi_check.py judges the screendumps (after its
# self-test on synthetic pictures). BUILD_DIR: where a built libkioskhud.so
# is (default: swift build --product kioskhud, .build/debug). KIOSKHUD_E2E_GPUS narrows the drivers.
# Prints PASS/FAIL per check and "N passed, M failed"; exits 1 on failure.
set -uo pipefail
# This suite runs no hud: naming one keeps suite-lib.sh from building it.
: "${HUD:=/bin/true}"
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-capi}
build=${BUILD_DIR:-.build/debug}
mkdir -p "$out"

count "$(/usr/bin/python3 "$here/e2e/capi_check.py" --self-test)"
[[ -n ${BUILD_DIR:-} ]] || swift build --product kioskhud > /dev/null  # a no-op when it is up to date
rm -rf "$out/prefix"
if ! bash "$repo/scripts/install-capi.sh" "$out/prefix" "$build" \
    || ! gcc -O2 -std=gnu99 -Wall -Wextra -Werror -o "$out/kms-example" "$repo/Examples/c/kms-example.c" \
        $(PKG_CONFIG_PATH=$out/prefix/lib/pkgconfig pkg-config --cflags --libs kioskhud libdrm) -Wl,-rpath,"$out/prefix/lib" \
    || ! gcc -O2 -std=gnu99 -Wall -Wextra -Werror -o "$out/screen-example" "$repo/Examples/c/screen-example.c" \
        $(PKG_CONFIG_PATH=$out/prefix/lib/pkgconfig pkg-config --cflags --libs kioskhud) -Wl,-rpath,"$out/prefix/lib"; then
    count "FAIL build: libkioskhud, Examples/c/kms-example.c or screen-example.c"
    finish_suite
    exit 1
fi

for gpu in ${KIOSKHUD_E2E_GPUS:-bochs virtio}; do
    run_setup "$gpu" "$gpu" capi-guest.sh capi_check.py 300 --env "CAPI_APP=$out/kms-example" \
        --env "CAPI_SCREEN_APP=$out/screen-example"
done
finish_suite
