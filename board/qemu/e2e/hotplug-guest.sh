#!/bin/sh
# Hotplug on one virtio-gpu card with two heads (qemu-run.py --gpu virtio2),
# run by run-displays-e2e.sh: head 1 is plugged and unplugged through the
# host's VNC client while head 0 keeps animating; framebuffers and fds are
# counted before and after plug/unplug cycles; --outputs leaves head 1 dark.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
. "$here/displays-lib.sh"
plug() { sh "$here/../guest/vnc-resize.sh" "$1" "$2" || say hp "vnc-resize $1 $2 failed"; }
mount -t debugfs none /sys/kernel/debug 2>/dev/null
fbs() { grep -c '^framebuffer' /sys/kernel/debug/dri/0/framebuffer; }
fds() { ls "/proc/$(cat /tmp/hp.pid)/fd" | wc -l; }

start hp --output kms --show --label Hotplug
settled
say hp "before fbs=$(fbs) fds=$(fds)"
# Each moment is a pair of dumps of head 0: the second once the screen has
# changed from the first (the spinner turned; shots.sh), never a fixed delay.
moving() { a=$(shot_digest "$1" d0 0); shot_changed "${1}2" "$a" d0 0; }
moving hp-h0-a
plug 1024 768
await_count hp "output connected: .* Virtual-2" 1 && settled
shot hp-h1-on d0 1
moving hp-h0-b
say hp "plugged fbs=$(fbs)"
plug 0 0
await_count hp "output disconnected: Virtual-2" 1 && settled
moving hp-h0-c
say hp "unplugged fbs=$(fbs) fds=$(fds)"
# Six cycles, each plug and unplug waited for in the daemon's log.
for cycle in 2 3 4 5 6 7; do
    plug 800 600; await_count hp "output connected: .* Virtual-2" $cycle
    plug 0 0; await_count hp "output disconnected: Virtual-2" $cycle
done
settled
say hp "cycles fbs=$(fbs) fds=$(fds)"
plug 800 600
await_count hp "output connected: .* Virtual-2" 8 && settled
shot hp-h1-again d0 1
quit hp

# --outputs: only head 0 (Virtual-1); head 1, connected now, stays dark.
start only --output kms --outputs Virtual-1 --show --label Only
settled
shot only-h0 d0 0
shot only-h1 d0 1
quit only
