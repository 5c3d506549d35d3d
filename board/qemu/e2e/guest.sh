#!/bin/sh
# The end-to-end scenarios, run inside the guest by run-e2e.sh through
# qemu-run.py --no-modprobe (so the first scenario sees the card appear).
# Prints each program's output prefixed with [scenario] and its exit code as
# "[scenario] exit=N"; screendumps go to the host via shot.sh. The host-side
# check.py decides PASS/FAIL from the log and the dumps.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
shot() { sh "$here/../guest/shot.sh" "$1"; }
. "$here/../guest/shots.sh"

# run NAME ARGS...: runs hud in the foreground, output tagged.
run() {
    name=$1; shift
    "$HUD" display "$@" > "/tmp/$name.out" 2>&1
    code=$?
    sed "s/^/[$name] /" "/tmp/$name.out"
    echo "[$name] exit=$code"
}

# start NAME ARGS...: runs hud in the background; finish NAME waits for it.
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
# await NAME PATTERN: waits (up to 60 s) until the output has PATTERN.
await() {
    i=0
    while ! grep -q "$2" "/tmp/$1.out" 2>/dev/null; do
        i=$((i + 1))
        [ $i -gt 600 ] && { echo "[$1] timeout waiting for $2"; return 1; }
        sleep 0.1
    done
}

# 1. No card yet: hud waits for it (inotify on /dev/dri), the driver loads later.
# No recorded font list yet: the first frame does not wait for fontconfig, its
# label joins the second.
start waitcard --gpu-wait 30 --indicator text --label Wait --frames 2 --stats
sleep 1
modprobe "$KIOSKHUD_GPU_MODULE"
finish waitcard
# From here on, the fonts recorded as a device's install records them: labels
# are on the first frame.
"$HUD" fonts --record /tmp/fonts.list > /dev/null
export KIOSKHUD_FONT_LIST=/tmp/fonts.list

# 2. Bad input gets clear errors.
run badcard --device /dev/dri/card9 --gpu-wait 0.3
run badmode --mode 1280x800@abc
run nomode --mode 1234x567
# A configured mode instead of the preferred one (1 frame: its label is on the first).
run mode --mode 1024x768 --indicator text --label Mode --frames 1 --stats

# 3. The console, as the HUD will find it.
printf '\033[2J\033[H' > /dev/tty1
for i in 1 2 3 4 5 6; do echo "KioskHUD console line $i ##########" > /dev/tty1; done
console=$(shot_stable console)

# 4. Spinner + label; hide after a while: the console must come back while hud runs.
# The hide comes 20 s after start: the label must be on screen before it, and
# on a loaded CI host the first font load under TCG has taken 7 s.
start spinner --label Loading --hide-after 20 --seconds 23 --stats
await spinner complete-frame-ms && shot spinner
await spinner console-restored-ms && shot_equal hidden "$console"
finish spinner

# 4b. VT switch: hud drops master on release and repaints on acquire.
start vtswitch --label VT --seconds 60 --stats
await vtswitch complete-frame-ms
printf '\033[2J\033[HThis is tty2 ##########\n' > /dev/tty2
busybox chvt 2
await vtswitch "vt released" && tty2=$(shot_stable vt2)
busybox chvt 1
await vtswitch "vt acquired" && shot_changed vt1 "$tty2"
kill -TERM "$(cat /tmp/vtswitch.pid)"
finish vtswitch

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

# 6b. A broken libfreetype first on the library path (an image missing the text
# stack; a Latin label needs FreeType alone): hud stays up, bezel and spinner
# without the label, and says why.
mkdir -p /tmp/notext
echo 'int kiosk_not_freetype;' | gcc -shared -x c - -o /tmp/notext/libfreetype.so.6
export LD_LIBRARY_PATH=/tmp/notext
start notext --label Hidden --seconds 60 --stats
unset LD_LIBRARY_PATH
await notext frame-without-labels-ms && shot notext
kill -TERM "$(cat /tmp/notext.pid)"
finish notext

# 6c. The README's Swift example (Examples/ReadmeExample, built beside hud): HUDScreen on the
# display, a ring at 42 % with its label until it hides, then the console. Its stdout is a pty
# (script, flushing its log), so its "shown on" line arrives when printed. The same HUD drawn
# by hud display is the reference picture; closing must bring back what was on screen before.
before=$(shot_stable beforeexample)
script -q -e -f -c "$(dirname "$HUD")/kioskhud-example" /tmp/example.out > /dev/null 2>&1 &
echo $! > /tmp/example.pid
await example "shown on" && shot example
finish example
shot_equal afterexample "$before"
start exampleref --indicator ring --progress 0.42 --label "Updating firmware…" --seconds 60 --stats
await exampleref complete-frame-ms && shot_stable exampleref > /dev/null
kill -TERM "$(cat /tmp/exampleref.pid)"
finish exampleref

# 7. Motion: a real LIS3DH (i2c-stub + st_accel) tilts the bezel.
sh "$here/motion-guest.sh"

# 8. The HUD over an app's picture, composed on the CPU (kioskhud-kiosk-example; kiosk_check.py).
sh "$here/kiosk-guest.sh" kiosk
exit 0
