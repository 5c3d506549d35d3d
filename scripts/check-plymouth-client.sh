#!/usr/bin/env bash
# Debian's own `plymouth` client against `hud daemon --plymouth`, on the host (no display: --output png).
# Each command's exit status is checked, and what it did through `hud status` and the daemon's log;
# then raw hostile bytes (python3) must be NAKed or dropped with the daemon still answering, a user
# other than root must get NAK (exit 1), and `plymouth --ping` must exit 1 before the daemon starts
# and after `quit --retain-splash` has stopped it. Prompts: `plymouth ask-for-password` and systemd's
# own password agent (`systemd-tty-ask-password-agent --plymouth`, what systemd-ask-password-plymouth.service
# runs, answering a `systemd-ask-password` request) get exactly what `hud type` types into the prompt.
# Plymouth's socket is an abstract name, global per network namespace: the script re-runs itself in a
# new one (`unshare -n`, root), so it never meets a plymouthd or another test; and in a mount namespace
# of its own (`-m`), with a tmpfs on /run/systemd/ask-password, so no agent of the host sees its request. Usage: scripts/check-plymouth-client.sh [HUD_BINARY] (default: the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${KIOSKHUD_PLYMOUTH_NETNS:-} ]]; then
    [[ $(id -u) -eq 0 ]] || { echo "check-plymouth-client: FAIL, needs root (unshare -n, setpriv)"; exit 1; }
    exec unshare -n -m env KIOSKHUD_PLYMOUTH_NETNS=1 bash "$0" "$@"
fi
hud=${1:-$(swift build --show-bin-path)/hud}
[[ -x $hud ]] || { echo "check-plymouth-client: FAIL, no $hud (swift build first)"; exit 1; }
command -v plymouth >/dev/null || { echo "check-plymouth-client: FAIL, no plymouth client (bash scripts/install-deps.sh)"; exit 1; }
tmp=$(mktemp -d)
daemon=
trap '[[ -n $daemon ]] && kill "$daemon" 2>/dev/null; rm -rf "$tmp"' EXIT
name=check-plymouth-client wait_seconds=10
. scripts/plymouth-check-lib.sh
status() { "$hud" status --socket "$tmp/hud.sock" | sed -n "s/^$1=//p"; }
# expect_status KEY VALUE: `hud status` says KEY=VALUE (the daemon's state, not just the exit code).
expect_status() {
    local got; got=$(status "$1")
    [[ $got == "$2" ]] || fail "status $1='$got', expected '$2'"
    ok
}
expect_log() {
    grep -qF -- "$1" "$tmp/daemon.log" || fail "the daemon's log has no line with '$1'"
    ok
}

expect 1 plymouth --ping    # nobody serves the socket yet

"$hud" daemon --output "png:$tmp/png" --size 320x200 --socket "$tmp/hud.sock" --no-psplash --cmdline /dev/null \
    --plymouth --state-dir "$tmp/state" 2>"$tmp/daemon.log" &
daemon=$!
for _ in $(seq 100); do "$hud" ping --socket "$tmp/hud.sock" >/dev/null 2>&1 && break; sleep 0.1; done
expect_log "Plymouth socket @/org/freedesktop/plymouthd"

expect 0 plymouth --ping
expect 0 plymouth update --status=kioskhud-check.service
expect_status boot-status kioskhud-check.service
expect 0 plymouth show-splash
expect_status shown true
expect 0 plymouth display-message --text="Checking disks"
expect_status label "Checking disks"
expect 0 plymouth change-mode --updates
expect_status splash-mode updates
expect 0 plymouth system-update --progress=40
expect_status progress 40
# settled: frame.png shows this state at rest (PNGOutput), so frames.log has its line.
for i in $(seq 300); do [[ $(status settled) == true ]] && break; sleep 0.1; done
[[ $(status settled) == true ]] || fail "the daemon never settled after 40 % (30 s)"
grep -q 'progress=40 alpha=100 label="Checking disks"' "$tmp/png/frames.log" \
    || fail "no frame with the message and 40 % in frames.log: $(tail -3 "$tmp/png/frames.log")"
ok
expect 0 plymouth hide-message --text="Checking disks"
expect_status label ""
expect 0 plymouth deactivate
expect_log "releasing the display"
expect_status display released
expect 0 plymouth reactivate
expect_log "plymouth: reactivate"
expect_status display held
# ACK (exit 0) when tty1 is the foreground VT (VT_GETSTATE on /dev/tty0), else NAK (exit 1).
vt=$(python3 -c 'import fcntl, os, struct
try:
    fd = os.open("/dev/tty0", os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    print(struct.unpack("HHH", fcntl.ioctl(fd, 0x5603, bytes(6)))[0])
except OSError:
    print(0)')
expect "$([[ $vt == 1 ]] && echo 0 || echo 1)" plymouth --has-active-vt
# As plymouthd: a request from anyone but root is NAKed (the client exits 1).
expect 1 setpriv --reuid=65534 --regid=65534 --clear-groups plymouth --ping
expect_log "only root may send requests"

# Hostile bytes: NAKed in order on a connection that carries on; a flood is dropped; the daemon stays up.
python3 - "$tmp" <<'PY' || fail "hostile input (above)"
import socket, sys
def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(5)
    s.connect("\0/org/freedesktop/plymouthd")   # trimmed length, as Plymouth's client
    return s
def read(s, n):
    got = b""
    while len(got) < n:
        chunk = s.recv(n - len(got))
        if not chunk: break
        got += chunk
    return got
s = connect()
# unknown command, argument without its NUL, bad separator, then a good ping
s.sendall(b"z\0" + b"U\x02\x03hix" + b"P\x09" + b"P\0")
got = read(s, 4)
assert got == b"\x15\x15\x15\x06", f"expected NAK NAK NAK ACK, got {got!r}"
flood = connect()
flood.sendall(b"\xff" * 4096)
try:
    while flood.recv(4096): pass
except ConnectionResetError:
    pass
half = connect()
half.sendall(b"M\x02\xc8abc")   # says 200 bytes, sends 3, hangs up
half.close()
s.sendall(b"P\0")
assert read(s, 1) == b"\x06", "the first connection no longer answers"
print("hostile input: NAKed in order, flood dropped, daemon answering")
PY
ok
expect_log "unknown command 0x7a 'z'; answered NAK"
expect_log "malformed requests; dropped"
expect_log "left in the middle of a request"
expect 0 plymouth --ping

# Prompts. prompting MESSAGE: until the daemon shows that prompt.
prompting() {
    for _ in $(seq 100); do [[ $(status prompt-message) == "$1" ]] && return 0; sleep 0.1; done
    fail "no prompt '$1' shown (status: $("$hud" status --socket "$tmp/hud.sock" | tr '\n' ' '))"
}
timeout 30 plymouth ask-for-password --prompt="Disk passphrase" >"$tmp/ply.out" 2>&1 &
asker=$!
prompting "Disk passphrase"
expect_status prompt password
expect 0 "$hud" type --socket "$tmp/hud.sock" --text "s3cret pass" --key enter
wait "$asker" || fail "plymouth ask-for-password exited $?: $(cat "$tmp/ply.out")"
[[ $(cat "$tmp/ply.out") == "s3cret pass" ]] || fail "plymouth ask-for-password printed '$(cat "$tmp/ply.out")', not what was typed"
ok
# systemd's password agent, unchanged: a request in /run/systemd/ask-password, the agent asks Plymouth's socket.
mkdir -p /run/systemd/ask-password
mount -t tmpfs tmpfs /run/systemd/ask-password
timeout 60 systemd-ask-password --no-tty --timeout=50 "Passphrase for /dev/vda2" >"$tmp/ask.out" 2>&1 &
asker=$!
for _ in $(seq 100); do compgen -G "/run/systemd/ask-password/ask.*" >/dev/null && break; sleep 0.1; done
timeout 60 systemd-tty-ask-password-agent --plymouth --query >"$tmp/agent.out" 2>&1 &
agent=$!
prompting "Passphrase for /dev/vda2"
expect 0 "$hud" type --socket "$tmp/hud.sock" --text "ünïcode pass" --key enter
wait "$asker" || fail "systemd-ask-password exited $?: $(cat "$tmp/ask.out")"
[[ $(cat "$tmp/ask.out") == "ünïcode pass" ]] || fail "systemd-ask-password got '$(cat "$tmp/ask.out")', not what was typed"
ok
wait "$agent" || fail "systemd-tty-ask-password-agent exited $?: $(cat "$tmp/agent.out")"
ok
grep -qF "s3cret" "$tmp/daemon.log" && fail "the daemon's log holds a typed passphrase"
ok
expect_status prompts 0

expect 0 plymouth quit --retain-splash
code=0
timeout 10 tail --pid="$daemon" -f /dev/null || fail "the daemon is still running 10 s after quit"
wait "$daemon" || code=$?
daemon=
[[ $code -eq 0 ]] || fail "the daemon exited $code after quit"
ok
expect_log "on Plymouth's socket (retaining the picture)"
expect 1 plymouth --ping    # gone with the daemon
echo "check-plymouth-client: Debian's plymouth $(dpkg-query -W -f='${Version}' plymouth 2>/dev/null || echo '?') against hud daemon --plymouth: $checks checks passed"
