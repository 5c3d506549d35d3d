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
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build-qemu}
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-displays}

cd "$repo"
if [[ -z "${HUD:-}" ]]; then
    echo "building hud (release)..."
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product hud 2>&1 | grep -E 'error|warning: [^p]' || true
    HUD=$scratch/release/hud
fi
[[ -x "$HUD" ]] || { echo "FAIL build: no $HUD"; echo "0 passed, 1 failed"; exit 1; }

passed=0 failed=0
for setup in ${KIOSKHUD_E2E_SETUPS:-bochs bochs2 virtio2}; do
    case $setup in
        bochs) script=displays-guest.sh; extra=--no-modprobe ;;
        bochs2) script=multihead-guest.sh; extra= ;;
        virtio2) script=hotplug-guest.sh; extra= ;;
        *) echo "FAIL $setup: unknown setup"; failed=$((failed + 1)); continue ;;
    esac
    dir=$out/$setup
    rm -rf "$dir" && mkdir -p "$dir"
    /usr/bin/python3 "$here/qemu-run.py" --gpu "$setup" $extra --timeout 150 --quiet --env "HUD=$HUD" \
        --dump-dir "$dir" --log "$dir/console.log" "$here/e2e/$script"
    code=$?
    if [[ $code -ne 0 ]]; then
        echo "FAIL $setup/guest: guest script exit $code (log: $dir/console.log)"
        failed=$((failed + 1))
    fi
    results=$(/usr/bin/python3 "$here/e2e/displays_check.py" "$setup" "$dir/console.log" "$dir")
    echo "$results"
    passed=$((passed + $(grep -c '^PASS' <<<"$results")))
    failed=$((failed + $(grep -c '^FAIL' <<<"$results")))
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
