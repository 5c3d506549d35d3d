# Sourced by the real-boot lane's guest scripts (POSIX sh: dash in the root,
# busybox sh in the initramfs, where only busybox/klibc tools exist).
# $CTL: screendump requests (board/qemu's handshake: `@@SCREENDUMP name@@`,
#       the host answers one line, `ok ...` or `err ...`).
# $RES: results, `name: text` lines, read by board/realboot/check.py.
# boot.py wires them: /dev/ttyS1 and /dev/ttyS2 (x86: UARTs), or, with
# realboot.ports=virtio on the kernel command line (arm64 `virt` has one UART),
# the virtio-serial ports named realboot.ctl and realboot.res (set at the end).

res() { printf '%s\n' "$*" > "$RES"; }

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

# A watchdog for a read from $CTL. coreutils' timeout puts the command in
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
    exec 3<>"$CTL"
    stty -F "$CTL" raw -echo 2>/dev/null
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

# vport NAME: sets $port to the virtio-serial port NAME's device (/dev/vportNpM,
# found by name in sysfs: udev's /dev/virtio-ports links are not in the initramfs).
vport() {
    for f in /sys/class/virtio-ports/*/name; do
        [ -r "$f" ] && [ "$(cat "$f")" = "$1" ] || continue
        port=${f%/name}
        port=/dev/${port##*/}
        [ -c "$port" ] && return 0
    done
    return 1
}

CTL=/dev/ttyS1 RES=/dev/ttyS2
case " $(cat /proc/cmdline) " in
*" realboot.ports=virtio "*)
    # udev loads virtio_console in the initramfs (the lane's hook adds it); a
    # unit's script finds the ports at once.
    vport realboot.res || { modprobe virtio_console 2>/dev/null; wait_for 20 vport realboot.res; } \
        || echo "realboot: no virtio-serial port realboot.res after 20 s" > /dev/kmsg
    RES=${port:-/dev/null}
    port=
    vport realboot.ctl
    CTL=${port:-/dev/null}
    ;;
esac
