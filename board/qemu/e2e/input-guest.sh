#!/bin/sh
# Input through libinput and xkbcommon (`hud input`), run inside the guest by
# run-input-e2e.sh (qemu-run.py --input: a virtio keyboard and tablet, no udevd)
# and judged by input_check.py. `hud input` starts before the input drivers
# load, so the devices reach it by hotplug; a second run meanwhile gets no
# injected input (the negative control); then the host types and taps through
# QMP, and the drivers are unloaded (device removal). Each program's output
# is tagged [live], [quiet]; the steps [steps].
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
shot() { sh "$here/../guest/shot.sh" "$1" || say "screendump $1 failed"; }
say() { echo "[steps] $*"; }
inject() { sh "$here/../guest/input.sh" "$@" || say "inject $* failed"; }
# await FILE PATTERN [COUNT]: until FILE has COUNT lines with PATTERN (30 s at most).
await() {
    i=0
    while [ "$(grep -c "$2" "$1" 2>/dev/null)" -lt "${3:-1}" ]; do
        i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for '$2' x${3:-1} in $1"; return 1; }
        sleep 0.1
    done
}

"$HUD" input --seconds 90 --size 1280x800 > /tmp/live.out 2> /tmp/live.err &
live=$!
await /tmp/live.out '^ready'
say "devices before modprobe: $(ls /dev/input 2>/dev/null | tr '\n' ' ')"
modprobe -a evdev virtio_input || say "modprobe failed"
await /tmp/live.out 'device added .*Virtio Keyboard'
await /tmp/live.out 'device added .*Virtio Tablet'
say "udev entries: $(grep -l KIOSKHUD_INPUT_ID /run/udev/data/* 2>/dev/null | tr '\n' ' ')"

# The negative control: devices present, nothing injected.
"$HUD" input --seconds 3 --size 1280x800 > /tmp/quiet.out 2> /tmp/quiet.err
say "quiet exit=$?"

inject key a
inject key shift b
inject key ret
inject key backspace
inject key esc
inject key ctrl c
inject tap 16384 16384
inject tap 4096 28672
await /tmp/live.out 'pointer button left released' 2
sleep 0.5
modprobe -r virtio_input || say "modprobe -r virtio_input failed"
await /tmp/live.out 'device removed' 2
kill -TERM $live
wait $live
say "live exit=$?"
sed 's/^/[live] /' /tmp/live.out
sed 's/^/[livelog] /' /tmp/live.err
sed 's/^/[quiet] /' /tmp/quiet.out
sed 's/^/[quietlog] /' /tmp/quiet.err

# `hud daemon --input` on the bochs card, as `hud plymouthd` runs it.
modprobe virtio_input || say "modprobe virtio_input failed"
export HUD_SOCKET=/tmp/button.sock
"$HUD" daemon --output kms --input --no-psplash --plymouth > /tmp/daemon.out 2>&1 &
daemon=$!
. "$here/settled.sh"
i=0
until "$HUD" ping > /dev/null 2>&1; do
    i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for the daemon"; break; }
    sleep 0.1
done
# Prompts on the display, typed on the keyboard. prompting KIND MESSAGE: until
# the daemon shows that prompt (`hud status`: prompt=, prompt-message=).
prompting() {
    i=0
    until "$HUD" status 2>/dev/null | grep -qx "prompt-message=$1"; do
        i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for the prompt '$1'"; return 1; }
        sleep 0.1
    done
}
# input-use: what of input the daemon has mapped and opened now.
input_use() {
    echo "libinput-maps=$(grep -c 'libinput\.so' /proc/$daemon/maps) xkbcommon-maps=$(grep -c 'libxkbcommon\.so' /proc/$daemon/maps)" \
        "input-fds=$(ls -l /proc/$daemon/fd 2>/dev/null | grep -c ' /dev/input/')"
}

# Input starts only when something needs it (issue 24). A boot's progress
# through Plymouth's socket, drawn and settled: no input library mapped, no
# input device open. Then Plymouth's first password request starts it before
# the prompt is drawn: the keys typed as soon as the prompt is asked arrive.
"$HUD" show --mode bar --progress 40 --label Booting --no-animation
plymouth update --status=udev.service || say "plymouth update failed"
plymouth message --text="Starting services" || say "plymouth message failed"
settled
sleep 1
say "progress-only $(input_use)"
timeout 60 plymouth ask-for-password --prompt "First passphrase" > /tmp/ply0.out 2> /tmp/ply0.err &
ask=$!
prompting "First passphrase"
for k in q z 9; do inject key $k; done
inject key ret
wait $ask
say "first-prompt exit=$? answer=[$(cat /tmp/ply0.out)] $(input_use)"

# The HUD's button on the display. Enter presses it; a tap beside it does
# nothing; a tap on it presses it (where it is, the daemon logs: `button at
# X,Y WxH px`). Each press answers a `hud wait-button` client.
"$HUD" show --label Tap --button OK --mode indeterminate
settled
await /tmp/daemon.out 'input: device added .*Virtio Keyboard'
await /tmp/daemon.out 'input: device added .*Virtio Tablet'
await /tmp/daemon.out 'button at '
# waiting N: until the daemon has N wait-button clients.
waiting() {
    i=0
    until "$HUD" status 2>/dev/null | grep -qx "button-waiters=$1"; do
        i=$((i + 1)); [ $i -gt 300 ] && { say "timeout waiting for $1 button waiter(s)"; return 1; }
        sleep 0.1
    done
}
timeout 30 "$HUD" wait-button > /tmp/wb-key.out 2>&1 &
wb=$!
waiting 1
inject key ret
wait $wb
say "button-key exit=$?"
set -- $(sed -n 's/.*button at \([0-9]*\),\([0-9]*\) \([0-9]*\)x\([0-9]*\) px.*/\1 \2 \3 \4/p' /tmp/daemon.out | tail -1)
say "button rect: $*"
if [ $# -eq 4 ]; then
    cx=$(( $1 + $3 / 2 )); cy=$(( $2 + $4 / 2 ))
    timeout 30 "$HUD" wait-button > /tmp/wb-tap.out 2>&1 &
    wb=$!
    waiting 1
    # The tablet's axes run 0..32767 over the 1280x800 screen. A tap beside
    # the button, then one on it: the waiter ends with the second, and the
    # daemon counts one press for both (button-presses, after Enter's one).
    inject tap $(( 100 * 32768 / 1280 )) $(( 100 * 32768 / 800 ))
    inject tap $(( cx * 32768 / 1280 )) $(( cy * 32768 / 800 ))
    wait $wb
    say "button-tap exit=$?"
    say "button-presses after Enter and two taps: $("$HUD" status | sed -n 's/^button-presses=//p')"
fi

# A still HUD (text mode: no spinner) so that screendumps compare pixel for pixel.
"$HUD" update --mode text --label Tap --no-animation
settled
shot prompt-before
# `hud ask --password`: shift, space, a typo erased with Backspace; Enter answers.
timeout 60 "$HUD" ask --password "Disk passphrase" > /tmp/ask.out 2> /tmp/ask.err &
ask=$!
prompting "Disk passphrase"
for k in "shift a" b spc 1 x backspace; do inject key $k; done
settled
"$HUD" status | grep -q 'Ab 1' && say "ask-status-leaks-passphrase"
shot prompt-bullets
inject key ret
wait $ask
say "ask-password exit=$? answer=[$(cat /tmp/ask.out)]"
# What the prompt must look like: its message as the label, a bullet per
# character and the caret as the details, no button; and what it must not: the text.
"$HUD" update --label "Disk passphrase" --details "●●●●_" --button "" --no-animation
settled
shot prompt-reference
"$HUD" update --details "Ab 1_" --no-animation
settled
shot prompt-echoed
# Ctrl-C cancels a question.
timeout 60 "$HUD" ask --question "Continue?" > /tmp/askq.out 2> /tmp/askq.err &
ask=$!
prompting "Continue?"
inject key y
inject key ctrl c
wait $ask
say "ask-question-ctrl-c exit=$? err=[$(cat /tmp/askq.err)]"
# Debian's plymouth client asks through Plymouth's socket (as systemd's password agent and cryptroot do).
timeout 60 plymouth ask-for-password --prompt "Plymouth passphrase" > /tmp/ply.out 2> /tmp/ply.err &
ask=$!
prompting "Plymouth passphrase"
for k in p w 2; do inject key $k; done
inject key ret
wait $ask
say "plymouth-ask-for-password exit=$? answer=[$(cat /tmp/ply.out)]"
grep -q 'Ab 1\|pw2\|qz9' /tmp/daemon.out && say "daemon-log-leaks-passphrase"

"$HUD" quit
wait $daemon
say "daemon exit=$?"
sed 's/^/[daemon] /' /tmp/daemon.out
