#!/bin/sh
# Displays in the wild, run in the guest by run-displays-e2e.sh (booted with
# --no-modprobe): the daemon started before the DRM driver loads; fbdev
# forced (/dev/fb0 from DRM's fbdev emulation, our KMS path unused) with a VT
# switch away and back; a late GPU taking over from fbdev. Output lines are
# tagged [step]; displays_check.py decides PASS/FAIL from the log and dumps.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
. "$here/displays-lib.sh"

# 1. Late driver: the daemon starts before any card or framebuffer exists.
start early --output auto --card-wait 30 --show --label Early
say early "cards before: $(ls /dev/dri 2>/dev/null | tr '\n' ' ') fb: $(ls /dev/fb* 2>/dev/null)"
shot early-before
modprobe "$KIOSKHUD_GPU_MODULE"
await early "switched to kms" && settled
shot early-after
quit early

# The console as the fbdev runs find it.
printf '\033[2J\033[H' > /dev/tty1
for i in 1 2 3 4 5 6; do echo "KioskHUD console line $i ##########" > /dev/tty1; done
printf '\033[2J\033[H' > /dev/tty2
for i in 1 2 3; do echo "tty2 text ##########" > /dev/tty2; done
console=$(shot_stable console)

# 2. fbdev forced: no DRM master, the picture goes through /dev/fb0.
start fbdev --output fbdev --show --label Framebuffer
settled
shot fb-shown
busybox chvt 2
await fbdev "vt released" && shot_stable fb-vt2 > /dev/null
busybox chvt 1
await fbdev "vt acquired" && settled
shot fb-vt1
quit fbdev
shot_equal fb-quit "$console"

# 3. Late GPU with fbdev meanwhile: the daemon looks for cards in an empty
#    directory, shows the HUD on fbdev, and takes over KMS when card0
#    appears, even after --card-wait has run out (a driver loaded from the
#    real root comes seconds after the splash started).
mkdir -p /run/dri
start late --output auto --dri-dir /run/dri --card-wait 1 --show --label Late
await late "still watching for one"
settled
shot late-fbdev
mknod /run/dri/card0 c 226 0
await late "late GPU: switched"
settled
shot late-kms
quit late
shot_equal late-quit "$console"
