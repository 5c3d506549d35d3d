#!/bin/sh
# The guest half of scripts/startup-order.sh: `hud plymouthd` under callgrind on
# a real KMS driver, driven by Debian's plymouth client as initramfs-tools'
# scripts and Plymouth's units drive it; callgrind's output lands in the
# shared directory ($KIOSKHUD_SHARE/cg.out.p). HUD, THEME and
# KIOSKHUD_FONT_LIST name files on the host's disk.
HUD=${HUD:?HUD must name the hud binary} THEME=${THEME:?THEME must name the theme}
. "$(dirname "$0")/plymouth-session.sh"
modprobe -a evdev virtio_input 2>/dev/null
valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$KIOSKHUD_SHARE/cg.out.p" "$HUD" plymouthd --no-daemon --mode=boot \
    --pid-file=/run/plymouth/pid --kernel-command-line="kioskhud.theme=$THEME" > /tmp/plymouthd.log 2>&1 &
pid=$!
i=0
until plymouth --ping 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat /tmp/plymouthd.log; echo "startup-order-guest: hud plymouthd exited"; exit 1; }
    i=$((i + 1)); [ $i -gt 600 ] && { echo "startup-order-guest: no answer in 60 s"; exit 1; }
    sleep 0.1
done
boot_session
plymouth system-update --progress=40
plymouth hide-message --text="Starting getty"
plymouth message --text="Loading"
plymouth --newroot=/ 2>/dev/null
plymouth --ping
plymouth quit
wait "$pid"
grep -q "first frame on screen" /tmp/plymouthd.log || { cat /tmp/plymouthd.log; echo "startup-order-guest: no frame shown"; exit 1; }
