#!/usr/bin/env bash
# End-to-end boot test of `hud daemon` on real kernel DRM drivers in QEMU:
# the daemon starts first, a script drives `hud` commands, psplash's FIFO and
# `hud pipe`, screendumps check each step, quit and SIGTERM restore the console.
# Same harness and conventions as run-e2e.sh; prints PASS/FAIL per check and
# "N passed, M failed"; exits 1 on failure.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-daemon}

for gpu in ${KIOSKHUD_E2E_GPUS:-bochs virtio}; do
    run_setup "$gpu" "$gpu" daemon-guest.sh check-daemon.py 480
done
finish_suite
