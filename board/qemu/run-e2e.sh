#!/usr/bin/env bash
# End-to-end suite: hud on real kernel DRM drivers (bochs, virtio-gpu) in QEMU.
# Builds hud (release, static Swift stdlib), boots one VM per driver running
# e2e/guest.sh, checks the log and screendumps with e2e/check.py.
# Prints PASS/FAIL per scenario and "N passed, M failed"; exits 1 on failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build-qemu}
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e}
gpus=${KIOSKHUD_E2E_GPUS:-bochs virtio}

cd "$repo"
if [[ -z "${HUD:-}" ]]; then
    echo "building hud (release)..."
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product hud 2>&1 | grep -E 'error|warning: [^p]' || true
    HUD=$scratch/release/hud
fi
[[ -x "$HUD" ]] || { echo "FAIL build: no $HUD"; echo "0 passed, 1 failed"; exit 1; }
export HUD

passed=0 failed=0
for gpu in $gpus; do
    dir=$out/$gpu
    rm -rf "$dir" && mkdir -p "$dir"
    /usr/bin/python3 "$here/qemu-run.py" --gpu "$gpu" --no-modprobe --timeout 240 --quiet --env "HUD=$HUD" \
        --dump-dir "$dir" --log "$dir/console.log" "$here/e2e/guest.sh"
    code=$?
    if [[ $code -ne 0 ]]; then
        echo "FAIL $gpu/guest: guest script exit $code (log: $dir/console.log)"
        failed=$((failed + 1))
    fi
    results=$(/usr/bin/python3 "$here/e2e/check.py" "$gpu" "$dir/console.log" "$dir")
    echo "$results"
    passed=$((passed + $(grep -c '^PASS' <<<"$results")))
    failed=$((failed + $(grep -c '^FAIL' <<<"$results")))
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
