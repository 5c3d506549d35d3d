#!/bin/sh
# Input through libinput and xkbcommon (`hud input`), run inside the guest by
# run-input-e2e.sh (qemu-run.py --input: a virtio keyboard and tablet, no udevd)
# and judged by input_check.py. `hud input` starts before the input drivers
# load, so the devices reach it by hotplug; a second run meanwhile gets no
# injected input (the negative control); then the host types and taps through
# QMP, and the drivers are unloaded (device removal). Each program's output
# is tagged [live], [quiet]; the steps [steps].
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
say() { echo "[steps] $*"; }
inject() { sh "$here/../guest/input.sh" "$@" || say "inject $* failed"; }
# await FILE PATTERN [COUNT]: until FILE has COUNT lines with PATTERN (30 s at most).
await() {
    i=0
    while [ "$(grep -c "$2" "$1" 2>/dev/null)" -lt "${3:-1}" ]; do
        i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for '$2' x${3:-1} in $1"; return 1; }
        sleep 0.1
    done
}

"$HUD" input --seconds 90 --size 1280x800 > /tmp/live.out 2> /tmp/live.err &
live=$!
await /tmp/live.out '^ready'
say "devices before modprobe: $(ls /dev/input 2>/dev/null | tr '\n' ' ')"
modprobe -a evdev virtio_input || say "modprobe failed"
await /tmp/live.out 'device added .*Virtio Keyboard'
await /tmp/live.out 'device added .*Virtio Tablet'
say "udev entries: $(grep -l KIOSKHUD_INPUT_ID /run/udev/data/* 2>/dev/null | tr '\n' ' ')"

# The negative control: devices present, nothing injected.
"$HUD" input --seconds 3 --size 1280x800 > /tmp/quiet.out 2> /tmp/quiet.err
say "quiet exit=$?"

inject key a
inject key shift b
inject key ret
inject key backspace
inject key esc
inject key ctrl c
inject tap 16384 16384
inject tap 4096 28672
await /tmp/live.out 'pointer button left released' 2
sleep 0.5
modprobe -r virtio_input || say "modprobe -r virtio_input failed"
await /tmp/live.out 'device removed' 2
kill -TERM $live
wait $live
say "live exit=$?"
sed 's/^/[live] /' /tmp/live.out
sed 's/^/[livelog] /' /tmp/live.err
sed 's/^/[quiet] /' /tmp/quiet.out
sed 's/^/[quietlog] /' /tmp/quiet.err
