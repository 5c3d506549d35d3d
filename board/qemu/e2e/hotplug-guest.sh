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
shot hp-h0-a d0 0
sleep 0.25
shot hp-h0-a2 d0 0
plug 1024 768
sleep 2
shot hp-h1-on d0 1
shot hp-h0-b d0 0
sleep 0.25
shot hp-h0-b2 d0 0
say hp "plugged fbs=$(fbs)"
plug 0 0
sleep 1.5
shot hp-h0-c d0 0
sleep 0.25
shot hp-h0-c2 d0 0
say hp "unplugged fbs=$(fbs) fds=$(fds)"
for i in 1 2 3 4 5 6; do
    plug 800 600; sleep 1
    plug 0 0; sleep 1
done
say hp "cycles fbs=$(fbs) fds=$(fds)"
plug 800 600
sleep 2
shot hp-h1-again d0 1
quit hp
settle

# --outputs: only head 0 (Virtual-1); head 1, connected now, stays dark.
start only --output kms --outputs Virtual-1 --show --label Only
settled
shot only-h0 d0 0
shot only-h1 d0 1
quit only
