#!/usr/bin/env bash
# Displays in the wild (issue 7) on real kernel DRM drivers in QEMU: the
# daemon started before the driver loads, fbdev forced (with a VT switch),
# a late GPU taking over from fbdev. One bochs boot (--no-modprobe; the
# guest loads the driver itself). Same harness and conventions as
# run-e2e.sh: PASS/FAIL per check, "N passed, M failed", exit 1 on failure.
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
gpu=bochs
dir=$out/$gpu
rm -rf "$dir" && mkdir -p "$dir"
/usr/bin/python3 "$here/qemu-run.py" --gpu "$gpu" --no-modprobe --timeout 180 --quiet --env "HUD=$HUD" \
    --dump-dir "$dir" --log "$dir/console.log" "$here/e2e/displays-guest.sh"
code=$?
if [[ $code -ne 0 ]]; then
    echo "FAIL $gpu/guest: guest script exit $code (log: $dir/console.log)"
    failed=$((failed + 1))
fi
results=$(/usr/bin/python3 "$here/e2e/displays_check.py" "$gpu" "$dir/console.log" "$dir")
echo "$results"
passed=$((passed + $(grep -c '^PASS' <<<"$results")))
failed=$((failed + $(grep -c '^FAIL' <<<"$results")))
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
