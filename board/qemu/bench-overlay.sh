#!/usr/bin/env bash
# Figures for the HUD over an app's picture (a benchmark, not a test), in one
# vkms VM (an overlay plane with real vblank): CPU % of one emulated core for
#  - a spinner over a static picture: HUD on the overlay plane vs composed on
#    the CPU, against the page-flip floor (bench/flipfloor.c: 12 flips a
#    second of a 42x42 box, what a spinner must cost at least);
#  - the app's picture changing at 30 fps alone, and with a spinner over it.
# TCG is ~10x slower than metal: compare ratios. Builds kiosk-bench (release)
# and the vkms module (board/vkms/build-module.sh) if needed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build-qemu}
cd "$repo"
KIOSKHUD_EXTRA_PRODUCTS=kiosk-bench bash "$repo/scripts/build-release.sh" "$scratch" || exit 1
bench=$scratch/bench
mkdir -p "$bench"
gcc -O2 -Wall -o "$bench/flipfloor" "$here/bench/flipfloor.c" $(pkg-config --cflags --libs libdrm) || exit 1
bash "$repo/board/vkms/build-module.sh" > /dev/null || exit 1
log=$scratch/bench-overlay.log
/usr/bin/python3 "$here/qemu-run.py" --gpu vkms --timeout 400 --quiet --log "$log" \
    --env "KIOSK_BENCH=$scratch/release/kiosk-bench" --env "BENCH=$bench" "$here/bench/overlay-guest.sh" \
    || { echo "guest failed, see $log"; exit 1; }
/usr/bin/python3 - "$log" <<'PY'
import re, sys
lines = open(sys.argv[1], errors="replace").read().splitlines()
def field(tag, key):
    for l in lines:
        m = re.match(rf"\[{re.escape(tag)}\] .*\b{key}=([\d.]+)", l)
        if m: return float(m.group(1))
floor = field("flipfloor", "cpu-percent")
print(f"page-flip floor (12 flips/s of a 42x42 box): {floor}% CPU")
print(f"{'load':10} {'path':9} {'cpu %':>6} {'x floor':>8} {'frames':>7} {'hud plane':>10} {'app plane':>10}")
for load in ("spinner", "app", "app-hud"):
    for path in ("overlay", "composed"):
        tag = f"{load}-{path}"
        cpu = field(tag, "cpu-pct")
        if cpu is None:
            print(f"{load:10} {path:9} missing (see {sys.argv[1]})"); continue
        ratio = f"{cpu / floor:.1f}" if floor else "-"
        print(f"{load:10} {path:9} {cpu:6.1f} {ratio:>8} {int(field(tag, 'frames') or 0):7} "
              f"{int(field(tag, 'hud-plane') or 0):10} {int(field(tag, 'content-plane') or 0):10}")
PY
