# Sourced by the real-boot lane's guest scripts (POSIX sh: dash in the root,
# busybox sh in the initramfs, where only busybox/klibc tools exist).
# /dev/ttyS1: screendump requests (board/qemu's handshake: `@@SCREENDUMP name@@`,
#             the host answers one line, `ok ...` or `err ...`).
# /dev/ttyS2: results, `name: text` lines, read by board/realboot/check.py.

res() { printf '%s\n' "$*" > /dev/ttyS2; }

# res_file NAME FILE: each line of FILE as `NAME: line`.
res_file() {
    [ -r "$2" ] || { res "$1: (no $2)"; return; }
    while IFS= read -r line || [ -n "$line" ]; do res "$1: $line"; done < "$2"
}

# res_cmd PREFIX COMMAND...: COMMAND's output (and exit status), each line as `PREFIX: line`.
res_cmd() {
    prefix=$1; shift
    "$@" > /run/realboot-cmd.out 2>&1
    rc=$?
    res_file "$prefix" /run/realboot-cmd.out
    res "$prefix: exit $rc"
}

uptime_s() { read -r up _ < /proc/uptime; echo "$up"; }

# A watchdog for a read from /dev/ttyS1. coreutils' timeout puts the command in
# its own process group; a unit's script is a session leader, /dev/ttyS1 becomes
# its controlling tty, and a background group reading it would stop on SIGTTIN:
# keep it in the foreground. busybox's timeout (initramfs) has no such option.
if timeout --foreground 1 true 2>/dev/null; then
    watchdog() { timeout --foreground "$@"; }
else
    watchdog() { timeout "$@"; }
fi

# shot NAME: asks the host for a screendump and waits for its answer. The host
# re-dumps until the stage's expected picture is on screen (or its own deadline
# passes), so the wait here is only a watchdog.
shot() {
    exec 3<>/dev/ttyS1
    stty -F /dev/ttyS1 raw -echo 2>/dev/null
    printf '@@SCREENDUMP %s@@\n' "$1" >&3
    reply=$(watchdog 120 head -n 1 <&3)
    exec 3>&-
    res "shot $1: ${reply:-no answer} at $(uptime_s)"
    case $reply in ok*) return 0 ;; *) return 1 ;; esac
}

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds;
# SECONDS (of uptime) is a watchdog: returns 1 then.
wait_for() {
    up=$(uptime_s)
    end=$(( ${up%.*} + $1 )); shift
    until "$@"; do
        up=$(uptime_s)
        [ "${up%.*}" -ge "$end" ] && return 1
        sleep 0.1
    done
    return 0
}

hud_up() { /usr/bin/hud ping >/dev/null 2>&1; }
