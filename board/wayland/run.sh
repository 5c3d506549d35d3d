#!/usr/bin/env bash
# `hud daemon --output wayland` on a headless wlroots compositor (pixman renderer, no GPU) over a
# fullscreen test client with a known moving picture (test-client.c), judged from grim
# screenshots by check.py:
#   sway   Debian 12's sway 1.7;  labwc  Raspberry Pi OS's compositor, labwc 0.8 from Debian 13
# (the session: session.sh).
# Checks: the HUD over the client with the client's pixels untouched around it, the spinner turning,
# nothing of ours left when hidden, the button pressed by a synthetic pointer (input.c, a
# wlr virtual pointer) while a click beside it stays with the HUD, a click passing through to the
# client with --pass-input, a second output getting its own HUD (and, on labwc, an output
# unplugged and plugged again), the compositor killed and started again with the daemon
# reconnecting by itself, and a theme's dimming exact. The pointer is parked in the band at the
# bottom that no rule judges (compositors draw their cursor into the picture).
# KIOSKHUD_WAYLAND_SHOTS=DIR keeps the screenshots. Waits are for events (a socket, a log line,
# `hud status` saying settled); each bound only ends a check that failed, naming what never came.
# Usage: board/wayland/run.sh sway|labwc [HUD_BINARY]
set -uo pipefail
cd "$(dirname "$0")/../.."
here=board/wayland
compositor=${1:-}
[[ $compositor == sway || $compositor == labwc ]] || { echo "usage: board/wayland/run.sh sway|labwc [HUD_BINARY]" >&2; exit 2; }
hud=${2:-$(swift build --show-bin-path)/hud}
[[ -x $hud ]] || { echo "wayland-$compositor: FAIL, no $hud (swift build first)"; exit 1; }
source "$here/session.sh"

# The protocol tables written by hand (Sources/CLazyWayland) against the protocols' XML: layer-shell's
# from the Debian 13 root (no Debian 12 package has it), viewporter's and fractional-scale's from
# wayland-protocols.
if [[ $compositor == labwc ]]; then
    protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
    layer_xml=$(find "$root/opt/wlr-protocols" -name wlr-layer-shell-unstable-v1.xml | head -n 1)
    if python3 "$here/check-tables.py" --self-test >/dev/null &&
        out=$(python3 "$here/check-tables.py" Sources/CLazyWayland/layer_shell.c Sources/CLazyWayland/scale_protocols.c -- \
            "$layer_xml" "$protocols/stable/viewporter/viewporter.xml" "$protocols/staging/fractional-scale/fractional-scale-v1.xml" 2>&1); then
        pass "protocol-tables-match-the-xml: $(grep -c '^PASS' <<<"$out") interfaces"
    else
        fail protocol-tables-match-the-xml "$out"
    fi
fi

start_session first || finish
shot bare && judge client-alone client "$work/bare.ppm"

start_daemon || finish
# Nothing shown: nothing of ours mapped.
until_true 30 idle-settled settled && shot idle && judge nothing-mapped-while-hidden client "$work/idle.ppm"

h show --mode ring --progress 40 --label "Updating" >/dev/null
until_true 30 ring-settled settled && shot ring && judge ring-over-the-client hud "$work/ring.ppm"

h show --mode spinner --label "Working" >/dev/null
until_true 30 spinner-settled settled && shot spin1
# The spinner turns: a later screenshot differs inside the HUD (frames go on; each shot is a new frame).
for i in $(seq 40); do shot spin2; python3 "$here/check.py" differ "$work/spin1.ppm" "$work/spin2.ppm" >/dev/null && break; sleep 0.05; done
judge spinner-turns differ "$work/spin1.ppm" "$work/spin2.ppm"

# The button, clicked by the pointer. A click beside it (on the HUD's surface) reaches neither the
# button nor the client below; a click on it answers `hud wait-button`, once.
h show --mode indeterminate --label "Confirm" --button OK >/dev/null
if until_true 30 button-logged grep -q "button at " "$log" && until_true 30 button-settled settled; then
    set -- $(sed -n 's/.*button at \([0-9]*\),\([0-9]*\) \([0-9]*\)x\([0-9]*\) px.*/\1 \2 \3 \4/p' "$log" | tail -1)
    bx=$(($1 + $3 / 2)) by=$(($2 + $4 / 2))
    timeout 30 setpriv --reuid="$uid" --regid="$gid" --clear-groups $(user_env) "$work/hud" wait-button --socket "$sock" \
        >"$work/wait-button.out" 2>&1 &
    waiter=$!
    waiters() { h status | grep -qx "button-waiters=$1"; }
    until_true 30 button-waiting waiters 1
    inject move 20 20 && inject click && inject move "$bx" "$by" && inject click
    if wait "$waiter"; then pass "button-clicked-by-the-pointer: hud wait-button returned 0 after a click at $bx,$by"
    else fail button-clicked-by-the-pointer "hud wait-button ($?): $(cat "$work/wait-button.out")"; fi
    presses=$(h status | sed -n 's/^button-presses=//p')
    [[ $presses == 1 ]] && pass "click-beside-the-button-presses-nothing: one press for two clicks" ||
        fail click-beside-the-button-presses-nothing "button-presses=$presses after a click beside it and one on it"
    grep -q '^click' "$work/client.log" && fail clicks-on-the-hud-stay-with-it "the client saw: $(grep '^click' "$work/client.log" | tr '\n' ' ')" ||
        pass "clicks-on-the-hud-stay-with-it: the client saw no click"
fi
inject move 2 $((height - 78))

# Keys: with no prompt up the app below has the keyboard; while `hud ask` waits, the HUD takes it
# (the app gets none of the answer's keys) and the typed answer comes back; then the app has it again.
inject type a && until_true 30 keys-reach-the-app-without-a-prompt grep -qx 'key 30' "$work/client.log" &&
    pass "keys-reach-the-app-without-a-prompt: the client saw key 30 (a)"
timeout 30 setpriv --reuid="$uid" --regid="$gid" --clear-groups $(user_env) "$work/hud" ask --question "Unit name" --socket "$sock" \
    >"$work/ask.out" 2>&1 &
asker=$!
prompted() { h status | grep -qx prompts=1; }
if until_true 30 prompt-up prompted && until_true 30 prompt-settled settled; then
    keys_before=$(grep -c '^key' "$work/client.log")
    inject type kiosk1 && inject enter
    if wait "$asker" && [[ $(cat "$work/ask.out") == kiosk1 ]]; then pass "prompt-answered-from-the-keyboard: hud ask printed kiosk1"
    else fail prompt-answered-from-the-keyboard "hud ask: $(cat "$work/ask.out")"; fi
    keys_after=$(grep -c '^key' "$work/client.log")
    (( keys_after == keys_before )) && pass "keys-withheld-from-the-app-during-the-prompt: the client saw none of the 7" ||
        fail keys-withheld-from-the-app-during-the-prompt "the client saw $((keys_after - keys_before)) key(s) while the prompt was up"
    until_true 30 prompt-gone-settled settled && inject type b &&
        until_true 30 keyboard-back-to-the-app grep -qx 'key 48' "$work/client.log" && pass "keyboard-back-to-the-app: the client saw key 48 (b) after the prompt"
fi

h hide >/dev/null
until_true 30 hidden-settled settled && shot hidden && judge hidden-leaves-the-client-alone client "$work/hidden.ppm"

# A second output: the daemon gives it a HUD of its own.
h show --mode ring --progress 60 --label "Two screens" >/dev/null
if [[ $compositor == sway ]]; then add_output >/dev/null
else randr --output HEADLESS-2 --on --pos "$width,0" >/dev/null; fi
until_true 30 second-output-head grep -q "wayland: output HEADLESS-2 " "$log" &&
    until_true 30 two-outputs-settled settled && shot second -o HEADLESS-2 && judge hud-on-the-added-output some-hud "$work/second.ppm"
shot first -o HEADLESS-1 && judge first-output-keeps-its-hud hud "$work/first.ppm"
# Unplugged (labwc; sway 1.7 cannot take a headless output away): its HUD goes, the first one stays.
if [[ $compositor == labwc ]]; then
    randr --output HEADLESS-2 --off >/dev/null
    until_true 30 unplugged-output-dropped grep -q "wayland: output HEADLESS-2 gone" "$log" &&
        until_true 30 one-output-settled settled && shot after-unplug && judge hud-stays-after-an-unplug hud "$work/after-unplug.ppm"
    randr --output HEADLESS-2 --on --pos "$width,0" >/dev/null
    until_true 30 replugged-output-head bash -c "grep -c 'wayland: output HEADLESS-2 [0-9]' '$log' | grep -qx 2" &&
        until_true 30 replugged-settled settled && shot replugged -o HEADLESS-2 && judge hud-on-the-replugged-output some-hud "$work/replugged.ppm"
fi

# The compositor goes away and comes back: the daemon waits for its socket and draws again.
h show --mode ring --progress 70 --label "After a restart" >/dev/null
stop_input
kill "$compositor_pid"; wait "$compositor_pid" 2>/dev/null
until_true 30 daemon-saw-the-compositor-go grep -q "waiting for the compositor" "$log"
h ping >/dev/null && pass "daemon-answers-without-a-compositor" || fail daemon-answers-without-a-compositor "hud ping failed"
start_session second || finish
until_true 30 daemon-reconnected bash -c "grep -c 'wayland: connected' '$log' | grep -qx 2"
until_true 30 restart-settled settled && shot restarted && judge hud-back-after-restart hud "$work/restarted.ppm"
stop_daemon

# A theme that dims the screen under the HUD, input passing through: outside the bezel, the
# dimming over the client exactly, and a click there reaches the client at that point.
printf '{"backgroundColor": "#30609080"}\n' > "$work/dim.json"
start_daemon --theme "$work/dim.json" --pass-input || finish
h show --mode ring --progress 50 >/dev/null
until_true 30 dimmed-settled settled && shot dimmed && judge dimming-exact dimmed "$work/dimmed.ppm" 30609080
inject move 100 60 && inject click &&
    until_true 30 click-passes-through grep -qx 'click 100 60' "$work/client.log" && pass "click-passes-through: the client saw 'click 100 60' under the HUD"

# A fractional scale (labwc; sway 1.7 has no fractional-scale): the HUD drawn at 1.25 into the
# output's 1280x720 pixels, shown at the surface's 1024x576 logical size through a viewport. On a
# plain output (the client gone): the dimming covers it all, and the bezel is 1.25 times as big.
if [[ $compositor == labwc ]]; then
    kill "$client_pid"; wait "$client_pid" 2>/dev/null
    # One output, so that the pointer's extent is that output's pixels at any scale: parked in the band.
    randr --output HEADLESS-2 --off >/dev/null
    inject move 2 $((height - 78))
    h show --mode ring --progress 50 --label "Scaled" >/dev/null
    until_true 30 unscaled-settled settled && shot unscaled && judge hud-at-scale-1 plain-hud "$work/unscaled.ppm"
    randr --output HEADLESS-1 --scale 1.25 >/dev/null
    until_true 30 fractional-scale-preferred grep -q "output HEADLESS-1 1280x720 scale 1.25 " "$log" &&
        until_true 30 scaled-settled settled && shot scaled && judge hud-at-scale-1.25-covers-the-output plain-hud "$work/scaled.ppm" &&
        judge hud-drawn-at-scale-1.25 scaled "$work/unscaled.ppm" "$work/scaled.ppm" 1.25
fi

# A compositor without layer-shell (weston 14, from the Debian 13 root; cage and GNOME have none
# either): the daemon stops at once with an error naming the missing protocol and the compositors
# that have it.
if [[ $compositor == labwc ]]; then
    mkdir -m 0700 "$work/xdg-weston" && chown "$uid:$gid" "$work/xdg-weston"
    chroot --userspec="$uid:$gid" "$root" env -i PATH=/usr/bin:/bin HOME="$inside" XDG_RUNTIME_DIR="$inside/xdg-weston" \
        weston --backend=headless --renderer=pixman --socket=wayland-weston >"$work/weston.log" 2>&1 &
    pids+=("$!")
    if until_true 30 weston-socket test -S "$work/xdg-weston/wayland-weston"; then
        timeout 30 setpriv --reuid="$uid" --regid="$gid" --clear-groups env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$work/xdg-weston" \
            "$work/hud" daemon --output "wayland:$work/xdg-weston/wayland-weston" --socket "$work/xdg-weston/hud.sock" \
            --no-psplash --cmdline /dev/null --state-dir "$work/xdg-weston/state" >"$work/daemon-weston.log" 2>&1
        status=$?
        if (( status != 0 && status != 124 )) && grep -q "zwlr_layer_shell_v1" "$work/daemon-weston.log" &&
                grep -q "labwc, sway" "$work/daemon-weston.log"; then
            pass "no-layer-shell-is-a-clear-error: weston: exit $status, $(grep -o 'the compositor has no[^;]*' "$work/daemon-weston.log" | head -1)"
        else
            fail no-layer-shell-is-a-clear-error "weston: exit $status: $(cat "$work/daemon-weston.log")"
        fi
    else
        tail -5 "$work/weston.log"
    fi
fi

finish
