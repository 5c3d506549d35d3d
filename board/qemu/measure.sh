#!/usr/bin/env bash
# Measurements in one VM boot per driver (bochs by default; KIOSKHUD_GPUS):
#  - exec -> first frame on screen: hud (atomic and legacy) vs bench/firstframe.c
#    (open card, one dumb buffer, fill, one SetCrtc), medians and minima of RUNS (8) after a warm-up; also C + pixman;
#  - steady CPU % of one (emulated) core and wake-ups/s: spinner and a ring whose
#    progress moves every frame, at --fps 60 and 30; a static HUD; and the floor
#    for a spinner, bench/flipfloor.c (12 page flips a second, a 42x42 box each).
# Numbers come from an emulated CPU (TCG, ~10x slower than metal): compare ratios.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build-qemu}
cd "$repo"
if [[ -z "${HUD:-}" ]]; then
    bash "$repo/scripts/build-release.sh" "$scratch"
    HUD=$scratch/release/hud
fi
bench=$scratch/bench
mkdir -p "$bench"
gcc -O2 -Wall -o "$bench/firstframe" "$here/bench/firstframe.c" $(pkg-config --cflags --libs libdrm) || exit 1
gcc -O2 -Wall -DWITH_PIXMAN -o "$bench/firstframe-pixman" "$here/bench/firstframe.c" $(pkg-config --cflags --libs libdrm pixman-1) || exit 1
gcc -O2 -Wall -o "$bench/launch" "$here/bench/launch.c" || exit 1
gcc -O2 -Wall -o "$bench/flipfloor" "$here/bench/flipfloor.c" $(pkg-config --cflags --libs libdrm) || exit 1
for gpu in ${KIOSKHUD_GPUS:-bochs}; do
    log=$scratch/measure-$gpu.log
    /usr/bin/python3 "$here/qemu-run.py" --gpu "$gpu" --timeout 300 --quiet --log "$log" \
        --env "HUD=$HUD" --env "BENCH=$bench" --env "RUNS=${RUNS:-8}" "$here/bench/guest.sh" || { echo "guest failed, see $log"; exit 1; }
    /usr/bin/python3 - "$log" "$gpu" <<'PY'
import re, statistics, sys
lines = open(sys.argv[1], errors="replace").read().splitlines()
def values(tag, key):
    out = []
    for l in lines:
        m = re.match(rf"\[{tag}\] .*\b{key}=([\d.]+)", l)
        if m: out.append(float(m.group(1)))
    return out
print(f"== {sys.argv[2]} ==")
c = values("c-run", "first-frame-ms")
print("first frame, exec to on screen (ms): median / min, ratio to bare C by median / min")
for name in ("c", "cpixman", "hud", "hudlegacy"):
    h = values(f"{name}-run", "first-frame-ms")
    if c and h:
        mc, mh = statistics.median(c), statistics.median(h)
        print(f"  {name:10s} {mh:6.0f} / {min(h):4.0f}   x{mh/mc:.2f} / x{min(h)/min(c):.2f}   runs {h}")
for tag in ("flipfloor", "spinner60", "spinner30", "spinner30legacy", "ramp60", "ramp30", "static"):
    cpu, wake = values(tag, "cpu-percent"), values(tag, "wakeups-per-second")
    user, system = values(tag, "user-percent"), values(tag, "system-percent")
    fr = values(tag, "frames-rendered")
    if cpu:
        split = f" (user {user[0]:.2f}, system {system[0]:.2f})" if user and system else ""
        floor = values("flipfloor", "cpu-percent")
        if floor and tag != "flipfloor" and floor[0] > 0:
            split += f", x{cpu[0] / floor[0]:.1f} the C floor"
        print(f"{tag:12s} cpu {cpu[0]:.2f}% of a core{split}, {wake[0]:.2f} wake-ups/s, {int(fr[0]) if fr else '?'} frames in 7 s")
    else:
        print(f"{tag:10s} no steady-state figures")
PY
done
