#!/usr/bin/env bash
# The overlay lane: a real KMS driver with overlay planes and writeback (vkms,
# built out of tree by board/vkms/build-module.sh) in one QEMU boot. The
# planes probe (board/vkms/planes.c), one writeback capture checked by it, and
# kioskhud-kiosk-example with the HUD on an overlay plane, composed on the CPU
# (--no-overlay) and without the app's picture (--no-content, the control),
# every stage captured through Writeback-1; e2e/kiosk_check.py judges them,
# after its own self-test on synthetic pictures.
# Same harness and conventions as run-e2e.sh (HUD=path skips the build;
# KIOSK=path names the example, default beside hud). Prints PASS/FAIL per
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
[[ -x $KIOSK ]] || echo "note: no $KIOSK: the kiosk checks will fail"

run_setup vkms vkms overlay-guest.sh kiosk_check.py 900 --vkms-module "$ko" --share-dir "$out/vkms" \
    --env "KIOSK=$KIOSK" --env "PLANES=$out/planes"
finish_suite
