#!/usr/bin/env bash
# `hud daemon --output wayland` on a headless wlroots compositor (pixman renderer, no GPU) over a
# fullscreen test client with a known moving picture (test-client.c), judged from grim
# screenshots by check.py:
#   sway   Debian 12's sway 1.7, run as a user this script creates (kioskwl; sway 1.7 refuses root)
#   labwc  Raspberry Pi OS's compositor, labwc 0.8 from Debian 13, in a cached Debian 13 root
#          (labwc-root.sh) as the same user; the daemon, the client and grim run on the host and
#          reach its socket by path.
# Checks: the HUD over the client with the client's pixels untouched around it, the spinner turning,
# nothing of ours left when hidden, the button pressed by a synthetic pointer (pointer.c, a
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
tools=(grim wayland-scanner setpriv)
[[ $compositor == sway ]] && tools+=(sway swaymsg)
for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || { echo "wayland-$compositor: FAIL, no $tool (bash scripts/install-deps.sh)"; exit 1; }
done
[[ $(id -u) -eq 0 ]] || { echo "wayland-$compositor: FAIL, needs root (to run the session as another user)"; exit 1; }
python3 "$here/check.py" --self-test >/dev/null || { python3 "$here/check.py" --self-test; echo "wayland-$compositor: FAIL, check.py's self-test"; exit 1; }
if [[ $compositor == labwc ]]; then
    root=$(bash "$here/labwc-root.sh") || { echo "wayland-labwc: FAIL, no Debian 13 root with labwc"; exit 1; }
fi
user=kioskwl
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
uid=$(id -u "$user") gid=$(id -g "$user")
mounts=()
if [[ $compositor == sway ]]; then
    work=$(mktemp -d /tmp/kioskhud-wayland.XXXXXX)
    socket_name=wayland-1 width=640 height=480
else
    # The session's directory inside the root: labwc sees it as /session, the host by its real path.
    work=$(mktemp -d "$root/tmp/kioskhud-wayland.XXXXXX")
    socket_name=wayland-0 width=1280 height=720
    for m in proc dev; do
        mkdir -p "$root/$m"
        if [[ $m == proc ]]; then mount -t proc proc "$root/proc"; else mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"; fi
        mounts=("$root/$m" "${mounts[@]}")
    done
fi
chmod 0755 "$work"
chown "$uid:$gid" "$work"  # the user's screenshots go here
runtime=$work/xdg
mkdir -m 0700 "$runtime" && chown "$uid:$gid" "$runtime"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    wait 2>/dev/null
    for m in "${mounts[@]}"; do umount -R "$m" 2>/dev/null || umount -lR "$m"; done
    rm -rf "$work"
}
trap cleanup EXIT
name=wayland-$compositor
passed=0 failed=0
pass() { echo "PASS $name/$1"; passed=$((passed + 1)); }
fail() { echo "FAIL $name/$1: $2"; failed=$((failed + 1)); }
finish() {
    [[ -n ${KIOSKHUD_WAYLAND_SHOTS:-} ]] && mkdir -p "$KIOSKHUD_WAYLAND_SHOTS" && cp "$work"/*.ppm "$KIOSKHUD_WAYLAND_SHOTS/"
    if (( failed )); then
        echo "--- daemon logs:"; cat "$work"/daemon*.log 2>/dev/null
        echo "--- client log:"; cat "$work/client.log"
        echo "--- $compositor log (tail):"; tail -20 "$work/compositor.log"
    fi
    echo "$passed passed, $failed failed"
    (( failed == 0 ))
    exit
}
judge() {  # judge NAME RULE ARGS...: check.py's verdict as a check
    local check=$1 out
    shift
    if out=$(python3 "$here/check.py" "$@" 2>&1); then pass "$check: ${out#PASS }"; else fail "$check" "$out"; fi
}
# until_true SECONDS WHAT COMMAND...: runs COMMAND until it succeeds; false (and a FAIL naming WHAT) after SECONDS.
until_true() {
    local seconds=$1 what=$2 i
    shift 2
    for ((i = 0; i < seconds * 20; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.05; done
    fail "$what" "never came within $seconds s"
    return 1
}

# The client and the pointer, built against libwayland-client with xdg-shell's glue from wayland-protocols.
xdg=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
wayland-scanner client-header "$xdg" "$work/xdg-shell-client-protocol.h" &&
    wayland-scanner private-code "$xdg" "$work/xdg-shell-protocol.c" &&
    gcc -O2 -Wall -Wextra -Werror -I "$work" -o "$work/test-client" "$here/test-client.c" "$work/xdg-shell-protocol.c" \
        $(pkg-config --cflags --libs wayland-client) &&
    gcc -O2 -Wall -Wextra -Werror -o "$work/pointer" "$here/pointer.c" $(pkg-config --cflags --libs wayland-client) ||
    { echo "$name: FAIL, the test client or the pointer does not build"; exit 1; }
cp "$hud" "$work/hud"

# Host processes find the compositor's socket by its path.
display=$runtime/$socket_name
user_env() {
    echo env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$display"
}
as_user() { setpriv --reuid="$uid" --regid="$gid" --clear-groups $(user_env) "$@"; }
# spawn COMMAND...: as the user, in the background; its pid (setpriv execs the command) is kept to be killed.
spawn() {
    setpriv --reuid="$uid" --regid="$gid" --clear-groups $(user_env) "$@" &
    spawned=$!
    pids+=("$spawned")
}
sock=$runtime/hud.sock
h() { as_user "$work/hud" "$@" --socket "$sock"; }
settled() { h status | grep -qx settled=true; }
shot() { as_user grim "${@:2}" -t ppm "$work/$1.ppm"; }

if [[ $compositor == sway ]]; then
    printf 'xwayland disable\noutput HEADLESS-1 resolution %dx%d\ndefault_border none\n' "$width" "$height" > "$work/sway.cfg"
    start_compositor() {
        setpriv --reuid="$uid" --regid="$gid" --clear-groups env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" \
            WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 WLR_HEADLESS_OUTPUTS=1 \
            sway -c "$work/sway.cfg" >>"$work/compositor.log" 2>&1 &
        compositor_pid=$!
        pids+=("$compositor_pid")
    }
    add_output() { as_user env SWAYSOCK="$(ls "$runtime"/sway-ipc.*.sock | tail -1)" swaymsg create_output; }
else
    mkdir -p "$work/labwc" && echo '<labwc_config/>' > "$work/labwc/rc.xml"
    inside=${work#"$root"}
    start_compositor() {
        chroot --userspec="$uid:$gid" "$root" env -i PATH=/usr/bin:/bin HOME="$inside" XDG_RUNTIME_DIR="$inside/xdg" \
            WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 WLR_HEADLESS_OUTPUTS=2 \
            labwc -C "$inside/labwc" >>"$work/compositor.log" 2>&1 &
        compositor_pid=$!
        pids+=("$compositor_pid")
    }
    randr() {
        chroot --userspec="$uid:$gid" "$root" env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$inside/xdg" \
            WAYLAND_DISPLAY="$socket_name" wlr-randr "$@"
    }
fi
start_session() {
    start_compositor
    until_true 30 "$1-compositor-socket" test -S "$display" || return 1
    # labwc starts with two outputs (it cannot make one later): the second is off until a check plugs it in.
    if [[ $compositor == labwc ]]; then until_true 30 "$1-second-output-off" randr --output HEADLESS-2 --off || return 1; fi
    # The pointer first: the seat has it when the daemon comes; parked in the band no rule judges.
    coproc POINTER { as_user "$work/pointer" "$width" "$height" 2>>"$work/pointer.log"; }
    pids+=("$POINTER_PID")
    read -r -t 30 -u "${POINTER[0]}" reply && [[ $reply == ready ]] || { fail "$1-pointer" "the virtual pointer did not start: $(cat "$work/pointer.log")"; return 1; }
    point move 2 $((height - 78)) || return 1
    : >"$work/client.log"
    spawn "$work/test-client" >"$work/client.log" 2>&1
    # Drawn and turning: its first 60 frame callbacks came.
    until_true 30 "$1-client-frames" grep -q '^frame 60$' "$work/client.log"
}
# point COMMAND...: tells the pointer and waits for the compositor to have handled it.
point() {
    local reply
    echo "$*" >&"${POINTER[1]}"
    read -r -t 30 -u "${POINTER[0]}" reply && [[ $reply == done ]] || { fail "pointer-$1" "no answer to '$*' ($reply)"; return 1; }
}
stop_pointer() { kill "$POINTER_PID" 2>/dev/null; wait "$POINTER_PID" 2>/dev/null; }
daemon_n=0
start_daemon() {  # start_daemon OPTIONS...: a daemon on the session, logging to daemon-N.log
    daemon_n=$((daemon_n + 1))
    log=$work/daemon-$daemon_n.log
    spawn "$work/hud" daemon --output wayland --socket "$sock" --no-psplash --cmdline /dev/null --state-dir "$runtime/state" "$@" \
        2>"$log"
    daemon=$spawned
    until_true 30 "daemon-$daemon_n-listening" h ping && until_true 30 "daemon-$daemon_n-connected" grep -q "wayland: output" "$log"
}
stop_daemon() { h quit >/dev/null; until_true 30 "daemon-$daemon_n-gone" bash -c "! kill -0 $daemon"; }

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
    point move 20 20 && point click && point move "$bx" "$by" && point click
    if wait "$waiter"; then pass "button-clicked-by-the-pointer: hud wait-button returned 0 after a click at $bx,$by"
    else fail button-clicked-by-the-pointer "hud wait-button ($?): $(cat "$work/wait-button.out")"; fi
    presses=$(h status | sed -n 's/^button-presses=//p')
    [[ $presses == 1 ]] && pass "click-beside-the-button-presses-nothing: one press for two clicks" ||
        fail click-beside-the-button-presses-nothing "button-presses=$presses after a click beside it and one on it"
    grep -q '^click' "$work/client.log" && fail clicks-on-the-hud-stay-with-it "the client saw: $(grep '^click' "$work/client.log" | tr '\n' ' ')" ||
        pass "clicks-on-the-hud-stay-with-it: the client saw no click"
fi
point move 2 $((height - 78))

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
stop_pointer
kill "$compositor_pid"; wait "$compositor_pid" 2>/dev/null
until_true 30 daemon-saw-the-compositor-go grep -q "waiting for the compositor" "$log"
h ping >/dev/null && pass "daemon-answers-without-a-compositor" || fail daemon-answers-without-a-compositor "hud ping failed"
start_session second || finish
until_true 30 daemon-reconnected bash -c "grep -c 'wayland: connected' '$log' | grep -qx 2"
until_true 30 restart-settled settled && shot restarted && judge hud-back-after-restart hud "$work/restarted.ppm"
stop_daemon

# A theme that dims the screen under the HUD, input passing through: outside the bezel, the
# dimming over the client exactly, and a click there reaches the client at that point.
printf '{"backgroundColor": "#00000080"}\n' > "$work/dim.json"
start_daemon --theme "$work/dim.json" --pass-input || finish
h show --mode ring --progress 50 >/dev/null
until_true 30 dimmed-settled settled && shot dimmed && judge dimming-exact dimmed "$work/dimmed.ppm" 00000080
point move 100 60 && point click &&
    until_true 30 click-passes-through grep -qx 'click 100 60' "$work/client.log" && pass "click-passes-through: the client saw 'click 100 60' under the HUD"

finish
