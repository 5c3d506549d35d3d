#!/bin/sh
# `hud display` on the ARM board (run by board/arm64/e2e.sh through vm.py): scenarios 3-6 of
# board/qemu/e2e/guest.sh, with the same tags and screendump names, so that
# board/qemu/e2e/check.py judges them (board/arm64/check-display.py picks its checks for these
# scenarios). Not here: waiting for the card (the DRM driver is loaded by the board's init),
# the error messages, the VT switch, the missing-Cairo run (needs gcc in the guest) and motion.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
shot() { sh "$here/../qemu/guest/shot.sh" "$1"; }
SHOT_SH=$here/../qemu/guest/shot.sh
. "$here/../qemu/guest/shots.sh"
start() {
    name=$1; shift
    "$HUD" display "$@" > "/tmp/$name.out" 2>&1 &
    echo $! > "/tmp/$name.pid"
}
finish() {
    wait "$(cat "/tmp/$1.pid")"
    code=$?
    sed "s/^/[$1] /" "/tmp/$1.out"
    echo "[$1] exit=$code"
}
# await NAME PATTERN: waits (at most 120 s) until the output has PATTERN.
await() {
    i=0
    while ! grep -q "$2" "/tmp/$1.out" 2>/dev/null; do
        i=$((i + 1))
        [ $i -gt 1200 ] && { echo "[$1] timeout waiting for $2"; return 1; }
        sleep 0.1
    done
}

# 3. The console, as the HUD will find it.
printf '\033[2J\033[H' > /dev/tty1
for i in 1 2 3 4 5 6; do echo "KioskHUD console line $i ##########" > /dev/tty1; done
console=$(shot_stable console)

# 4. Spinner + label; hide after a while: the console must come back while hud runs.
# 20 s: the label must be on screen before the hide, and a first font load
# under TCG on a loaded host has taken 7 s (board/qemu/e2e/guest.sh).
start spinner --label Loading --hide-after 20 --seconds 23 --stats
await spinner complete-frame-ms && shot spinner
await spinner console-restored-ms && shot_equal hidden "$console"
finish spinner

# 5. Bar at 0.5, legacy API, then SIGTERM: the console comes back.
start bar --legacy --indicator bar --progress 0.5 --label Bar --seconds 60 --stats
await bar complete-frame-ms && shot_stable bar > /dev/null
kill -TERM "$(cat /tmp/bar.pid)"
finish bar
shot_equal afterbar "$console"

# 6. Ring at 0.5, atomic, quit with --retain: the last frame stays.
start ring --indicator ring --progress 0.5 --label Half --retain --seconds 60 --stats
await ring complete-frame-ms && ring=$(shot_stable ring)
kill -INT "$(cat /tmp/ring.pid)"
finish ring
shot_equal retained "$ring"
exit 0
