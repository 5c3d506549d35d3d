#!/bin/sh
# libkioskhud's C examples in the guest, for run-capi-e2e.sh: capi is
# Examples/c/kms-example.c (a C app owning the display, the HUD drawn into
# its frames), capiscreen is Examples/c/screen-example.c (kh_screen_open:
# KioskHUD owns the display, over the app's picture).
# The host's Swift toolchain is hidden first (an empty tmpfs over /opt/swift):
# the apps run with libkioskhud and Debian's libraries alone. Screendumps per
# run: RUN-shown-1 and RUN-shown-2 (the HUD up, the second once the app's
# frames have changed the screen: the spinner turns; the apps count their
# frames in KH_FRAMES_FILE; spinner_turns below), RUN-hiding (after them; "hide" was asked for before them all: the
# minimum show time holds the HUD),
# RUN-hidden (the app's picture alone). Output is tagged "[RUN] ...", with
# "[RUN] exit=N"; e2e/capi_check.py judges.
here=$(cd "$(dirname "$0")" && pwd)
APP=${CAPI_APP:?CAPI_APP must name the kms example}
SCREEN_APP=${CAPI_SCREEN_APP:?CAPI_SCREEN_APP must name the screen example}
shot() { sh "$here/../guest/shot.sh" "$1" || echo "[capi] no screendump for $1"; }
trap '' PIPE

i=0
until [ -e /dev/dri/card0 ] || [ $i -gt 100 ]; do sleep 0.1; i=$((i + 1)); done
for dir in /opt/swift; do [ -d "$dir" ] && mount -t tmpfs none "$dir"; done
echo "[capi] swift: $(command -v swift || echo none)"
echo "[capi] ldd: $(ldd "$APP" 2>&1 | awk '{ printf "%s ", ($3 ? $3 : $1) }')"
echo "[capiscreen] ldd: $(ldd "$SCREEN_APP" 2>&1 | awk '{ printf "%s ", ($3 ? $3 : $1) }')"

# await RUN TEXT: waits up to 60 s for RUN's program to print TEXT.
await() {
    n=0
    until grep -q "$2" "/tmp/$1.out" 2>/dev/null; do
        kill -0 "$pid" 2>/dev/null || { echo "[$1] exited before '$2'"; return 1; }
        n=$((n + 1))
        [ $n -gt 600 ] && { echo "[$1] timeout waiting for '$2'"; return 1; }
        sleep 0.1
    done
}

# frames_now: the app's count of frames on screen (its KH_FRAMES_FILE, renamed
# into place at each flip), 0 before the first. Anything but a number is said
# and stops the wait: when the apps rewrote the file in place, a read between
# their truncate and write gave "", and the wait compared it for 60 s.
frames_now() {
    count=$(cat "/tmp/$run.frames" 2>/dev/null || echo 0)
    case $count in
        ''|*[!0-9]*) echo "[$run] spinner: KH_FRAMES_FILE holds '$count', not a count" >&2; return 1 ;;
    esac
    echo "$count"
}

# frames_after N: waits until the app has put a frame after frame N on screen;
# fails after 600 polls (60 s) saying so.
frames_after() {
    n=0
    until now_count=$(frames_now) && [ "$now_count" -gt "$1" ]; do
        [ -n "$now_count" ] || { echo "[$run] spinner: no frame count to wait on"; return 1; }
        kill -0 "$pid" 2>/dev/null || { echo "[$run] spinner: the app exited"; return 1; }
        n=$((n + 1))
        [ $n -gt 600 ] && { echo "[$run] spinner: no new frame within 60 s of frame $1"; return 1; }
        sleep 0.1
    done
}

# spinner_turns: RUN-shown-1, then RUN-shown-2 once the screen differs from it.
# The spinner's step follows the clock (12 a second), not the frame count, so a
# frame drawn a whole turn later looks the same (frames ~330 ms apart under
# TCG: 3 frames were 12 steps, and two dumps "3 frames apart" were identical).
# So after each new frame the screen is dumped again until it has changed,
# for at most 24 new frames; the host's digest of each dump tells.
spinner_turns() {
    first=$(sh "$here/../guest/shot.sh" --digest "$run-shown-1") || { echo "[capi] no screendump for $run-shown-1"; return; }
    tries=0
    while :; do
        seen=$(frames_now) || { echo "[$run] spinner: no frame count to wait on"; shot "$run-shown-2"; return; }
        # No new frame: shown-2 is dumped all the same, and the check says the spinner stood still.
        frames_after "$seen" || { shot "$run-shown-2"; return; }
        tries=$((tries + 1))
        now=$(sh "$here/../guest/shot.sh" --digest "$run-shown-2") || { echo "[capi] no screendump for $run-shown-2"; return; }
        if [ "$now" != "$first" ]; then
            echo "[$run] spinner: the screen changed after $tries new frames"
            return
        fi
        [ $tries -ge 24 ] && { echo "[$run] spinner: 24 new frames and the screen never changed"; return; }
    done
}

# scenario RUN PROGRAM: the program with its HUD, screendumps RUN-shown-1,
# RUN-shown-2, RUN-hiding, RUN-hidden; its output tagged [RUN].
scenario() {
    run=$1 program=$2
    rm -f "/tmp/$run.in"
    mkfifo "/tmp/$run.in"
    # The hide is asked for at once; the minimum show time (10 s: slow TCG
    # and a cold fontconfig included) keeps the HUD up for all three shots.
    KH_FRAMES_FILE=/tmp/$run.frames "$program" --min-show 10000 < "/tmp/$run.in" > "/tmp/$run.out" 2>&1 &
    pid=$!
    exec 3> "/tmp/$run.in"
    if await "$run" "stage shown"; then
        echo hide >&3
        await "$run" "hide at"
        spinner_turns
        shot "$run-hiding"
        await "$run" "stage hidden" && shot "$run-hidden"
        # The app alone for a while, for its CPU line.
        sleep 2
    fi
    echo quit >&3
    exec 3>&-
    ( sleep 30; kill -KILL "$pid" 2>/dev/null ) &
    dog=$!
    wait "$pid"
    code=$?
    kill "$dog" 2>/dev/null
    sed "s/^/[$run] /" "/tmp/$run.out"
    echo "[$run] exit=$code"
}

scenario capi "$APP"
scenario capiscreen "$SCREEN_APP"
exit 0
