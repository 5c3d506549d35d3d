#!/bin/sh
# Two displays on two cards (qemu-run.py --gpu bochs2), run by
# run-displays-e2e.sh: one daemon lights both, each with its own renderer.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
. "$here/displays-lib.sh"

printf '\033[2J\033[H' > /dev/tty1
echo "KioskHUD console ##########" > /dev/tty1
start mh --output kms --show --label "Two screens"
settle
say mh "cards: $(ls /dev/dri | tr '\n' ' ')"
shot mh-d0 d0
shot mh-d1 d1
quit mh
