#!/bin/sh
# Two displays on two cards (qemu-run.py --gpu bochs2), run by
# run-displays-e2e.sh: one daemon (--output auto, straight to KMS) lights
# both, each with its own renderer;
# a VT switch yields both cards and the return repaints both.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
. "$here/displays-lib.sh"

printf '\033[2J\033[H' > /dev/tty1
echo "KioskHUD console ##########" > /dev/tty1
printf '\033[2J\033[H' > /dev/tty2
for i in 1 2 3; do echo "tty2 text ##########" > /dev/tty2; done
start mh --output auto --show --label "Two screens"
settled
say mh "cards: $(ls /dev/dri | tr '\n' ' ')"
shot mh-d0 d0
shot mh-d1 d1
busybox chvt 2
await mh "vt released" && shot_stable mh-vt2-d0 d0 > /dev/null
busybox chvt 1
await mh "vt acquired" && settled
shot mh-vt1-d0 d0
shot mh-vt1-d1 d1
quit mh
