#!/usr/bin/env bash
# End-to-end boot test of `hud daemon` on real kernel DRM drivers in QEMU:
# the daemon starts first, a script drives `hud` commands, psplash's FIFO and
# `hud pipe`, screendumps check each step, quit and SIGTERM restore the console;
# and Plymouth's deactivate/reactivate with another DRM client taking the display between.
# Same harness and conventions as run-e2e.sh; prints PASS/FAIL per check and
# "N passed, M failed"; exits 1 on failure.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-daemon}

# Another DRM client, for Plymouth's deactivate: it takes the display while the HUD has let go of it.
mkdir -p "$out"
gcc -O2 -Wall -o "$out/takeover" "$here/e2e/takeover.c" $(pkg-config --cflags --libs libdrm) \
    || { echo "FAIL build: e2e/takeover.c"; echo "0 passed, 1 failed"; exit 1; }

# KIOSKHUD_E2E_DAEMON narrows the scenarios: daemon (commands, FIFO, pipe, quit), deactivate (Plymouth's).
for gpu in ${KIOSKHUD_E2E_GPUS:-bochs virtio}; do
    for scenario in ${KIOSKHUD_E2E_DAEMON:-daemon deactivate}; do
        case $scenario in
            daemon) run_setup "$gpu" "$gpu" daemon-guest.sh check-daemon.py 480 ;;
            deactivate) run_setup "$gpu-deactivate" "$gpu" deactivate-guest.sh deactivate_check.py 300 --input --env "TAKEOVER=$out/takeover" ;;
            *) echo "FAIL $scenario: unknown scenario"; failed=$((failed + 1)) ;;
        esac
    done
done
finish_suite
