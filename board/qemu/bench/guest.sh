#!/bin/sh
# Runs inside the guest for measure.sh: first-frame times of the bare C
# program and of hud (in turns, one warm-up round), then steady-state CPU
# and wake-ups of hud. Output lines are tagged [name] for the host.
: "${HUD:?}" "${BENCH:?}"
RUNS=${RUNS:-8}
i=0
# Output goes to a file and is tagged afterwards: a `| sed` would start sed
# beside the program being timed, on the guest's one CPU.
timed() {
    name=$1; shift
    "$BENCH/launch" "$@" > /tmp/timed.out 2>&1
    sed "s/^/[$name] /" /tmp/timed.out
}
run_one() {
    case $1 in
    c) timed "c-$tag" "$BENCH/firstframe" ;;
    cpixman) timed "cpixman-$tag" "$BENCH/firstframe-pixman" ;;
    hud) timed "hud-$tag" "$HUD" display --label Loading --frames 1 --stats ;;
    hudlegacy) timed "hudlegacy-$tag" "$HUD" display --label Loading --frames 1 --stats --legacy ;;
    esac
}
# The order turns by one each round, so each program follows each other one
# as often (what the last one left behind, e.g. the console being redrawn,
# does not always land on the same program).
while [ $i -le "$RUNS" ]; do
    tag=warm; [ $i -gt 0 ] && tag=run
    case $((i % 4)) in
    0) order="c cpixman hud hudlegacy" ;;
    1) order="cpixman hud hudlegacy c" ;;
    2) order="hud hudlegacy c cpixman" ;;
    3) order="hudlegacy c cpixman hud" ;;
    esac
    for p in $order; do run_one "$p"; done
    i=$((i + 1))
done
# Steady state: 7 s each; the window opens 1 s after the first complete frame.
"$BENCH/flipfloor" 12 7 | sed "s/^/[flipfloor] /"
"$HUD" display --label Loading --fps 60 --seconds 7 --stats | sed "s/^/[spinner60] /"
"$HUD" display --label Loading --fps 30 --seconds 7 --stats | sed "s/^/[spinner30] /"
"$HUD" display --label Loading --fps 30 --seconds 7 --stats --legacy | sed "s/^/[spinner30legacy] /"
"$HUD" display --indicator ring --progress-ramp 100 --label Loading --fps 60 --seconds 7 --stats | sed "s/^/[ramp60] /"
"$HUD" display --indicator ring --progress-ramp 100 --label Loading --fps 30 --seconds 7 --stats | sed "s/^/[ramp30] /"
"$HUD" display --indicator ring --progress 0.5 --label Static --seconds 7 --stats | sed "s/^/[static] /"
exit 0
