#!/bin/sh
# The guest half of scripts/startup-order.sh: `hud plymouthd` under callgrind on
# a real KMS driver, driven by Debian's plymouth client as initramfs-tools'
# scripts and Plymouth's units drive it; callgrind's output lands in the
# shared directory ($KIOSKHUD_SHARE/cg.out.p). Then the same session without
# valgrind and with the kernel's fault-around off (debugfs): the binary's code
# pages resident at its end are exactly those it touched, and their addresses
# go to $KIOSKHUD_SHARE/pages.p (functions callgrind did not name are on them).
# HUD, THEME and KIOSKHUD_FONT_LIST name files on the host's disk.
HUD=${HUD:?HUD must name the hud binary} THEME=${THEME:?THEME must name the theme}
. "$(dirname "$0")/plymouth-session.sh"
modprobe -a evdev virtio_input 2>/dev/null
# session [RUNNER...]: hud plymouthd (under RUNNER) through a boot's session;
# $AT_END runs before it quits.
session() {
    "$@" "$HUD" plymouthd --no-daemon --mode=boot \
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
    ${AT_END:-true}
    plymouth quit
    wait "$pid"
    grep -q "first frame on screen" /tmp/plymouthd.log || { cat /tmp/plymouthd.log; echo "startup-order-guest: no frame shown"; exit 1; }
}
session valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$KIOSKHUD_SHARE/cg.out.p"
# The code pages of $HUD resident in process $pid (/proc/PID/pagemap), one address per line.
touched_pages() {
    python3 - "$pid" "$HUD" > "$KIOSKHUD_SHARE/pages.p" <<'PY'
import os, struct, sys
pid, binary = sys.argv[1], os.path.realpath(sys.argv[2])
for line in open(f"/proc/{pid}/maps"):
    f = line.split()
    if len(f) >= 6 and f[1].startswith("r-x") and os.path.realpath(f[5]) == binary:
        lo, hi = (int(x, 16) for x in f[0].split("-"))
        with open(f"/proc/{pid}/pagemap", "rb") as pm:
            pm.seek(lo // 4096 * 8)
            for k, (e,) in enumerate(struct.iter_unpack("<Q", pm.read((hi - lo) // 4096 * 8))):
                if e >> 63 & 1:
                    print(hex(lo + k * 4096))
PY
}
mount -t debugfs none /sys/kernel/debug 2>/dev/null
if [ -w /sys/kernel/debug/fault_around_bytes ]; then
    echo 4096 > /sys/kernel/debug/fault_around_bytes
    AT_END=touched_pages session
else
    echo "startup-order-guest: no fault_around_bytes in debugfs: no pages.p"
fi
