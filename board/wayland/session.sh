# The session board/wayland's scripts share (sourced, not run): a headless compositor as the user
# kioskwl, its socket, the test client, the synthetic pointer, the daemon, and the helpers the
# checks and the benchmark use. The caller sets `compositor` (sway|labwc) and `hud`, and `here`.
#   sway   Debian 12's sway 1.7, run as a user this script creates (kioskwl; sway 1.7 refuses root)
#   labwc  Raspberry Pi OS's compositor, labwc 0.8 from Debian 13, in a cached Debian 13 root
#          (labwc-root.sh) as the same user; the daemon, the client and grim run on the host and
#          reach its socket by path.
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
    gcc -O2 -Wall -Wextra -Werror -o "$work/input" "$here/input.c" $(pkg-config --cflags --libs wayland-client xkbcommon) ||
    { echo "$name: FAIL, the test client or the synthetic input does not build"; exit 1; }
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
    # The synthetic pointer and keyboard first: the seat has them when the daemon comes. The
    # pointer is parked in the band no rule judges.
    coproc INPUT { as_user "$work/input" "$width" "$height" 2>>"$work/input.log"; }
    pids+=("$INPUT_PID")
    read -r -t 30 -u "${INPUT[0]}" reply && [[ $reply == ready ]] || { fail "$1-input" "the synthetic input did not start: $(cat "$work/input.log")"; return 1; }
    inject move 2 $((height - 78)) || return 1
    : >"$work/client.log"
    spawn "$work/test-client" >"$work/client.log" 2>&1
    client_pid=$spawned
    # Drawn and turning: its first 60 frame callbacks came.
    until_true 30 "$1-client-frames" grep -q '^frame 60$' "$work/client.log"
}
# inject COMMAND...: tells the synthetic input (move X Y, click, type TEXT, enter) and waits for
# the compositor to have handled it.
inject() {
    local reply
    echo "$*" >&"${INPUT[1]}"
    read -r -t 30 -u "${INPUT[0]}" reply && [[ $reply == done ]] || { fail "input-$1" "no answer to '$*' ($reply)"; return 1; }
}
stop_input() { kill "$INPUT_PID" 2>/dev/null; wait "$INPUT_PID" 2>/dev/null; }
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

