#!/bin/sh
# Plymouth's deactivate/reactivate on a real DRM driver, run in the guest by
# run-daemon-e2e.sh: `hud daemon --plymouth` shows a static ring; Debian's
# `plymouth deactivate` makes it let go of the display, so another DRM client
# (e2e/takeover.c, $TAKEOVER: a display manager's part) becomes master and
# sets its own mode; requests meanwhile change the HUD without drawing;
# `plymouth reactivate` brings the HUD back as it is now. Input (--input) is
# read only once a keystroke watch needs it, let go of while deactivated and
# read again after. Each step is screendumped; deactivate_check.py judges the
# log and the dumps.
HUD=${HUD:?HUD must name the hud binary}
TAKEOVER=${TAKEOVER:?TAKEOVER must name the takeover program}
here=$(dirname "$0")
shot="$here/../guest/shot.sh"
say() { echo "[$1] $2"; }
# run NAME COMMAND...: one command, its output and exit status tagged.
run() {
    name=$1; shift
    "$@" > "/tmp/$name.out" 2>&1
    code=$?
    sed "s/^/[$name] /" "/tmp/$name.out"
    say "$name" "exit=$code"
}
. "$here/settled.sh"
# inputs LABEL: how many evdev nodes the daemon has open, once it has as many as it should (WANT: some|none).
inputs() {
    n=0
    while :; do
        count=$(ls -l /proc/$pid/fd 2>/dev/null | grep -c '/dev/input/event')
        { [ "$2" = some ] && [ "$count" -gt 0 ]; } || { [ "$2" = none ] && [ "$count" -eq 0 ]; } && break
        n=$((n + 1)); [ $n -gt 100 ] && { say "$1" "timeout: want $2 open after 10 s"; break; }
        sleep 0.1
    done
    say "$1" "input-fds=$count"
}

# QEMU's virtio keyboard and tablet (qemu-run.py --input): the daemon reads them with --input.
modprobe -a evdev virtio_input || say modprobe "failed"
"$HUD" daemon --output kms --plymouth --no-psplash --input > /tmp/daemon.out 2>&1 &
pid=$!
i=0
until "$HUD" ping 2>/dev/null; do
    i=$((i + 1)); [ $i -gt 100 ] && { say daemon "never answered"; break; }
    sleep 0.1
done
run ping /usr/bin/plymouth --ping
# A static ring: no spinner, so dumps of the same state are equal pixel for pixel.
run show "$HUD" show --mode ring --progress 50 --label Before --no-animation
settled
sh "$shot" p-before
# Input is read only once something needs it (issue 24): none while the ring
# shows; a Plymouth keystroke watch (systemd-fsck's "press C to cancel") starts it.
inputs inputs_idle none
/usr/bin/plymouth watch-keystroke --keys=x > /tmp/watch.out 2>&1 &
watch=$!
inputs inputs_before some

# The negative control: while the daemon holds the display, no other client becomes master.
run takeover0 "$TAKEOVER" sh "$shot" p-refused

# deactivate: ACKed once the display is let go of; the picture stays as it was.
run deactivate /usr/bin/plymouth deactivate
run status1 "$HUD" status
inputs inputs_deactivated none
# Changes while deactivated are kept, not drawn.
run progress "$HUD" progress 100
run message /usr/bin/plymouth display-message --text=Away
run status2 "$HUD" status
sh "$shot" p-kept

# Another client takes the display (master, its own mode set, blue) and is dumped while it holds it.
run takeover "$TAKEOVER" sh "$shot" p-takeover

# VT switching is the kernel's again (VT_AUTO): a switch needs no answer from the daemon.
# (Held in VT_PROCESS by a daemon that no longer answers, chvt would wait forever.)
run chvt2 timeout 10 busybox chvt 2
run active cat /sys/class/tty/tty0/active
run chvt1 timeout 10 busybox chvt 1

# reactivate: the HUD is back as it is now (100 %, Away).
run reactivate /usr/bin/plymouth reactivate
settled
run status3 "$HUD" status
sh "$shot" p-back
inputs inputs_back some

# Once more with no change meanwhile: the same picture returns, pixel for pixel.
run deactivate2 /usr/bin/plymouth deactivate
run takeover2 "$TAKEOVER" sh "$shot" p-takeover2
run reactivate2 /usr/bin/plymouth reactivate
settled
sh "$shot" p-back2

# The watch ends unanswered (ignore-keystroke answers it NO_ANSWER).
run ignore /usr/bin/plymouth ignore-keystroke --keys=x
wait $watch
say watch "exit=$?"

# quit while deactivated (the display manager took over for good): the daemon exits 0.
run deactivate3 /usr/bin/plymouth deactivate
run quit /usr/bin/plymouth quit
wait $pid
say daemon "exit=$?"
sed "s/^/[daemonlog] /" /tmp/daemon.out
exit 0
