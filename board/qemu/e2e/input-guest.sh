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

# The HUD's button on the display: `hud daemon --input` on the bochs card.
# Enter presses it; a tap beside it does nothing; a tap on it presses it
# (where it is, the daemon logs: `button at X,Y WxH px`). Each press answers
# a `hud wait-button` client.
modprobe virtio_input || say "modprobe virtio_input failed"
export HUD_SOCKET=/tmp/button.sock
"$HUD" daemon --output kms --input --no-psplash > /tmp/daemon.out 2>&1 &
daemon=$!
. "$here/settled.sh"
i=0
until "$HUD" ping > /dev/null 2>&1; do
    i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for the daemon"; break; }
    sleep 0.1
done
"$HUD" show --label Tap --button OK
settled
await /tmp/daemon.out 'input: device added .*Virtio Keyboard'
await /tmp/daemon.out 'input: device added .*Virtio Tablet'
await /tmp/daemon.out 'button at '
# waiting N: until the daemon has N wait-button clients.
waiting() {
    i=0
    until "$HUD" status 2>/dev/null | grep -qx "button-waiters=$1"; do
        i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for $1 button waiter(s)"; return 1; }
        sleep 0.1
    done
}
timeout 30 "$HUD" wait-button > /tmp/wb-key.out 2>&1 &
wb=$!
waiting 1
inject key ret
wait $wb
say "button-key exit=$?"
set -- $(sed -n 's/.*button at \([0-9]*\),\([0-9]*\) \([0-9]*\)x\([0-9]*\) px.*/\1 \2 \3 \4/p' /tmp/daemon.out | tail -1)
say "button rect: $*"
if [ $# -eq 4 ]; then
    cx=$(( $1 + $3 / 2 )); cy=$(( $2 + $4 / 2 ))
    timeout 30 "$HUD" wait-button > /tmp/wb-tap.out 2>&1 &
    wb=$!
    waiting 1
    # The tablet's axes run 0..32767 over the 1280x800 screen.
    inject tap $(( 100 * 32768 / 1280 )) $(( 100 * 32768 / 800 ))
    sleep 1
    kill -0 $wb 2>/dev/null && say "button-tap-beside still waiting"
    inject tap $(( cx * 32768 / 1280 )) $(( cy * 32768 / 800 ))
    wait $wb
    say "button-tap exit=$?"
fi
"$HUD" quit
wait $daemon
say "daemon exit=$?"
sed 's/^/[daemon] /' /tmp/daemon.out
