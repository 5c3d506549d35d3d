#!/bin/sh
# Runs inside the guest for measure.sh: first-frame times of the bare C
# program and of hud (alternating, one warm-up each), then steady-state CPU
# and wake-ups of hud. Output lines are tagged [name] for the host.
: "${HUD:?}" "${BENCH:?}"
RUNS=${RUNS:-8}
i=0
while [ $i -le "$RUNS" ]; do
    tag=warm; [ $i -gt 0 ] && tag=run
    "$BENCH/launch" "$BENCH/firstframe" | sed "s/^/[c-$tag] /"
    "$BENCH/launch" "$BENCH/firstframe-cairo" | sed "s/^/[ccairo-$tag] /"
    "$BENCH/launch" "$HUD" display --label Loading --frames 1 --stats | sed "s/^/[hud-$tag] /"
    "$BENCH/launch" "$HUD" display --label Loading --frames 1 --stats --legacy | sed "s/^/[hudlegacy-$tag] /"
    i=$((i + 1))
done
# Steady state: 7 s each; the window starts when the first complete frame is up.
"$BENCH/flipfloor" 12 7 | sed "s/^/[flipfloor] /"
"$HUD" display --label Loading --fps 60 --seconds 7 --stats | sed "s/^/[spinner60] /"
"$HUD" display --label Loading --fps 30 --seconds 7 --stats | sed "s/^/[spinner30] /"
"$HUD" display --label Loading --fps 30 --seconds 7 --stats --legacy | sed "s/^/[spinner30legacy] /"
"$HUD" display --indicator ring --progress-ramp 100 --label Loading --fps 60 --seconds 7 --stats | sed "s/^/[ramp60] /"
"$HUD" display --indicator ring --progress-ramp 100 --label Loading --fps 30 --seconds 7 --stats | sed "s/^/[ramp30] /"
"$HUD" display --indicator ring --progress 0.5 --label Static --seconds 7 --stats | sed "s/^/[static] /"
exit 0
