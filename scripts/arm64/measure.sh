#!/usr/bin/env bash
# Measures the aarch64 `hud` on the ARM board (board/arm64/vm.py, one boot; not in CI): exec ->
# first frame cold and warm vs the C floor (board/qemu/bench/firstframe.c cross-built with
# Debian's aarch64-linux-gnu-gcc against the SDK's sysroot), spinner CPU at 30 fps vs
# board/qemu/bench/flipfloor.c, VmHWM showing a label, and the stripped binary's size.
# Figures are from an emulated CPU (TCG): compare the ratios to the floor.
#   scripts/arm64/measure.sh [HUD_AARCH64_BINARY]   (default: build it with build-release.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build-arm64-release/measure
hud=${1:-}
if [[ -z $hud ]]; then bash scripts/arm64/build-release.sh .build-arm64-release; hud=.build-arm64-release/aarch64-unknown-linux-gnu/release/hud; fi
sdk=$(bash scripts/arm64/make-sdk.sh); . "$sdk/env.sh"
board=$(bash board/arm64/make-root.sh)
rm -rf "$out"; mkdir -p "$out/files/bench"
S=$KIOSKHUD_ARM64_SYSROOT
cc=(aarch64-linux-gnu-gcc -O2 -Wall --sysroot="$S" -I"$S/usr/include/libdrm")
"${cc[@]}" -o "$out/files/bench/firstframe" board/qemu/bench/firstframe.c -ldrm
"${cc[@]}" -o "$out/files/bench/flipfloor" board/qemu/bench/flipfloor.c -ldrm
"${cc[@]}" -o "$out/files/bench/launch" board/qemu/bench/launch.c
cp "$hud" "$out/files/hud"
aarch64-linux-gnu-strip -o "$out/hud.stripped" "$hud"
cp board/arm64/measure-guest.sh "$out/files/"
python3 board/arm64/vm.py --board "$board" --files "$out/files" --dump-dir "$out" --log "$out/measure.log" \
    --timeout 900 --quiet measure-guest.sh
python3 - "$out/measure.log" "$(stat -c %s "$out/hud.stripped")" "$(stat -c %s "$hud")" <<'PY'
import re, statistics, sys
lines = open(sys.argv[1], errors="replace").read().splitlines()
def values(tag, key):
    return [float(m.group(1)) for l in lines for m in [re.match(rf"\[{tag}\] .*\b{key}=([\d.]+)", l)] if m]
print("ARM board (qemu-system-aarch64 -M virt, cortex-a72, TCG, virtio-gpu):")
hc, cc = values("hud-cold", "first-frame-ms"), values("c-cold", "first-frame-ms")
hw, cw = values("hud-warm", "first-frame-ms"), values("c-warm", "first-frame-ms")
if hc and cc:
    print(f"  first frame cold: hud {hc[0]:.0f} ms, C floor {cc[0]:.0f} ms, x{hc[0] / cc[0]:.2f}")
if hw and cw:
    mh, mc = statistics.median(hw), statistics.median(cw)
    print(f"  first frame warm (median of {len(hw)}): hud {mh:.0f} ms, C floor {mc:.0f} ms, x{mh / mc:.2f}; "
          f"min {min(hw):.0f} vs {min(cw):.0f}")
ff, sp = values("flipfloor", "cpu-percent"), values("spinner30", "cpu-percent")
if ff and sp:
    print(f"  spinner at 30 fps: {sp[0]:.2f}% of a core, flip floor {ff[0]:.2f}%, x{sp[0] / ff[0]:.1f}")
for l in lines:
    if l.startswith("[hwm]"):
        print("  showing a label:", l[6:])
print(f"  hud stripped: {int(sys.argv[2]) / 1e6:.2f} MB (unstripped {int(sys.argv[3]) / 1e6:.2f} MB)")
PY
