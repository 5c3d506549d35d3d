#!/usr/bin/env bash
# Builds `hud` and runs the LIS3DH motion scenario (e2e/motion-lis3dh.sh) in a
# QEMU guest with the kernel's real IIO driver and the bochs DRM driver, then
# checks the screendumps (e2e/motion_check.py). Exit status 0 when all passed.
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
dumps=${KIOSKHUD_E2E_OUT:-$scratch/e2e}/motion
rm -rf "$dumps" && mkdir -p "$dumps"
printf 'HUD=%s SHOT=%s exec /bin/sh %s\n' "$hud" "$here/guest/shot.sh" "$here/e2e/motion-lis3dh.sh" > "$wrapper"
trap 'rm -f "$wrapper"' EXIT
cd "$repo"
status=0
"$here/qemu-run.py" --timeout "${TIMEOUT:-240}" --dump-dir "$dumps" "$wrapper" || status=1
/usr/bin/python3 "$here/e2e/motion_check.py" "$dumps" || status=1
exit $status
