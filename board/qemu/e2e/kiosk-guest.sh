#!/bin/sh
# The kiosk example's scenario on a driver QEMU can screendump (bochs,
# virtio-gpu: the HUD composed on the CPU). Run in the guest, as
#     sh "$here/kiosk-guest.sh" PREFIX
# (e.g. from e2e/guest.sh, PREFIX a word such as kiosk). Runs
# kioskhud-kiosk-example (KIOSK, default: beside HUD) twice with --step:
# PREFIX (the app's picture) and PREFIX_nocontent (--no-content, the control);
# after each stage line a screendump PREFIX-STAGE.ppm (PREFIX_nocontent-STAGE.ppm),
# then a line on the program's stdin (a FIFO) lets it go on. Output is tagged
# "[RUN] ..." with "[RUN] exit=N"; each run is declared as "[kiosk_runs] RUN
# EXPECT" for kiosk_check.py (or check.py through check_kiosk), which judges them.
# KIOSK_STAGE_TIMEOUT: seconds to wait for each stage line (default 120).
prefix=${1:?usage: kiosk-guest.sh PREFIX}
here=$(cd "$(dirname "$0")" && pwd)
KIOSK=${KIOSK:-$(dirname "${HUD:?HUD or KIOSK must name a binary}")/kioskhud-kiosk-example}
STAGES="content processing success success-later hidden"
limit=${KIOSK_STAGE_TIMEOUT:-120}
# A program that has died makes writes to its FIFO fail (EPIPE) instead of killing this script.
trap '' PIPE

if [ ! -x "$KIOSK" ]; then
    echo "[kiosk_runs] missing $KIOSK"
    exit 0
fi

# await_stage RUN STAGE PID: waits for "kiosk: stage STAGE" in RUN's output;
# fails when the program has exited or after $limit seconds.
await_stage() {
    n=0
    until grep -Eq "^kiosk: stage $2( |\$)" "/tmp/$1.out" 2>/dev/null; do
        if ! kill -0 "$3" 2>/dev/null; then
            echo "[$1] exited before stage $2"
            return 1
        fi
        n=$((n + 1))
        if [ $n -gt $((limit * 10)) ]; then
            echo "[$1] timeout: no stage $2 after $limit s"
            return 1
        fi
        sleep 0.1
    done
}

# stepped RUN EXPECT ARGS...: the example with --step, a screendump per stage.
stepped() {
    run=$1 expect=$2
    shift 2
    echo "[kiosk_runs] $run $expect"
    rm -f "/tmp/$run.in" "/tmp/$run.out"
    mkfifo "/tmp/$run.in"
    "$KIOSK" --step "$@" < "/tmp/$run.in" > "/tmp/$run.out" 2>&1 &
    pid=$!
    exec 3> "/tmp/$run.in"
    for stage in $STAGES; do
        await_stage "$run" "$stage" "$pid" || break
        sh "$here/../guest/shot.sh" "$run-$stage" || echo "[$run] no screendump for $stage"
        echo >&3
    done
    exec 3>&-
    # It should exit at once after the last line; a watchdog for one that does not.
    ( sleep 60; kill -KILL "$pid" 2>/dev/null ) &
    dog=$!
    wait "$pid"
    code=$?
    kill "$dog" 2>/dev/null
    sed "s/^/[$run] /" "/tmp/$run.out"
    echo "[$run] exit=$code"
}

stepped "$prefix" composed
stepped "${prefix}_nocontent" control --no-content
exit 0
