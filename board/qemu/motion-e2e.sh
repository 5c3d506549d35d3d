#!/usr/bin/env bash
# Only the motion scenarios (e2e/motion-guest.sh, also part of run-e2e.sh):
# builds hud, boots one bochs VM with a real LIS3DH (i2c-stub + st_accel),
# then judges the log and screendumps with e2e/motion_check.py.
# Prints PASS/FAIL per check; exits 1 on any failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build-qemu}
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e}/motion
cd "$repo"
if [[ -z "${HUD:-}" ]]; then
    swift build --scratch-path "$scratch" --product hud 2>&1 | grep -E 'error|warning: [^p]' || true
    HUD=$scratch/debug/hud
fi
[[ -x "$HUD" ]] || { echo "FAIL build: no $HUD"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
/usr/bin/python3 "$here/qemu-run.py" --gpu bochs --timeout 240 --quiet --env "HUD=$HUD" \
    --dump-dir "$out" --log "$out/console.log" "$here/e2e/motion-guest.sh"
code=$?
[[ $code -eq 0 ]] || echo "FAIL bochs/motion-guest: exit $code (log: $out/console.log)"
/usr/bin/python3 "$here/e2e/motion_check.py" bochs "$out/console.log" "$out"
checks=$?
[[ $code -eq 0 && $checks -eq 0 ]]
