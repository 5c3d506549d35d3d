#!/bin/sh
# Runs inside a vkms guest for bench-overlay.sh: the page-flip floor for a
# spinner, then kiosk-bench's three loads (a spinner over a static picture;
# the picture at 30 fps alone; both) on the overlay plane and composed on
# the CPU, 7 s each after a 1 s warm-up, in turns. Lines tagged [name].
: "${KIOSK_BENCH:?}" "${BENCH:?}"
SECONDS_EACH=${SECONDS_EACH:-7}
"$BENCH/flipfloor" 12 "$SECONDS_EACH" | sed "s/^/[flipfloor] /"
for load in spinner app app-hud; do
    "$KIOSK_BENCH" "$load" "$SECONDS_EACH" | sed "s/^/[$load-overlay] /"
    "$KIOSK_BENCH" "$load" "$SECONDS_EACH" --no-overlay | sed "s/^/[$load-composed] /"
done
exit 0
