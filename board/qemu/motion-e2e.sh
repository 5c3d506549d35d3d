#!/usr/bin/env bash
# Builds `hud` and runs the LIS3DH motion scenario (e2e/motion-lis3dh.sh) in a
# QEMU guest with the kernel's real IIO driver. Exit status: the scenario's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build}
cache=${KIOSKHUD_QEMU_CACHE:-/var/tmp/kioskhud-qemu}
(cd "$repo" && swift build --scratch-path "$scratch" --product hud 2>&1 | grep -v 'prohibited flag' || true)
hud="$scratch/debug/hud"
[ -x "$hud" ] || { echo "motion-e2e: no $hud" >&2; exit 1; }
mkdir -p "$cache"
wrapper="$cache/motion-e2e-$$.sh"
printf 'HUD=%s exec /bin/sh %s\n' "$hud" "$here/e2e/motion-lis3dh.sh" > "$wrapper"
trap 'rm -f "$wrapper"' EXIT
cd "$repo"
"$here/qemu-run.py" --timeout "${TIMEOUT:-240}" "$wrapper"
