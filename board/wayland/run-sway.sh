#!/usr/bin/env bash
# `hud daemon --output wayland` on sway (Debian 12's sway 1.7, headless, pixman renderer, no GPU)
# over a fullscreen test client with a known moving picture (test-client.c), judged from grim
# screenshots by check.py: the HUD over the client with the client's pixels untouched around it,
# the spinner turning, the dimming exact, nothing of ours left when hidden, and the compositor
# killed and started again with the daemon reconnecting by itself. sway 1.7 refuses to run as
# root: the compositor, the client and the daemon run as a user this script creates (kioskwl).
# KIOSKHUD_WAYLAND_SHOTS=DIR keeps the screenshots. Waits are for events (a socket, a log line, `hud status` saying settled); each bound only ends a
# check that failed, naming what never came. Usage: board/wayland/run-sway.sh [HUD_BINARY]
set -uo pipefail
cd "$(dirname "$0")/../.."
here=board/wayland
hud=${1:-$(swift build --show-bin-path)/hud}
[[ -x $hud ]] || { echo "wayland: FAIL, no $hud (swift build first)"; exit 1; }
for tool in sway grim wayland-scanner setpriv; do
    command -v "$tool" >/dev/null || { echo "wayland: FAIL, no $tool (bash scripts/install-deps.sh)"; exit 1; }
done
[[ $(id -u) -eq 0 ]] || { echo "wayland: FAIL, needs root (to run the session as another user)"; exit 1; }
python3 "$here/check.py" --self-test >/dev/null || { python3 "$here/check.py" --self-test; echo "wayland: FAIL, check.py's self-test"; exit 1; }
user=kioskwl
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
uid=$(id -u "$user") gid=$(id -g "$user")
work=$(mktemp -d /tmp/kioskhud-wayland.XXXXXX)
chmod 0755 "$work"
chown "$uid:$gid" "$work"  # the user's screenshots go here
runtime=$work/xdg
mkdir -m 0700 "$runtime" && chown "$uid:$gid" "$runtime"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
passed=0 failed=0
pass() { echo "PASS wayland/$1"; passed=$((passed + 1)); }
fail() { echo "FAIL wayland/$1: $2"; failed=$((failed + 1)); }
finish() {
    # KIOSKHUD_WAYLAND_SHOTS=DIR keeps the screenshots (PPM) for a look.
    [[ -n ${KIOSKHUD_WAYLAND_SHOTS:-} ]] && mkdir -p "$KIOSKHUD_WAYLAND_SHOTS" && cp "$work"/*.ppm "$KIOSKHUD_WAYLAND_SHOTS/"
    if (( failed )); then
        echo "--- daemon log:"; cat "$work/daemon.log" "$work/daemon2.log" 2>/dev/null
        echo "--- sway log (tail):"; tail -20 "$work/sway.log"
    fi
    echo "$passed passed, $failed failed"
    (( failed == 0 ))
    exit
}
judge() {  # judge NAME RULE ARGS...: check.py's verdict as a check
    local name=$1 out
    shift
    if out=$(python3 "$here/check.py" "$@" 2>&1); then pass "$name: ${out#PASS }"; else fail "$name" "$out"; fi
}
# until_true SECONDS WHAT COMMAND...: runs COMMAND until it succeeds; false (and a FAIL naming WHAT) after SECONDS.
until_true() {
    local seconds=$1 what=$2 i
    shift 2
    for ((i = 0; i < seconds * 20; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.05; done
    fail "$what" "never came within $seconds s"
    return 1
}

# The client, built against libwayland-client with xdg-shell's glue from wayland-protocols.
xdg=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
wayland-scanner client-header "$xdg" "$work/xdg-shell-client-protocol.h" &&
    wayland-scanner private-code "$xdg" "$work/xdg-shell-protocol.c" &&
    gcc -O2 -Wall -Wextra -Werror -I "$work" -o "$work/test-client" "$here/test-client.c" "$work/xdg-shell-protocol.c" \
        $(pkg-config --cflags --libs wayland-client) || { echo "wayland: FAIL, the test client does not build"; exit 1; }
cp "$hud" "$work/hud"
printf 'xwayland disable\noutput HEADLESS-1 resolution 640x480\ndefault_border none\n' > "$work/sway.cfg"

as_user() {
    setpriv --reuid="$uid" --regid="$gid" --clear-groups env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" \
        WAYLAND_DISPLAY=wayland-1 WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
        WLR_HEADLESS_OUTPUTS=1 "$@"
}
# spawn COMMAND...: as the user, in the background; its pid (setpriv execs the command) is kept to be killed.
spawn() {
    setpriv --reuid="$uid" --regid="$gid" --clear-groups env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" \
        WAYLAND_DISPLAY=wayland-1 WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
        WLR_HEADLESS_OUTPUTS=1 "$@" &
    spawned=$!
    pids+=("$spawned")
}
sock=$runtime/hud.sock
h() { as_user "$work/hud" "$@" --socket "$sock"; }
settled() { h status | grep -qx settled=true; }
shot() { as_user grim -t ppm "$work/$1.ppm"; }
start_sway() {
    spawn sway -c "$work/sway.cfg" >>"$work/sway.log" 2>&1
    sway_pid=$spawned
    until_true 30 "$1-sway-socket" test -S "$runtime/wayland-1"
}
start_client() {
    : >"$work/client.log"
    spawn "$work/test-client" >"$work/client.log" 2>&1
    # Drawn and turning: its first 60 frame callbacks came.
    until_true 30 "$1-client-frames" grep -q '^frame 60$' "$work/client.log"
}

start_sway first || finish
start_client first || { cat "$work/client.log"; finish; }
shot bare && judge client-alone client "$work/bare.ppm"

spawn "$work/hud" daemon --output wayland --socket "$sock" --no-psplash --cmdline /dev/null --state-dir "$runtime/state" \
    2>"$work/daemon.log"
daemon=$spawned
until_true 30 daemon-listening h ping && until_true 30 daemon-connected grep -q "wayland: output" "$work/daemon.log" || finish
# Nothing shown: nothing of ours mapped.
until_true 30 idle-settled settled && shot idle && judge nothing-mapped-while-hidden client "$work/idle.ppm"

h show --mode ring --progress 40 --label "Updating" >/dev/null
until_true 30 ring-settled settled && shot ring && judge ring-over-the-client hud "$work/ring.ppm"

h show --mode spinner --label "Working" >/dev/null
until_true 30 spinner-settled settled && shot spin1
# The spinner turns: a later screenshot differs inside the HUD (frames go on; each shot is a new frame).
for i in $(seq 40); do shot spin2; python3 "$here/check.py" differ "$work/spin1.ppm" "$work/spin2.ppm" >/dev/null && break; sleep 0.05; done
judge spinner-turns differ "$work/spin1.ppm" "$work/spin2.ppm"

h hide >/dev/null
until_true 30 hidden-settled settled && shot hidden && judge hidden-leaves-the-client-alone client "$work/hidden.ppm"

# The compositor goes away and comes back: the daemon waits for its socket and draws again.
h show --mode ring --progress 70 --label "After a restart" >/dev/null
kill "$sway_pid"; wait "$sway_pid" 2>/dev/null
until_true 30 daemon-saw-the-compositor-go grep -q "waiting for the compositor" "$work/daemon.log"
h ping >/dev/null && pass "daemon-answers-without-a-compositor" || fail daemon-answers-without-a-compositor "hud ping failed"
start_sway second && start_client second || finish
until_true 30 daemon-reconnected bash -c "grep -c 'wayland: connected' '$work/daemon.log' | grep -qx 2"
until_true 30 restart-settled settled && shot restarted && judge hud-back-after-restart hud "$work/restarted.ppm"

# A theme that dims the screen under the HUD: outside the bezel, the dimming over the client exactly.
h quit >/dev/null
until_true 30 first-daemon-gone bash -c "! kill -0 $daemon"
printf '{"backgroundColor": "#00000080"}\n' > "$work/dim.json"
spawn "$work/hud" daemon --output wayland --socket "$sock" --no-psplash --cmdline /dev/null --state-dir "$runtime/state" \
    --theme "$work/dim.json" 2>"$work/daemon2.log"
until_true 30 dimming-daemon-listening h ping || finish
h show --mode ring --progress 50 >/dev/null
until_true 30 dimmed-settled settled && shot dimmed && judge dimming-exact dimmed "$work/dimmed.ppm" 00000080

finish
