#!/bin/sh
# Memory of a `hud plymouthd` boot session that shows no prompt (issue 24),
# for one or two hud binaries in one guest boot, alternating, ROUNDS times:
# `hud plymouthd --no-daemon` on the display (here with QEMU's virtio keyboard
# and tablet present), Plymouth's client shows the splash and sends statuses
# and messages as a boot does, then VmHWM (/proc/PID/status), Pss with its
# anonymous and file-backed parts (smaps_rollup) and whether libinput is
# mapped are read, and the daemon quits. One `[mem] ` line per session.
# Run from the repository:
#   python3 board/qemu/qemu-run.py --gpu bochs --input --timeout 300 --quiet \
#       --env HUDS="$PWD/a/hud $PWD/b/hud" --log LOG board/qemu/bench/plymouthd-memory-guest.sh
# (the binaries on the host's disk: the guest's /tmp is its own).
HUDS=${HUDS:?HUDS must name one or more hud binaries}
ROUNDS=${ROUNDS:-3}
. "$(dirname "$0")/plymouth-session.sh"
modprobe -a evdev virtio_input 2>/dev/null
field() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "$2"; }
round=1
while [ "$round" -le "$ROUNDS" ]; do
    for hud in $HUDS; do
        "$hud" plymouthd --no-daemon --mode=boot --pid-file=/run/plymouth/pid > /tmp/plymouthd.log 2>&1 &
        pid=$!
        i=0
        until plymouth --ping 2>/dev/null; do
            i=$((i + 1)); [ $i -gt 100 ] && { echo "[mem] $hud: never answered"; break; }
            sleep 0.1
        done
        boot_session 0.3
        sleep 2
        echo "[mem] $hud round=$round hwm=$(field VmHWM /proc/$pid/status) rss=$(field VmRSS /proc/$pid/status)" \
            "pss=$(field Pss /proc/$pid/smaps_rollup) pss_anon=$(field Pss_Anon /proc/$pid/smaps_rollup)" \
            "pss_file=$(field Pss_File /proc/$pid/smaps_rollup) libinput_maps=$(grep -c 'libinput\.so' /proc/$pid/maps)" \
            "input_fds=$(ls -l /proc/$pid/fd | grep -c ' /dev/input/')"
        plymouth quit
        wait $pid
    done
    round=$((round + 1))
done
exit 0
