#!/usr/bin/env bash
# End-to-end suite: hud on real kernel DRM drivers (bochs, virtio-gpu) in QEMU.
# Builds hud (release, static Swift stdlib), boots one VM per driver running
# e2e/guest.sh, checks the log and screendumps with e2e/check.py.
# Prints PASS/FAIL per scenario and "N passed, M failed"; exits 1 on failure.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e}

for gpu in ${KIOSKHUD_E2E_GPUS:-bochs virtio}; do
    run_setup "$gpu" "$gpu" guest.sh check.py 600 --no-modprobe
done
finish_suite
