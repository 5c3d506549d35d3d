#!/bin/sh
# Motion scenarios, run in the guest (by guest.sh, or alone by motion-e2e.sh):
# a real LIS3DH under the kernel's st_accel driver, fed through i2c-stub, is
# tilted by writing its output registers. Runs `hud motion --once` (device
# picked, calibration, gravity, bezel offset) and `hud display --motion` with
# screendumps flat / right edge down / bottom edge down / flat again. Output
# is tagged "[name] ..." with "[name] exit=N"; motion_check.py judges it.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")

# cli NAME ARGS...: `hud motion ARGS`, output tagged.
cli() {
    name=$1; shift
    "$HUD" motion "$@" > "/tmp/$name.out" 2>&1
    code=$?
    sed "s/^/[$name] /" "/tmp/$name.out"
    echo "[$name] exit=$code"
}

modprobe i2c-stub chip_addr=0x18 && modprobe i2c-dev || { echo "[motionsetup] modprobe i2c-stub i2c-dev failed"; exit 0; }
bus=
for d in /sys/bus/i2c/devices/i2c-*; do
    grep -q 'SMBus stub' "$d/name" 2>/dev/null && bus=${d##*/i2c-}
done
[ -n "$bus" ] || { echo "[motionsetup] no i2c-stub bus"; exit 0; }

# reg ADDR VALUE: a register and its auto-increment alias (the driver ORs
# 0x80 into multi-byte reads). -f: the driver has claimed the address.
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
modprobe st_accel_i2c || { echo "[motionsetup] modprobe st_accel_i2c failed"; exit 0; }
echo lis3dh 0x18 > "/sys/bus/i2c/devices/i2c-$bus/new_device"
i=0
while [ ! -e /sys/bus/iio/devices/iio:device0/in_accel_x_raw ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done

# 7a. What the debugging command sees, flat and tilted 30°. It changes no
# device state unless asked: --raise-rate raises the 1 Hz ODR for its run only.
rate=/sys/bus/iio/devices/iio:device0/sampling_frequency
echo "[motionrate] before=$(cat $rate)"
cli motionflat --once
echo "[motionrate] after-diagnostic=$(cat $rate)"
cli motionraise --once --raise-rate
echo "[motionrate] after-raise-rate=$(cat $rate)"
set_raw -500 0 866                 # right edge 30° down
cli motionright --once
cli motionscale --once --scale 2
cli motionrotated --once --rotation 90
set_raw 0 500 866                  # bottom edge 30° down
cli motiondown --once

# 7b. The background reader against the real driver (its CPU cost in the guest).
set_raw 0 0 1000
cli motioncpu --cpu-seconds 5

# 7c. The HUD on the display follows the chip. Each screendump waits for
# `hud display --stats` to say it presented the bezel where the tilt sends it
# (bezel-at=X,Y, relative to where it stood flat; under emulation the reader
# gets ~7 readings/s and the 150 ms low-pass takes a second or so).
if ls /dev/dri/card* > /dev/null 2>&1; then
    "$HUD" display --motion --indicator text --label Tilt --seconds 90 --stats > /tmp/motiondisplay.out 2>&1 &
    pid=$!
    i=0
    while ! grep -q complete-frame-ms /tmp/motiondisplay.out && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
    flat=$(sed -n 's/^stats: layout bezel=\(-*[0-9]*\),\(-*[0-9]*\),.*/\1 \2/p' /tmp/motiondisplay.out | head -n 1)
    [ -n "$flat" ] || echo "[motiondisplay] no layout line: the display never drew a complete frame"
    # bezel_at DX DY NAME: until the last bezel-at line is the flat place moved by DX,DY
    # (at most 600 polls, 60 s), then the screendump NAME.
    bezel_at() {
        set -- $flat "$@"
        want="stats: bezel-at=$(($1 + $3)),$(($2 + $4))"
        i=0
        until [ "$(grep '^stats: bezel-at=' /tmp/motiondisplay.out | tail -n 1)" = "$want" ]; do
            i=$((i + 1))
            [ $i -gt 600 ] && { echo "[motiondisplay] never presented ${want#stats: } for $5"; break; }
            sleep 0.1
        done
        sh "$here/../guest/shot.sh" "$5"
    }
    bezel_at 0 0 motion-flat
    set_raw -500 0 866; bezel_at 5 0 motion-right
    set_raw 0 500 866; bezel_at 0 5 motion-down
    set_raw 0 0 1000; bezel_at 0 0 motion-back
    kill -INT $pid
    wait $pid
    code=$?
    sed "s/^/[motiondisplay] /" /tmp/motiondisplay.out
    echo "[motiondisplay] exit=$code"
    echo "[motionrate] after-display=$(cat $rate)"
fi

# 7d. Faults and bad input.
echo 0x18 > "/sys/bus/i2c/devices/i2c-$bus/delete_device"
cli motiongone --once
cli motionbadflag --rate fast
exit 0
