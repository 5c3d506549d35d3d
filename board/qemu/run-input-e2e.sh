#!/usr/bin/env bash
# Input (issue 16): `hud input` reads QEMU's virtio keyboard and tablet through
# libinput's path backend and xkbcommon, with no udevd (e2e/input-guest.sh,
# judged by e2e/input_check.py). The devices appear after it starts (hotplug)
# and go before it ends (removal); the host types a, shift+b, Enter,
# Backspace, Escape, Ctrl-C and taps two points through QMP (qemu-run.py
# --input); a run with nothing injected must print none of it. Then the
# HUD's button on the display (`hud daemon --input`): Enter presses it, a tap
# beside it does not, a tap on it does — after input on demand (issue 24): while
# the daemon shows only progress (Plymouth's status and message), it has not
# mapped libinput or xkbcommon nor opened a /dev/input node (/proc/PID/maps,
# /proc/PID/fd); Plymouth's first password request maps and opens them, and
# the keys typed as soon as it is asked arrive. Then prompts typed on the virtio
# keyboard: `hud ask --password` gets exactly the typed text (shift, space,
# Backspace), drawn as bullets (the screendump equals the HUD drawn with the
# message and ●●●●_, and differs from the text drawn as is and from the HUD
# before), Ctrl-C cancels a question, and Debian's `plymouth
# ask-for-password` gets its answer through Plymouth's socket. One boot, ~2 min.
# Same conventions as the other suites: PASS/FAIL per check,
# "N passed, M failed", exit 1 on failure.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-input}

run_setup input bochs input-guest.sh input_check.py 360 --input
finish_suite
