#!/usr/bin/env bash
# Displays in the wild (issue 7) on real kernel DRM drivers in QEMU, one boot
# per hardware setup (KIOSKHUD_E2E_SETUPS narrows it):
#   bochs   (--no-modprobe): daemon started before the driver loads, fbdev
#           forced with a VT switch, late GPU taking over from fbdev;
#   bochs2  two cards: one daemon shows the HUD on both;
#   virtio2 one card, head 1 plugged/unplugged through QEMU's VNC resize
#           while head 0 animates; framebuffers and fds counted over cycles.
# Same harness and conventions as run-e2e.sh: PASS/FAIL per check,
# "N passed, M failed", exit 1 on failure.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-displays}

for setup in ${KIOSKHUD_E2E_SETUPS:-bochs bochs2 virtio2}; do
    case $setup in
        bochs) run_setup bochs bochs displays-guest.sh displays_check.py 360 --no-modprobe ;;
        bochs2) run_setup bochs2 bochs2 multihead-guest.sh displays_check.py 360 ;;
        virtio2) run_setup virtio2 virtio2 hotplug-guest.sh displays_check.py 360 ;;
        *) echo "FAIL $setup: unknown setup"; failed=$((failed + 1)) ;;
    esac
done
finish_suite
