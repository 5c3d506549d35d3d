#!/bin/sh
# Guest side: a real LIS3DH under the kernel's st_accel driver, fed through
# i2c-stub, read by `hud motion --once`. Tilts the emulated chip by writing
# its output registers and checks the device picked, the calibration applied
# and the bezel offset (MBProgressHUD's ±10 pt, times --scale, turned with
# --rotation). Needs $HUD (path to the hud binary); with $SHOT (path to
# guest/shot.sh) and a DRM card it also runs `hud display --motion` and asks
# the host for screendumps (checked by motion_check.py). Prints PASS/FAIL
# lines; exits non-zero if any check failed.
set -u
HUD=${HUD:?HUD must name the hud binary}
failures=0
pass() { echo "PASS motion: $1"; }
fail() { echo "FAIL motion: $1"; failures=$((failures + 1)); }

modprobe i2c-stub chip_addr=0x18 && modprobe i2c-dev || { echo "FAIL motion: modprobe i2c-stub i2c-dev"; exit 1; }
bus=
for d in /sys/bus/i2c/devices/i2c-*; do
    grep -q 'SMBus stub' "$d/name" 2>/dev/null && bus=${d##*/i2c-}
done
[ -n "$bus" ] || { echo "FAIL motion: no i2c-stub bus"; exit 1; }

# reg VALUE: set a register and its auto-increment alias (the driver ORs 0x80).
reg() {
    busybox i2cset -f -y "$bus" 0x18 "$1" "$2"
    busybox i2cset -f -y "$bus" 0x18 "$(printf '0x%02x' $(($1 | 0x80)))" "$2"
}
# set_raw X Y Z: 12-bit counts (1 mg each at ±2 g), left-justified little-endian.
set_raw() {
    r=0x28
    for v in "$1" "$2" "$3"; do
        w=$(( (v << 4) & 0xffff ))
        reg "$(printf '0x%02x' $r)" "$(printf '0x%02x' $((w & 0xff)))"
        reg "$(printf '0x%02x' $((r + 1)))" "$(printf '0x%02x' $((w >> 8)))"
        r=$((r + 2))
    done
}
reg 0x0f 0x33                      # WHO_AM_I: lis3dh
set_raw 0 0 1000                   # lying flat, face up: z = +1 g
modprobe st_accel_i2c || { echo "FAIL motion: modprobe st_accel_i2c"; exit 1; }
echo lis3dh 0x18 > "/sys/bus/i2c/devices/i2c-$bus/new_device"
i=0
while [ ! -e /sys/bus/iio/devices/iio:device0/in_accel_x_raw ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done

# expect NAME PATTERN OUTPUT: PATTERN is a grep -E regex that must match.
expect() {
    if printf '%s\n' "$3" | grep -Eq -- "$2"; then pass "$1"; else fail "$1 (wanted /$2/)"; printf '%s\n' "$3" | sed 's/^/    /'; fi
}

out=$("$HUD" motion --once 2>&1); rc=$?
printf '%s\n' "$out"
[ $rc = 0 ] && pass "flat: exit 0" || fail "flat: exit $rc"
expect "picks the real device" '^device: iio:device0 \(lis3dh\)' "$out"
expect "says why" 'picked: the only accelerometer' "$out"
expect "raises the 1 Hz ODR" 'sampling: sampling_frequency 1 → 50 Hz' "$out"
expect "per-axis scale" 'x: \(raw \+ 0\) × 0\.009806  \[scale: in_accel_x_scale' "$out"
expect "mount matrix" 'mount matrix: 1, 0, 0; 0, 1, 0; 0, 0, 1  \[mount_matrix\]' "$out"
expect "flat: gravity along z" 'x 0\.000 y 0\.000 z 9\.806 m/s²' "$out"
expect "flat: centred" 'bezel offset \(0, 0\) px' "$out"

set_raw -500 0 866                 # right edge 30° down
out=$("$HUD" motion --once 2>&1)
expect "right edge down: gravity" 'x -4\.903 y 0\.000 z 8\.492' "$out"
expect "right edge down: bezel 5 px right" 'bezel offset \(5, 0\) px' "$out"
out=$("$HUD" motion --once --scale 2 2>&1)
expect "scale 2: 10 px right" 'bezel offset \(10, 0\) px' "$out"
out=$("$HUD" motion --once --rotation 90 2>&1)
expect "rotation 90: 5 px up in the image" 'bezel offset \(0, -5\) px' "$out"

set_raw 0 500 866                  # bottom edge 30° down
out=$("$HUD" motion --once 2>&1)
expect "bottom edge down: bezel 5 px down" 'bezel offset \(0, 5\) px' "$out"

set_raw 0 0 1000
out=$("$HUD" motion --cpu-seconds 6 --rate 30 2>&1); rc=$?
printf '%s\n' "$out"
[ $rc = 0 ] && pass "background reader reads the real device" || fail "background reader (exit $rc)"

# The HUD on the real display follows the chip: screendumps flat, right edge
# down and bottom edge down; motion_check.py on the host measures the bezel.
if [ -n "${SHOT:-}" ] && ls /dev/dri/card* >/dev/null 2>&1; then
    "$HUD" display --motion --indicator text --label Tilt --seconds 90 --stats > /tmp/motion-display.out 2>&1 &
    pid=$!
    i=0
    while ! grep -q complete-frame-ms /tmp/motion-display.out && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
    settle() { sleep 3; }           # reader at ~7 Hz under emulation + 150 ms low-pass
    settle; sh "$SHOT" motion-flat
    set_raw -500 0 866; settle; sh "$SHOT" motion-right
    set_raw 0 500 866; settle; sh "$SHOT" motion-down
    set_raw 0 0 1000; settle; sh "$SHOT" motion-back
    kill -INT $pid; wait $pid; code=$?
    sed 's/^/[motion-display] /' /tmp/motion-display.out
    [ $code = 0 ] && pass "display --motion: exit 0" || fail "display --motion: exit $code"
    expect "display --motion: reader found the chip" 'motion: accelerometer iio:device0 \(lis3dh\)' "$(cat /tmp/motion-display.out)"
fi

echo 0x18 > "/sys/bus/i2c/devices/i2c-$bus/delete_device"
out=$("$HUD" motion --once 2>&1); rc=$?
printf '%s\n' "$out"
[ $rc = 1 ] && pass "device removed: exit 1" || fail "device removed: exit $rc"
expect "device removed: clear message" 'no accelerometer' "$out"

out=$("$HUD" motion --rate fast 2>&1); rc=$?
[ $rc = 2 ] && pass "bad flag: exit 2" || fail "bad flag: exit $rc"

echo "motion: $failures failed"
[ $failures = 0 ]
