#!/bin/sh
# Heap leak check of `hud daemon --output kms` over a hotplug loop, under
# valgrind memcheck (qemu-run.py --gpu virtio2), run by run-leak-e2e.sh and
# judged by leak_check.py. One daemon under valgrind: head 0 lit from the
# start, head 1 plugged and unplugged through the host's VNC client. After a
# warm-up cycle (fonts, first-use caches), valgrind's own leak scan is taken
# through vgdb at checkpoints (LEAK_CHECKPOINTS, cumulative cycle counts, e.g.
# "2 8"); then quit, and valgrind's exit-time scan. Every scan's LEAK SUMMARY
# and records go to the console as `[leak] ...` lines.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
checkpoints=${LEAK_CHECKPOINTS:-2 8}
supp=$(cd "$here" && pwd)/valgrind.supp
say() { echo "[$1] $2"; }
t0=$(cut -d' ' -f1 /proc/uptime)
ts() { say leak "t=$(awk -v t0="$t0" '{printf "%.1f", $1 - t0}' /proc/uptime) $*"; }
plug() { sh "$here/../guest/vnc-resize.sh" "$1" "$2" || say leak "vnc-resize $1 $2 failed"; }
count() { grep -c "$1" /tmp/leak.out; }
# wait_for TEXT N SECONDS: until the daemon's log has N lines with TEXT.
wait_for() {
    i=0
    while [ "$(count "$1")" -lt "$2" ]; do
        kill -0 "$pid" 2> /dev/null || { ts "daemon gone waiting for '$1' x$2"; return 1; }
        i=$((i + 1)); [ $i -gt $(($3 * 5)) ] && { ts "timeout waiting for '$1' x$2"; return 1; }
        sleep 0.2
    done
}
. "$here/settled.sh"
# One plug/unplug cycle, each step confirmed by the daemon's log; head 1
# stays lit until the daemon has settled (its frame, with labels, is on
# screen and its font helper thread has finished), and so does the unplug.
cycles=0
cycle() {
    cycles=$((cycles + 1))
    plug 800 600
    wait_for "output connected: /dev/dri/card0 Virtual-2" $cycles 60 && settled
    plug 0 0
    wait_for "output disconnected: Virtual-2" $cycles 60 && settled
}
scan() {
    ts "scan after $cycles cycles"
    timeout 120 vgdb --pid="$pid" leak_check full kinds definite,indirect increased limited 40 > /tmp/scan.out 2>&1
    sed "s/^/[leak] scan $cycles: /" /tmp/scan.out
}

ts "valgrind $(valgrind --version)"
say leak "checkpoints $checkpoints"
# --undef-value-errors=no: only leaks are judged here, and it roughly
# halves memcheck's cost under TCG. --vgdb=yes: scans on demand.
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect --undef-value-errors=no \
    --num-callers=30 ${LEAK_VG_EXTRA:-} --suppressions="$supp" --vgdb=yes --log-file=/tmp/leak.vg \
    "$HUD" daemon --no-psplash --output kms --show --label Leak > /tmp/leak.out 2>&1 &
pid=$!
i=0
until "$HUD" ping > /dev/null 2>&1; do
    i=$((i + 1)); [ $i -gt 600 ] && { ts "daemon never answered"; break; }
    sleep 0.2
done
ts "daemon answers"
wait_for "first frame with its label drawn" 1 120 && ts "labels drawn"
cycle
ts "warm-up cycle done"
scan
for checkpoint in $checkpoints; do
    while [ $cycles -lt "$checkpoint" ]; do cycle; done
    scan
done
"$HUD" quit > /dev/null 2>&1
ts "quit sent"
i=0
while kill -0 "$pid" 2>/dev/null; do
    i=$((i + 1)); [ $i -gt 900 ] && { ts "no exit 180 s after quit; killing"; kill -9 "$pid"; break; }
    sleep 0.2
done
wait "$pid"
say leak "exit=$?"
ts "exited"
sed "s/^/[leakd] /" /tmp/leak.out
grep -v '^==[0-9]*== *$' /tmp/leak.vg | sed "s/^/[leakvg] /"
