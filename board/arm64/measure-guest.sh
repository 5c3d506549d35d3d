#!/bin/sh
# Runs on the ARM board for scripts/arm64/measure.sh. Output lines tagged [name].
#  - exec -> first frame on screen, cold: hud is the first program after boot (its binary and
#    the graphics libraries not yet read from the virtio-blk disk), then the C floor
#    (bench/firstframe.c; libc and libdrm by then in the page cache, its own binary not);
#  - warm: RUNS rounds of each, alternating;
#  - steady CPU of the spinner at 30 fps vs bench/flipfloor.c (12 flips a second);
#  - VmHWM of hud display showing a label.
HUD=/kioskhud/hud; BENCH=/kioskhud/bench
RUNS=${RUNS:-6}
timed() {
    name=$1; shift
    "$BENCH/launch" "$@" > /tmp/timed.out 2>&1
    sed "s/^/[$name] /" /tmp/timed.out
}
sleep 1   # the console's own first drawing settles
timed hud-cold "$HUD" display --label Loading --frames 1 --stats
timed c-cold "$BENCH/firstframe"
i=0
while [ $i -lt "$RUNS" ]; do
    if [ $((i % 2)) = 0 ]; then
        timed hud-warm "$HUD" display --label Loading --frames 1 --stats; timed c-warm "$BENCH/firstframe"
    else
        timed c-warm "$BENCH/firstframe"; timed hud-warm "$HUD" display --label Loading --frames 1 --stats
    fi
    i=$((i + 1))
done
"$BENCH/flipfloor" 12 7 > /tmp/ff.out 2>&1; sed "s/^/[flipfloor] /" /tmp/ff.out
"$HUD" display --label Loading --fps 30 --seconds 7 --stats > /tmp/s30.out 2>&1; sed "s/^/[spinner30] /" /tmp/s30.out
"$HUD" display --indicator ring --progress 0.5 --label Loading --seconds 60 --stats > /tmp/hwm.out 2>&1 &
pid=$!
n=0
until grep -q complete-frame-ms /tmp/hwm.out; do n=$((n + 1)); [ $n -gt 600 ] && break; sleep 0.1; done
echo "[hwm] $(grep VmHWM /proc/$pid/status | tr -s ' \t' ' ') $(grep RssAnon /proc/$pid/status | tr -s ' \t' ' ')"
kill -TERM $pid; wait $pid
exit 0
