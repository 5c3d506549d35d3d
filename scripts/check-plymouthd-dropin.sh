#!/usr/bin/env bash
# `hud plymouthd` as Plymouth's units and initramfs scripts start plymouthd, on the host (no display:
# kioskhud.output=png:DIR through --kernel-command-line). Checks: an unknown flag exits 1 naming it; the
# starting process exits 0 and Plymouth's socket answers `plymouth --ping` the moment it has (no retry:
# Type=forking units start the next step then); the daemon runs apart with '@' in argv[0]; the pid file
# is written, holding the daemon's pid, since a passphrase can be typed here (PNG frames answer `hud type`; the unit
# tests cover the other side: no pid file, and the log says why); a second `hud plymouthd` exits 0 and leaves the first running; `plymouth
# --newroot` moves it into the new root (chroot) and maps every file it maps from there where the new root has the
# same (one library left out stays mapped from the old root, and the log says so); `plymouth quit` stops it and leaves no pid file. Plymouth's socket is an abstract name, global per network namespace: the
# script re-runs itself in a new one (`unshare -n`, root), and a mount namespace of its own (`-m`) for the new
# root's /run. Usage: scripts/check-plymouthd-dropin.sh [HUD_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${KIOSKHUD_PLYMOUTHD_NETNS:-} ]]; then
    [[ $(id -u) -eq 0 ]] || { echo "check-plymouthd-dropin: FAIL, needs root (unshare -n)"; exit 1; }
    exec unshare -n -m env KIOSKHUD_PLYMOUTHD_NETNS=1 bash "$0" "$@"
fi
hud=${1:-$(swift build --show-bin-path)/hud}
[[ -x $hud ]] || { echo "check-plymouthd-dropin: FAIL, no $hud (swift build first)"; exit 1; }
command -v plymouth >/dev/null || { echo "check-plymouthd-dropin: FAIL, no plymouth client (bash scripts/install-deps.sh)"; exit 1; }
tmp=$(mktemp -d)
daemon=
trap '[[ -n $daemon ]] && kill "$daemon" 2>/dev/null; umount "$tmp/newroot$tmp/run" "$tmp/newroot$tmp/png" 2>/dev/null; rm -rf "$tmp"' EXIT
export HUD_SOCKET=$tmp/hud.sock PSPLASH_FIFO_DIR=$tmp
name=check-plymouthd-dropin wait_seconds=20
. scripts/plymouth-check-lib.sh
expect_log() {
    grep -qF -- "$1" "$tmp/daemon.log" || fail "the daemon's log has no line with '$1'"
    ok
}
# The pid of the process listening on Plymouth's socket (only ours in this namespace).
listener_pid() { ss -xlpn | sed -n 's|.*@/org/freedesktop/plymouthd .*pid=\([0-9]*\),.*|\1|p' | head -1; }
mkdir "$tmp/run"    # as /run; the daemon makes plymouth/ in it when it writes the pid file, as plymouthd
plymouthd=("$hud" plymouthd --mode=boot --pid-file="$tmp/run/plymouth/pid" --attach-to-session
           --kernel-command-line="quiet kioskhud.output=png:$tmp/png" --state-dir="$tmp/state")

expect 1 plymouth --ping    # nobody serves the socket yet

# An unknown flag: exit 1, and the message names it; nothing starts.
expect 1 "$hud" plymouthd --mode=boot --frobnicate
grep -qF -- "unknown option '--frobnicate'" "$tmp/out" || fail "the error does not name --frobnicate: $(cat "$tmp/out")"
ok
expect 1 plymouth --ping

# Type=forking: the starting process exits 0 once the sockets listen; then, at once, Plymouth's socket answers.
code=0
timeout 20 "${plymouthd[@]}" 2>"$tmp/daemon.log" || code=$?
# Nothing started in between: a bash test on our socket (bound after Plymouth's, the display's output and
# the theme), then Plymouth's own client.
[[ -S $tmp/hud.sock ]] || fail "our socket $tmp/hud.sock is not there when the starting process has exited"
ok
plymouth --ping || fail "plymouth --ping failed right after the starting process exited"
ok
[[ $code -eq 0 ]] || fail "hud plymouthd exited $code, expected 0"
ok
expect 0 "$hud" ping --socket "$tmp/hud.sock"    # ours alongside
daemon=$(listener_pid)
[[ -n $daemon ]] && kill -0 "$daemon" || fail "no process listens on Plymouth's socket: $(ss -xlpn)"
ok
# Daemonized: not the starting process's child any more, in a session of its own, argv[0] starting with '@'.
[[ $(tr '\0' ' ' </proc/"$daemon"/cmdline) == @* ]] || fail "argv[0] does not start with '@': $(tr '\0' ' ' </proc/"$daemon"/cmdline)"
ok
[[ $(ps -o sid= -p "$daemon" | tr -d ' ') == "$daemon" ]] || fail "the daemon is not a session leader (setsid)"
ok
[[ $("$hud" status --socket "$tmp/hud.sock" | sed -n 's/^splash-mode=//p') == boot ]] || fail "splash-mode is not boot"
ok

# The pid file: written when a passphrase can be typed (docs/boot.md), as here.
grep -qF "not writing the pid file" "$tmp/daemon.log" && fail "the pid file was withheld though prompts work: $(grep -F 'not writing' "$tmp/daemon.log")"
[[ $(cat "$tmp/run/plymouth/pid" 2>/dev/null) == "$daemon" ]] || fail "the pid file $tmp/run/plymouth/pid does not hold the daemon's pid $daemon"
pidfile="written"
ok

# A second plymouthd (the real root's plymouth-start.service after switch-root) exits 0; the first carries on.
code=0
timeout 20 "${plymouthd[@]}" 2>"$tmp/second.log" || code=$?
[[ $code -eq 0 ]] || fail "a second hud plymouthd exited $code, expected 0: $(cat "$tmp/second.log")"
ok
grep -qF "served by a running daemon already" "$tmp/second.log" || fail "the second one does not say why it exits: $(cat "$tmp/second.log")"
ok
kill -0 "$daemon" 2>/dev/null || fail "the first daemon died when the second started"
ok
[[ $(listener_pid) == "$daemon" ]] || fail "Plymouth's socket changed hands"
ok
# The same in the foreground (no fork first), its log appended to --debug-file.
expect 0 "${plymouthd[@]}" --no-daemon --debug-file="$tmp/debug.log"
kill -0 "$daemon" 2>/dev/null || fail "the first daemon died when a second started with --no-daemon"
ok
grep -qF "served by a running daemon already" "$tmp/debug.log" || fail "--debug-file has no log: $(cat "$tmp/debug.log" 2>&1)"
ok
expect 0 plymouth --ping

# initramfs-tools' init-bottom: plymouth --newroot moves the daemon into the real root (chroot), as plymouthd.
# As initramfs-tools moves /run into the real root: the same run/ at the same path inside it (the pid file
# is removed from there at exit).
mkdir -p "$tmp/newroot$tmp/run"
mount --bind "$tmp/run" "$tmp/newroot$tmp/run"
mkdir -p "$tmp/newroot$tmp/png"    # where the PNG output goes on writing frames
mount --bind "$tmp/png" "$tmp/newroot$tmp/png"
# The real root holds the files the initramfs has (its hook copied them): every file the daemon maps is
# copied to the same path in the new root, but one library, which must stay mapped from the old root.
mapped=$(awk '$5 != 0 && $6 ~ /^\// && NF == 6 {print $6}' /proc/"$daemon"/maps | sort -u)
missing=
for f in $mapped; do
    [[ -f $f ]] || continue
    if [[ -z $missing && $f == */libz.so* ]]; then missing=$f; continue; fi
    mkdir -p "$tmp/newroot$(dirname "$f")" && cp -a "$f" "$tmp/newroot$f"
done
[[ -n $missing ]] || fail "the daemon maps no libz to leave out: $mapped"
expect 0 plymouth --newroot="$tmp/newroot"
[[ $(readlink /proc/"$daemon"/root) == "$tmp/newroot" ]] || fail "the daemon's root is $(readlink /proc/"$daemon"/root) after newroot"
ok
expect_log "moved into the new root $tmp/newroot"
# The mappings move right after the reply (the initramfs switches root meanwhile): wait for the log's word on it.
timeout "$wait_seconds" bash -c "until grep -qF 'newroot: ' '$tmp/daemon.log'; do sleep 0.05; done" ||
    fail "the daemon did not say what it moved into the new root"
ok
# newroot maps the new root's copies (MappedFileMover): no mapping of an old file is left but the missing
# library's, /proc/PID/exe is the new root's hud, and the log names what stayed and why.
# PR_SET_MM_EXE_FILE needs CAP_SYS_RESOURCE, which a container may lack (a boot's initramfs has it).
exe_settable=$(( (0x$(awk '/^CapEff/ {print $2}' /proc/self/status) >> 24) & 1 ))
python3 - "$daemon" "$tmp/newroot" "$missing" "$(readlink -f "$hud")" "$exe_settable" $mapped <<'PY' || fail "newroot left old files mapped (above)"
import os, sys
pid, root, missing, exe, exe_settable, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == "1", sys.argv[6:]
def key(st): return (os.major(st.st_dev), os.minor(st.st_dev), st.st_ino)
maps = set()
for line in open(f"/proc/{pid}/maps"):
    f = line.split(maxsplit=5)
    if len(f) == 6 and f[4] != "0":
        major, minor = f[3].split(":")
        maps.add((int(major, 16), int(minor, 16), int(f[4])))
bad = []
for p in paths:
    if not os.path.isfile(p): continue
    old = key(os.stat(p))
    if p == missing:
        if old not in maps: bad.append(f"{p}: left out of the new root, yet no longer mapped")
        continue
    if old in maps: bad.append(f"{p}: still mapped from the old root")
    if key(os.stat(root + p)) not in maps: bad.append(f"{p}: the new root's copy is not mapped")
if exe_settable and key(os.stat(f"/proc/{pid}/exe")) != key(os.stat(root + exe)):
    bad.append(f"/proc/{pid}/exe is {os.readlink(f'/proc/{pid}/exe')}, not the new root's {exe}")
for b in bad: print("  " + b)
sys.exit(1 if bad else 0)
PY
ok
expect_log "$missing (not in the new root"
if ((exe_settable)); then
    expect_log "newroot: "
else
    expect_log "as /proc/self/exe: prctl(PR_SET_MM_EXE_FILE): Operation not permitted"
fi
# Drawing goes on from the new root's mappings: a message afterwards reaches a new frame.
frames=$(wc -l <"$tmp/png/frames.log")
expect 0 plymouth show-splash
expect 0 plymouth display-message --text="After the move"
timeout "$wait_seconds" bash -c "until (( \$(wc -l <'$tmp/png/frames.log') > $frames )); do sleep 0.05; done" ||
    fail "no frame drawn after the move into the new root: $(tail -3 "$tmp/png/frames.log"; "$hud" status --socket "$tmp/hud.sock")"
ok
expect 0 plymouth --ping

# plymouth quit: the daemon exits 0 and leaves no pid file; the socket is gone.
expect 0 plymouth quit
timeout 10 tail --pid="$daemon" -f /dev/null || fail "the daemon is still running 10 s after quit"
daemon=
ok
[[ ! -e $tmp/run/plymouth/pid ]] || fail "the pid file is left after the daemon exited"
ok
expect_log "quit requested by"
expect 1 plymouth --ping
echo "check-plymouthd-dropin: hud plymouthd as Plymouth's units start it (pid file $pidfile): $checks checks passed"
